// Per-item-type shop copy: nouns for alt text, a "how it's made" line and material/care facts.

import type { EmblemKind } from "../artwork/emblems.js";
import type { ItemKind } from "../artwork/mockup.js";

export interface KindCopy {
  /** Noun used in alt text: "Black t-shirt printed with ...". */
  noun: string;
  /** How the design is applied, for alt text. */
  verb: string;
  /** Whether the mock-up shows the emblem; text-only items (caps, patches, mats) print the slogan alone. */
  emblemOnItem: boolean;
  /** Second paragraph of the description. */
  made: string;
  facts: string[];
}

export const KIND_COPY: Record<ItemKind, KindCopy> = {
  tshirt: {
    noun: "t-shirt",
    verb: "printed with",
    emblemOnItem: true,
    made: "Printed to order with water-based inks, so there is no warehouse of unsold slogans waiting for a bailout.",
    facts: ["100% ring-spun cotton, 180 gsm (Heather Grey is 90/10 cotton-poly)", "Unisex classic fit with a taped neckline; size up for a roomier cut", "Machine wash cold inside out, tumble dry low", "Do not iron directly on the print"],
  },
  mug: {
    noun: "mug",
    verb: "printed with",
    emblemOnItem: true,
    made: "The design is sublimated into the glaze, so it outlasts most campaign pledges and every news cycle.",
    facts: ["Glossy white-glaze ceramic with a C-handle", "11 oz holds one briefing; 15 oz holds a full hearing", "Dishwasher and microwave safe", "Printed on both sides"],
  },
  cap: {
    noun: "cap",
    verb: "embroidered with",
    emblemOnItem: false,
    made: "Stitched with dense 3D-look embroidery that stays sharp through rallies, recounts and rainy polling days.",
    facts: ["100% cotton twill, six-panel structured crown", "Pre-curved brim with an adjustable strap-back", "One size fits most heads, including swelled ones", "Spot clean only; do not machine wash"],
  },
  beanie: {
    noun: "beanie",
    verb: "with a woven patch reading",
    emblemOnItem: false,
    made: "Knitted snug and finished with a woven patch, for long outdoor queues at the polling station.",
    facts: ["100% soft acrylic rib knit with a fold-over cuff", "Detachable pom-pom, because compromise matters", "One size fits most", "Hand wash cold, lay flat to dry"],
  },
  tote: {
    noun: "tote bag",
    verb: "printed with",
    emblemOnItem: true,
    made: "Screen-printed on heavyweight canvas that carries groceries, laptops and a 1,400-page omnibus bill with ease.",
    facts: ["100% cotton canvas, 12 oz", "15 x 16 in body with 24 in handles", "Holds up to 20 lbs of paperwork", "Machine wash cold, line dry"],
  },
  stickers: {
    noun: "sticker sheet",
    verb: "with stickers including",
    emblemOnItem: true,
    made: "Five die-cut vinyl stickers per sheet, tough enough for laptops, water bottles and filing cabinets.",
    facts: ["Glossy waterproof vinyl with UV-resistant inks", "Sheet measures 5.5 x 8.5 in; largest sticker 3 in", "Dishwasher-safe once applied (top rack, please)", "Removes cleanly within the first week of buyer's remorse"],
  },
  pin: {
    noun: "enamel pin",
    verb: "reading",
    emblemOnItem: true,
    made: "Stamped in gold-plated metal and filled with soft enamel by hand, then mounted on a card for easy gifting.",
    facts: ["1.25 in soft enamel pin with gold-tone plating", "Two rubber clutches keep it on your lapel", "Mounted on a printed backing card", "Wipe clean with a soft cloth"],
  },
  phonecase: {
    noun: "phone case",
    verb: "printed with",
    emblemOnItem: true,
    made: "A slim, tough case with the design printed edge-to-edge, ready for a long day of screening calls from pollsters.",
    facts: ["Impact-resistant polycarbonate shell with a flexible TPU lining", "Raised lip protects the screen and camera", "Wireless-charging compatible", "Wipe clean with a damp cloth"],
  },
  socks: {
    noun: "pair of socks",
    verb: "knitted with",
    emblemOnItem: true,
    made: "Knitted with the design woven right in, for the marathon sessions you attend entirely in your socks.",
    facts: ["78% combed cotton, 20% polyamide, 2% elastane", "Cushioned sole with reinforced heel and toe", "S/M fits shoe sizes 5-9, L/XL fits 9-13", "Machine wash warm, tumble dry low"],
  },
  lanyard: {
    noun: "lanyard",
    verb: "with a badge reading",
    emblemOnItem: false,
    made: "Printed on both sides of a smooth satin ribbon, with a badge holder for credentials of uncertain validity.",
    facts: ["Polyester satin ribbon, 0.75 in wide, 36 in loop", "Metal swivel clip and breakaway safety clasp", "Clear vinyl badge holder and printed card included", "Hand wash, air dry"],
  },
  pillow: {
    noun: "throw pillow",
    verb: "printed with",
    emblemOnItem: true,
    made: "Printed on both sides of a soft woven cover and stuffed plump, for yielding the floor with dignity.",
    facts: ["100% spun polyester cover with a concealed zipper", "Insert included, hypoallergenic fill", "Printed on both sides", "Remove insert, machine wash the cover cold"],
  },
  poster: {
    noun: "framed poster",
    verb: "titled",
    emblemOnItem: true,
    made: "Printed on archival matte paper and delivered framed behind shatter-resistant acrylic, ready to hang in any chamber.",
    facts: ["Museum-grade 200 gsm matte paper, 18 x 24 in", "Black wood-look frame with a white mat", "Hanging hardware included", "Keep out of direct sunlight, much like government records"],
  },
  doormat: {
    noun: "doormat",
    verb: "printed with",
    emblemOnItem: false,
    made: "Natural coir bristles with the message printed deep into the fibres, so it keeps its point after years of foot traffic.",
    facts: ["Natural coconut coir with a non-slip PVC backing", "1.5 cm thick, for covered outdoor or indoor use", "Shake out or vacuum; spot clean with water", "Rotate occasionally for even wear"],
  },
  blanket: {
    noun: "blanket",
    verb: "printed with",
    emblemOnItem: true,
    made: "A plush sherpa-lined throw printed on the fleece side, for staying warm through long sessions and longer recesses.",
    facts: ["Ultra-soft polyester fleece front with sherpa back", "Knotted fringe on two sides", "Machine wash cold on gentle, tumble dry low", "Do not bleach or iron"],
  },
  coasters: {
    noun: "coaster set",
    verb: "printed with",
    emblemOnItem: true,
    made: "Four glossy coasters with cork backing, so every round of drinks is properly on the record.",
    facts: ["Set of four round hardboard coasters, 4 in across", "Heat-resistant gloss finish with cork backing", "Wipe clean; not dishwasher safe", "Ships in a gift box"],
  },
};

export const EMBLEM_NAMES: Record<EmblemKind, string> = {
  gavel: "gavel",
  dome: "capitol dome",
  ballot: "ballot box",
  podium: "podium",
  megaphone: "megaphone",
  stamp: "'Approved in Committee' stamp",
  clock: "wall clock",
  map: "district map",
  barrel: "pork barrel",
  chart: "poll bar chart",
  scroll: "scroll tied with red tape",
  briefcase: "lobbyist's briefcase",
  mic: "microphone",
  stars: "row of stars",
  tape: "roll of red tape",
};
