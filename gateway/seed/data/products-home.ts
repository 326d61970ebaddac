// Home goods: throw pillow, framed poster, doormat, blanket, coaster set.

import type { ProductSpec } from "./spec.js";

const home = (p: Omit<ProductSpec, "collection" | "partner" | "colorOption">): ProductSpec => ({
  collection: "home-goods",
  partner: "Rotunda Home Goods",
  colorOption: false,
  ...p,
});

export const HOME_GOODS: ProductSpec[] = [
  home({
    handle: "i-yield-my-time-throw-pillow",
    title: "I Yield My Time Throw Pillow",
    kind: "pillow",
    design: { slogan: "I Yield My Time to This Nap", emblem: "stars", sub: "The chair recognizes the couch", font: "serif" },
    pitch:
      "The gentle reader from the living room yields the remainder of their afternoon to a well-deserved rest. A plush, double-sided pillow for the most productive session of the day.",
    colors: ["Cream"],
    sizeOption: { name: "Size", values: ["16 x 16 in", "18 x 18 in"], surcharge: { "18 x 18 in": 400 } },
    priceCents: 3499,
    tags: ["Cozy", "Filibuster", "Gift"],
    rating: 4.8,
    reviewCount: 139,
    salesCount: 688,
    createdAt: "2026-03-27T19:00:00.000Z",
  }),
  home({
    handle: "how-a-bill-actually-becomes-law-poster",
    title: "How a Bill Actually Becomes Law Poster",
    kind: "poster",
    design: {
      slogan: "How a Bill Actually Becomes Law",
      emblem: "dome",
      sub: "A civics lesson",
      extras: ["Introduce bill", "Refer to committee", "Refer to subcommittee", "Hearing on hearings", "Lose it in a drawer", "Wait 40 years"],
    },
    pitch:
      "The civics-class flowchart, updated for realism. Six easy steps from bright idea to the back of a filing cabinet, framed and ready to hang above the desk of anyone who has ever tracked a bill.",
    colors: ["Cream"],
    priceCents: 3499,
    tags: ["Congress", "Procedure", "Gift"],
    rating: 4.7,
    reviewCount: 44,
    salesCount: 189,
    createdAt: "2026-09-30T12:00:00.000Z",
    shots: ["front", "closeup"],
  }),
  home({
    handle: "please-wipe-your-talking-points-doormat",
    title: "Please Wipe Your Talking Points Doormat",
    kind: "doormat",
    design: { slogan: "Please Wipe Your Talking Points", emblem: "podium" },
    pitch:
      "Set the tone before guests even ring the bell: spin stays outside, facts may come in. A coir doormat that scrapes away mud, slogans and prepared remarks in a single confident shuffle.",
    colors: ["Coir"],
    sizeOption: { name: "Size", values: ["24 x 16 in", "30 x 18 in"], surcharge: { "30 x 18 in": 600 } },
    priceCents: 3999,
    saleOffCents: 800,
    tags: ["Press", "Housewarming"],
    rating: 4.5,
    reviewCount: 102,
    salesCount: 577,
    createdAt: "2026-07-08T09:35:00.000Z",
    shots: ["front"],
  }),
  home({
    handle: "wrapped-in-red-tape-sherpa-blanket",
    title: "Wrapped in Red Tape Sherpa Blanket",
    kind: "blanket",
    design: { slogan: "Wrapped in Red Tape", emblem: "tape", sub: "Warm, fuzzy, unaccountable" },
    pitch:
      "The coziest bureaucracy you will ever be tangled up in. Thick sherpa on one side, a stern procedural message on the other, and absolutely no paperwork required to cancel your evening plans.",
    colors: ["Red"],
    sizeOption: { name: "Size", values: ["50 x 60 in", "60 x 80 in"], surcharge: { "60 x 80 in": 2000 } },
    priceCents: 5999,
    saleOffCents: 1000,
    tags: ["Red Tape", "Cozy", "Gift"],
    rating: 4.9,
    reviewCount: 91,
    salesCount: 502,
    createdAt: "2026-08-28T18:45:00.000Z",
  }),
  home({
    handle: "order-order-coaster-set",
    title: "Order! Order! Coaster Set",
    kind: "coasters",
    design: { slogan: "Order! Order!", emblem: "gavel", extras: ["Order! Order!", "Motion to Refill", "Point of Order", "Tabled"] },
    pitch:
      "Four coasters that bring parliamentary decorum to the coffee table. Each round is hereby called to order, and any drink placed elsewhere will be ruled out of order by the chair.",
    colors: ["Slate"],
    priceCents: 2499,
    tags: ["Committees", "Housewarming", "Gift"],
    rating: 0,
    reviewCount: 0,
    salesCount: 58,
    createdAt: "2026-10-28T14:15:00.000Z",
  }),
];
