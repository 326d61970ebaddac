// The six storefront collections, in display order, with their banner artwork specs.

import type { BannerSpec } from "../artwork/banner.js";

export interface CollectionSpec {
  handle: string;
  title: string;
  description: string;
  banner: BannerSpec;
}

export const COLLECTIONS: CollectionSpec[] = [
  {
    handle: "t-shirts",
    title: "T-Shirts",
    description: "Wearable position papers. Soft cotton, bold slogans and absolutely no binding commitments.",
    banner: {
      title: "T-Shirts",
      tagline: "Wearable position papers with zero binding commitments.",
      background: "#22304f",
      items: [
        { kind: "tshirt", color: "White", design: { slogan: "I Survived the Subcommittee", emblem: "gavel" } },
        { kind: "tshirt", color: "Red", design: { slogan: "Pork Barrel Enthusiast", emblem: "barrel" } },
        { kind: "tshirt", color: "Heather Grey", design: { slogan: "No Further Questions", emblem: "podium" } },
      ],
    },
  },
  {
    handle: "mugs",
    title: "Mugs",
    description: "Vessels for the caffeine that powers every all-night session. Dishwasher safe and filibuster proof.",
    banner: {
      title: "Mugs",
      tagline: "Caffeine for all-night sessions. Filibuster proof.",
      background: "#f3e6d3",
      items: [
        { kind: "mug", color: "White", design: { slogan: "Filibuster Fuel", emblem: "clock" } },
        { kind: "mug", color: "Navy", design: { slogan: "Still Undecided", emblem: "ballot" } },
        { kind: "mug", color: "Black", design: { slogan: "Powered by Red Tape", emblem: "tape" } },
      ],
    },
  },
  {
    handle: "hats",
    title: "Hats",
    description: "Headwear for people who like to keep a lid on the proceedings, whatever the weather in the chamber.",
    banner: {
      title: "Hats",
      tagline: "Keep a lid on the proceedings.",
      background: "#6d2131",
      items: [
        { kind: "cap", color: "Khaki", design: { slogan: "Term Limits for Meetings", emblem: "gavel" } },
        { kind: "beanie", color: "Forest Green", design: { slogan: "Nap Caucus", emblem: "stars" } },
        { kind: "cap", color: "Navy", design: { slogan: "Point of Order!", emblem: "megaphone" } },
      ],
    },
  },
  {
    handle: "accessories",
    title: "Accessories",
    description: "Stickers, pins, totes and other riders you can attach to your outfit without a floor vote.",
    banner: {
      title: "Accessories",
      tagline: "Riders you can attach to any outfit without a floor vote.",
      background: "#e6edf4",
      items: [
        { kind: "tote", color: "Natural", design: { slogan: "I Bring Home the Pork", emblem: "barrel" } },
        { kind: "pin", color: "Navy", design: { slogan: "Approved in Committee", emblem: "dome" } },
        { kind: "phonecase", color: "Red", design: { slogan: "Please Hold", emblem: "clock" } },
      ],
    },
  },
  {
    handle: "new-arrivals",
    title: "New Arrivals",
    description: "Fresh out of committee: reviewed, amended and rushed to the floor before anyone could object.",
    banner: {
      title: "New Arrivals",
      tagline: "Fresh out of committee and rushed to the floor.",
      background: "#2f4b3b",
      items: [
        { kind: "tshirt", color: "Heather Grey", design: { slogan: "Within the Margin of Error", emblem: "chart" } },
        { kind: "mug", color: "White", design: { slogan: "Still Undecided", emblem: "ballot" } },
        { kind: "beanie", color: "Maroon", design: { slogan: "Nap Caucus", emblem: "stars" } },
      ],
    },
  },
  {
    handle: "home-goods",
    title: "Home Goods",
    description: "Bring the chamber home: pillows, posters and blankets for a household run on strict parliamentary procedure.",
    banner: {
      title: "Home Goods",
      tagline: "A household run on strict parliamentary procedure.",
      background: "#f5efd9",
      items: [
        { kind: "pillow", color: "Cream", design: { slogan: "I Yield My Time to This Nap", emblem: "stars" } },
        { kind: "coasters", color: "Slate", design: { slogan: "Order! Order!", emblem: "gavel", extras: ["Order!", "Tabled", "Point of Order", "Motion to Refill"] } },
        { kind: "doormat", color: "Coir", design: { slogan: "Please Wipe Your Talking Points", emblem: "podium" } },
      ],
    },
  },
];
