// T-shirts: Size x Color, 15 variants each (XXL +$2.00).

import type { ProductSpec } from "./spec.js";

const tee = (p: Omit<ProductSpec, "kind" | "collection" | "colorOption" | "priceCents"> & { priceCents?: number }): ProductSpec => ({
  kind: "tshirt",
  collection: "t-shirts",
  colorOption: true,
  priceCents: 2499,
  ...p,
});

export const TSHIRTS: ProductSpec[] = [
  tee({
    handle: "i-survived-the-subcommittee-tee",
    title: "I Survived the Subcommittee Tee",
    design: { slogan: "I Survived the Subcommittee", emblem: "gavel", sub: "Session 14 of 14" },
    pitch:
      "For everyone who sat through a two-hour hearing on the scheduling of future hearings and walked out with their sense of humor mostly intact. A commemorative tee for the bravest among us: people who read the minutes.",
    colors: ["Black", "Navy", "Heather Grey"],
    tags: ["Committees", "Bureaucracy", "Gift"],
    partner: "Capitol Stitch Works",
    rating: 4.8,
    reviewCount: 312,
    salesCount: 1875,
    createdAt: "2026-01-08T15:00:00.000Z",
  }),
  tee({
    handle: "professional-filibusterer-tee",
    title: "Professional Filibusterer Tee",
    design: { slogan: "Professional Filibusterer", emblem: "clock", sub: "Undefeated since 9 a.m.", font: "impact" },
    pitch:
      "Holds the floor, the room and the dinner party hostage. Rated for 24 continuous hours of talking, including a dramatic reading of two cookbooks and the warranty card for a toaster.",
    colors: ["Maroon", "Charcoal", "White"],
    saleOffCents: 500,
    tags: ["Filibuster", "Congress"],
    partner: "Capitol Stitch Works",
    rating: 4.6,
    reviewCount: 188,
    salesCount: 964,
    createdAt: "2026-02-03T10:30:00.000Z",
  }),
  tee({
    handle: "gerrymandering-is-an-art-form-tee",
    title: "Gerrymandering Is an Art Form Tee",
    design: { slogan: "Gerrymandering Is an Art Form", emblem: "map", sub: "District 7 (approx.)" },
    pitch:
      "Some painters use a brush. Others use a redistricting committee and a very steady hand. Celebrate the most avant-garde lines in modern cartography, now with zero pending lawsuits on the shirt itself.",
    colors: ["White", "Sand", "Heather Grey"],
    tags: ["Elections", "Maps", "Gift"],
    partner: "Inkwell Print Co.",
    rating: 4.9,
    reviewCount: 276,
    salesCount: 1520,
    createdAt: "2026-01-21T18:15:00.000Z",
  }),
  tee({
    handle: "ask-me-about-my-campaign-promises-tee",
    title: "Ask Me About My Campaign Promises Tee",
    design: { slogan: "Ask Me About My Campaign Promises", emblem: "megaphone", sub: "Terms & conditions apply" },
    pitch:
      "Bold, ambitious and subject to change without notice. A conversation starter that ends every conversation with the words \"we are still reviewing that one.\"",
    colors: ["Navy", "Royal Blue", "White"],
    tags: ["Campaign", "Elections"],
    partner: "Inkwell Print Co.",
    rating: 4.4,
    reviewCount: 143,
    salesCount: 712,
    createdAt: "2026-03-11T09:45:00.000Z",
  }),
  tee({
    handle: "tabled-indefinitely-tee",
    title: "Tabled Indefinitely Tee",
    design: { slogan: "My Plans Have Been Tabled Indefinitely", emblem: "scroll", sub: "Pending further review", font: "serif" },
    pitch:
      "Your gym routine, your novel and your plan to learn the accordion have all been referred to committee. This shirt is the official record of the motion, seconded by nobody and carried by inertia.",
    colors: ["Forest Green", "Black", "Sand"],
    tags: ["Bureaucracy", "Procedure"],
    partner: "Capitol Stitch Works",
    rating: 4.5,
    reviewCount: 97,
    salesCount: 538,
    createdAt: "2026-04-02T14:20:00.000Z",
  }),
  tee({
    handle: "pork-barrel-enthusiast-tee",
    title: "Pork Barrel Enthusiast Tee",
    design: { slogan: "Pork Barrel Enthusiast", emblem: "barrel", sub: "Earmarked for you", font: "impact", layout: "banner" },
    pitch:
      "For connoisseurs of the finest line items: the bridge to a parking lot, the museum of decorative spoons, the study on whether studies are needed. Slip this on and bring home the bacon, with receipts.",
    colors: ["Red", "Heather Grey", "Black"],
    tags: ["Budget", "Spending"],
    partner: "Inkwell Print Co.",
    rating: 4.3,
    reviewCount: 121,
    salesCount: 655,
    createdAt: "2026-05-14T11:05:00.000Z",
  }),
  tee({
    handle: "no-further-questions-tee",
    title: "No Further Questions Tee",
    design: { slogan: "No Further Questions", emblem: "podium", sub: "This briefing is over", layout: "banner" },
    pitch:
      "The press secretary's favourite sentence, now available in cotton. Wear it to family dinners, performance reviews and any conversation that starts with \"quick follow-up.\"",
    colors: ["Black", "White", "Navy"],
    tags: ["Press", "Media"],
    partner: "Capitol Stitch Works",
    rating: 4.7,
    reviewCount: 205,
    salesCount: 1106,
    createdAt: "2026-06-09T16:40:00.000Z",
  }),
  tee({
    handle: "within-the-margin-of-error-tee",
    title: "Within the Margin of Error Tee",
    design: { slogan: "Within the Margin of Error", emblem: "chart", sub: "Plus or minus 3.5 points" },
    pitch:
      "Am I right? Statistically, it's too close to call. A tee for the eternally hedged, the cautiously optimistic and anyone who has ever answered a survey at dinner time just to make it stop.",
    colors: ["Heather Grey", "Navy", "Maroon"],
    saleOffCents: 600,
    tags: ["Polls", "Elections"],
    partner: "Inkwell Print Co.",
    rating: 4.6,
    reviewCount: 38,
    salesCount: 214,
    createdAt: "2026-11-02T13:00:00.000Z",
  }),
];
