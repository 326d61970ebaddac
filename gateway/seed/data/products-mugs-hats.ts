// Mugs (Size 11 oz / 15 oz, +$3.00 for 15 oz) and hats (Color option).

import type { ProductSpec } from "./spec.js";

type MugInput = Omit<ProductSpec, "kind" | "collection" | "colorOption" | "priceCents" | "partner">;

const mug = (p: MugInput): ProductSpec => ({
  kind: "mug",
  collection: "mugs",
  colorOption: false,
  priceCents: 1699,
  partner: "Ballot Box Printing",
  ...p,
});

const hat = (p: Omit<ProductSpec, "collection" | "colorOption" | "partner">): ProductSpec => ({
  collection: "hats",
  colorOption: true,
  partner: "Capitol Stitch Works",
  ...p,
});

export const MUGS: ProductSpec[] = [
  mug({
    handle: "this-meeting-could-have-been-a-memo-mug",
    title: "This Meeting Could Have Been a Memo Mug",
    design: { slogan: "This Meeting Could Have Been a Memo", emblem: "scroll", sub: "Minutes attached" },
    pitch:
      "Raise it silently during the fourth agenda item titled \"Other Business.\" Everyone will understand. Nobody will adjourn. At least the coffee will be hot.",
    colors: ["White"],
    tags: ["Office", "Bureaucracy", "Gift"],
    rating: 4.8,
    reviewCount: 254,
    salesCount: 1188,
    createdAt: "2026-01-15T08:30:00.000Z",
  }),
  mug({
    handle: "filibuster-fuel-mug",
    title: "Filibuster Fuel Mug",
    design: { slogan: "Filibuster Fuel", emblem: "clock", sub: "Hour 1 of 24", font: "impact" },
    pitch:
      "Strong enough to keep you talking through the night, the morning and most of the following afternoon. Not responsible for any phone books read aloud while under the influence.",
    colors: ["Black"],
    tags: ["Filibuster", "Coffee"],
    rating: 4.9,
    reviewCount: 367,
    salesCount: 1642,
    createdAt: "2026-02-10T07:15:00.000Z",
  }),
  mug({
    handle: "powered-by-red-tape-mug",
    title: "Powered by Red Tape Mug",
    design: { slogan: "Powered by Red Tape", emblem: "tape", sub: "Form 27-B attached" },
    pitch:
      "Every sip requires a permit, two signatures and a waiting period, which we have generously waived. The only thing in the office that processes anything before lunch.",
    colors: ["Cream"],
    saleOffCents: 400,
    tags: ["Bureaucracy", "Red Tape"],
    rating: 4.2,
    reviewCount: 84,
    salesCount: 433,
    createdAt: "2026-03-19T12:10:00.000Z",
  }),
  mug({
    handle: "rubber-stamp-enthusiast-mug",
    title: "Rubber Stamp Enthusiast Mug",
    design: { slogan: "Rubber Stamp Enthusiast", emblem: "stamp", sub: "Vote 4-3, one nap", font: "serif" },
    pitch:
      "For the committee member who has never met a proposal they could not approve before lunch. Passed on a voice vote after a spirited debate about handle placement, and now ready for the floor, or at least your desk.",
    colors: ["White"],
    tags: ["Committees", "Office"],
    rating: 4.7,
    reviewCount: 162,
    salesCount: 871,
    createdAt: "2026-05-05T15:50:00.000Z",
  }),
  mug({
    handle: "my-opinions-are-sponsored-mug",
    title: "My Opinions Are Sponsored Mug",
    design: { slogan: "My Opinions Are Sponsored", emblem: "briefcase", sub: "Paid for by Coffee PAC" },
    pitch:
      "Full disclosure: this mug's views are brought to you by a generous grant from the Coalition for Morning Beverages. Any resemblance to independent thought is purely coincidental.",
    colors: ["Navy"],
    tags: ["Lobbying", "Coffee"],
    rating: 4.1,
    reviewCount: 59,
    salesCount: 302,
    createdAt: "2026-07-22T10:00:00.000Z",
  }),
  mug({
    handle: "still-undecided-mug",
    title: "Still Undecided Mug",
    design: { slogan: "Still Undecided", emblem: "ballot", sub: "Ask me after coffee" },
    pitch:
      "Coffee or tea? Cream or sugar? Left side of the ballot or right? Some questions deserve a thorough, months-long deliberation, and this mug will sit patiently with you the entire time.",
    colors: ["White"],
    saleOffCents: 400,
    tags: ["Elections", "Polls"],
    rating: 4.5,
    reviewCount: 12,
    salesCount: 96,
    createdAt: "2026-10-20T09:25:00.000Z",
  }),
];

