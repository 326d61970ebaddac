// Product photos: an item drawer on a soft studio background, or a close-up of the printed design.

import { beanie, cap, socks, tshirt } from "./apparel.js";
import { renderDesign, type Design, type ItemDrawer, type ItemView } from "./design.js";
import { blanket, coasters, doormat, pillow, poster } from "./home.js";
import { lanyard, mug, phoneCase, pin, stickers, tote } from "./goods.js";
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
