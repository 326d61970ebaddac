// Product photos: an item drawer on a soft studio background, or a close-up of the printed design.

import type { PrintAreaRecord } from "../../catalog/product-mockups.records.js";
import { BEANIE_PATCH, CAP_PLACEMENT, CAP_PRINT_BOX, TEE_PRINT_BOX, beanie, cap, socks, tshirt } from "./apparel.js";
import { renderDesign, type Box, type Design, type ItemDrawer, type ItemView } from "./design.js";
import { blanket, coasters, doormat, pillow, poster } from "./home.js";
import { MUG_PRINT_BOX, lanyard, mug, phoneCase, pin, stickers, tote } from "./goods.js";
import { BACKGROUNDS, colorHex, inksFor, shade } from "./palette.js";
import { circle, ellipse, hashString, line, rect, svgDoc } from "./svg.js";

export type ItemKind =
  | "tshirt"
  | "mug"
  | "cap"
  | "beanie"
  | "tote"
  | "stickers"
  | "pin"
  | "phonecase"
  | "socks"
  | "lanyard"
  | "pillow"
  | "poster"
  | "doormat"
  | "blanket"
  | "coasters";

const ITEM_DRAWERS: Record<ItemKind, ItemDrawer> = {
  tshirt,
  mug,
  cap,
  beanie,
  tote,
  stickers,
  pin,
  phonecase: phoneCase,
  socks,
  lanyard,
  pillow,
  poster,
  doormat,
  blanket,
  coasters,
};

type ShotView = ItemView | "closeup";

export interface Shot {
  view: ShotView;
  /** A named product colour (see PRODUCT_COLORS). */
  color: string;
}

export interface ProductArt {
  handle: string;
  kind: ItemKind;
  design: Design;
}

/** Draw just the item (no background) in 800x800 space; reused by collection banners. */
export function drawItem(kind: ItemKind, design: Design, colorName: string, view: ItemView = "front"): string {
  const color = colorHex(colorName);
  return ITEM_DRAWERS[kind]({ color, inks: inksFor(color), design, view });
}

function studio(handle: string, item: string): string {
  const bg = BACKGROUNDS[hashString(handle) % BACKGROUNDS.length];
  return (
    rect(0, 0, 800, 800, bg) +
    circle(400, 390, 340, shade(bg, 0.4), { opacity: 0.6 }) +
    ellipse(400, 738, 280, 24, "#000000", { opacity: 0.08 }) +
    item
  );
}

function closeup(colorName: string, design: Design): string {
  const color = colorHex(colorName);
  const weave = Array.from({ length: 40 }, (_, i) => line(-800 + i * 40, 0, i * 40, 800, shade(color, -0.3), 2, { opacity: 0.08 })).join("");
  const vignette = rect(0, 0, 800, 800, "none", { stroke: "#000000", "stroke-width": 80, opacity: 0.06 });
  return rect(0, 0, 800, 800, color) + weave + vignette + renderDesign(design, { x: 120, y: 110, w: 560, h: 580 }, inksFor(color));
}

export function renderProductShot(art: ProductArt, shot: Shot, title: string): string {
  const body = shot.view === "closeup" ? closeup(shot.color, art.design) : studio(art.handle, drawItem(art.kind, art.design, shot.color, shot.view));
  return svgDoc(800, 800, title, body);
}

/** The kinds the design studio prints on: each has a blank mock-up and a print area. */
export type PrintableKind = "tshirt" | "mug" | "cap" | "beanie";

export function isPrintableKind(kind: ItemKind): kind is PrintableKind {
  return kind in PRINT_AREAS;
}

/** A print area as the catalog keeps it: fractions of the 800x800 mock-up, and inches. */
export type MockupPrintArea = PrintAreaRecord;

const SIDE = 800;
const fraction = (px: number) => Math.round((px / SIDE) * 1e6) / 1e6;

/** The print box where the drawer puts the design, and the size it prints at (its shape within 2 % of the box's). */
function printArea(box: Box, widthInches: number, heightInches: number): MockupPrintArea {
  return { x: fraction(box.x), y: fraction(box.y), width: fraction(box.w), height: fraction(box.h), widthInches, heightInches };
}

const CAP_BOX: Box = {
  x: CAP_PLACEMENT.dx + CAP_PRINT_BOX.x * CAP_PLACEMENT.scale,
  y: CAP_PLACEMENT.dy + CAP_PRINT_BOX.y * CAP_PLACEMENT.scale,
  w: CAP_PRINT_BOX.w * CAP_PLACEMENT.scale,
  h: CAP_PRINT_BOX.h * CAP_PLACEMENT.scale,
};

/**
 * Where each kind's design sits on its blank, and its real print size: a t-shirt's front print
 * 11 × 12.6 in, the visible face of an 11 oz mug 2.7 × 3.3 in, a cap's front panels 4 × 2.4 in, a
 * beanie's woven patch 4.5 × 2 in.
 */
const PRINT_AREAS: Record<PrintableKind, MockupPrintArea> = {
  tshirt: printArea(TEE_PRINT_BOX, 11, 12.6),
  mug: printArea(MUG_PRINT_BOX, 2.7, 3.3),
  cap: printArea(CAP_BOX, 4, 2.4),
  beanie: printArea(BEANIE_PATCH, 4.5, 2),
};

export function kindPrintArea(kind: PrintableKind): MockupPrintArea {
  return { ...PRINT_AREAS[kind] };
}

/** Never drawn: a blank item leaves its design out. */
const NO_DESIGN: Design = { slogan: "", emblem: "stars" };

/** A blank mock-up: the item in one colour, without any design, on the product's studio background (800x800). */
export function renderBlankMockup(handle: string, kind: PrintableKind, colorName: string, title: string): string {
  const color = colorHex(colorName);
  const item = ITEM_DRAWERS[kind]({ color, inks: inksFor(color), design: NO_DESIGN, view: "front", blank: true });
  return svgDoc(SIDE, SIDE, title, studio(handle, item));
}