export const HATS: ProductSpec[] = [
  hat({
    handle: "term-limits-for-meetings-cap",
    title: "Term Limits for Meetings Cap",
    kind: "cap",
    design: { slogan: "Term Limits for Meetings", emblem: "gavel" },
    pitch:
      "A modest legislative proposal: no meeting shall exceed thirty minutes, and any meeting about meetings shall be dissolved on sight. Wear your platform proudly, just above your eyebrows.",
    colors: ["Navy", "Khaki", "Black"],
    priceCents: 2499,
    tags: ["Office", "Procedure"],
    rating: 4.8,
    reviewCount: 231,
    salesCount: 1290,
    createdAt: "2026-02-24T17:35:00.000Z",
  }),
  hat({
    handle: "point-of-order-trucker-hat",
    title: "Point of Order! Trucker Hat",
    kind: "cap",
    design: { slogan: "Point of Order!", emblem: "megaphone" },
    pitch:
      "For interrupting with authority. Comes pre-loaded with the confidence of someone who has skimmed the procedural handbook exactly once and is ready to cite it at every family barbecue.",
    colors: ["Red", "Black", "Khaki", "Navy"],
    priceCents: 2299,
    saleOffCents: 500,
    tags: ["Procedure", "Congress"],
    rating: 4.4,
    reviewCount: 76,
    salesCount: 388,
    createdAt: "2026-04-17T13:45:00.000Z",
  }),
  hat({
    handle: "swing-state-of-mind-cap",
    title: "Swing State of Mind Cap",
    kind: "cap",
    design: { slogan: "Swing State of Mind", emblem: "map" },
    pitch:
      "Courted by everyone, committed to no one. Candidates will visit your diner, kiss your neighbour's baby and promise you a new highway exit. Enjoy the attention; it ends in November.",
    colors: ["White", "Navy", "Sky Blue"],
    priceCents: 2499,
    tags: ["Elections", "Polls"],
    rating: 4.6,
    reviewCount: 118,
    salesCount: 744,
    createdAt: "2026-06-26T11:55:00.000Z",
  }),
  hat({
    handle: "quorum-call-dad-hat",
    title: "Quorum Call Dad Hat",
    kind: "cap",
    design: { slogan: "Quorum? Never Heard of Her", emblem: "podium" },
    pitch:
      "A relaxed, unstructured dad hat for the chronically absent. Perfect for Friday afternoon sessions when the roll call sounds suspiciously like an echo in an empty room.",
    colors: ["Stone", "Olive", "Navy"],
    priceCents: 2299,
    tags: ["Committees", "Procedure"],
    rating: 4.3,
    reviewCount: 65,
    salesCount: 351,
    createdAt: "2026-08-13T14:05:00.000Z",
  }),
  hat({
    handle: "nap-caucus-beanie",
    title: "Bipartisan Nap Caucus Beanie",
    kind: "beanie",
    design: { slogan: "Nap Caucus", emblem: "stars" },
    pitch:
      "The only caucus with unanimous membership. A warm rib-knit beanie for the finest deliberative tradition of all: closing your eyes during the budget reading and calling it reflection.",
    colors: ["Charcoal", "Maroon", "Forest Green"],
    priceCents: 2199,
    tags: ["Caucus", "Winter", "Gift"],
    rating: 4.9,
    reviewCount: 21,
    salesCount: 143,
    createdAt: "2026-10-08T16:20:00.000Z",
  }),
];
