// A product's printed design (slogan + emblem) and how it is laid out inside a print area.

import { emblem, type EmblemKind } from "./emblems.js";
import type { InkSet } from "./palette.js";
import { fitText, line, star, text, textBlock, textWidth, FONT_IMPACT, FONT_SANS, FONT_SERIF } from "./svg.js";

type DesignLayout = "stack" | "banner" | "text";
type DesignFont = "sans" | "impact" | "serif";

export interface Design {
  /** The slogan as written (rendered upper-case on the item). */
  slogan: string;
  emblem: EmblemKind;
  /** Small line printed under the slogan, e.g. "EST. 2026". */
  sub?: string;
  layout?: DesignLayout;
  font?: DesignFont;
  /** Extra short texts for multi-part items: sticker sheets, coaster sets, poster steps. */
  extras?: string[];
}

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

function fontFamily(f: DesignFont | undefined): string {
  return f === "impact" ? FONT_IMPACT : f === "serif" ? FONT_SERIF : FONT_SANS;
}

/** Small spaced-out caption with hairline rules either side, centred on (cx, y-baseline). */
export function subLine(s: string, cx: number, y: number, size: number, width: number, color: string): string {
  const label = s.toUpperCase();
  const tw = textWidth(label, size) + label.length * size * 0.12;
  const out = text(cx, y, label, { size, fill: color, letterSpacing: size * 0.12 });
  const gap = size * 0.6;
  const half = width / 2;
  if (half - tw / 2 - gap < size * 1.5) return out;
  const ly = y - size * 0.36;
  return out + line(cx - half, ly, cx - tw / 2 - gap, ly, color, Math.max(1, size * 0.12)) + line(cx + tw / 2 + gap, ly, cx + half, ly, color, Math.max(1, size * 0.12));
}

/** Render the design centred in the box. */
export function renderDesign(d: Design, box: Box, inks: InkSet): string {
  const layout = d.layout ?? "stack";
  const cx = box.x + box.w / 2;
  const family = fontFamily(d.font);
  const gap = box.h * 0.05;
  const emblemSize = layout === "text" ? 0 : Math.min(box.h * 0.34, box.w * 0.46);
  const subSize = d.sub ? Math.max(9, Math.min(28, box.w * 0.055)) : 0;
  const subH = d.sub ? gap + subSize * 0.74 : 0;
  const starRow = layout === "text" ? box.w * 0.06 : 0;
  const starsH = starRow ? 2 * (starRow + gap) : 0;
  const textH = box.h - emblemSize - (emblemSize ? gap : 0) - subH - starsH;
  const fit = fitText(d.slogan.toUpperCase(), box.w, textH, { maxLines: 3, maxSize: box.w * 0.2 });
  const sloganH = fit.size * (0.74 + (fit.lines.length - 1) * fit.lineHeight);
  const total = emblemSize + (emblemSize ? gap : 0) + sloganH + subH + starsH;
  let y = box.y + (box.h - total) / 2;
  const parts: string[] = [];
  const drawEmblem = (): void => {
    parts.push(emblem(d.emblem, cx, y + emblemSize / 2, emblemSize, inks.ink, inks.accent));
    y += emblemSize + gap;
  };
  const drawSlogan = (): void => {
    parts.push(textBlock(fit.lines, cx, y + sloganH / 2, { size: fit.size, fill: inks.ink, family }, fit.lineHeight));
    y += sloganH;
  };
  const drawStars = (): void => {
    const r = starRow / 2;
    parts.push([-1, 0, 1].map((k) => star(cx + k * starRow * 1.5, y + r, k === 0 ? r * 1.25 : r, inks.accent)).join(""));
    y += starRow;
  };
  if (layout === "stack") {
    drawEmblem();
    drawSlogan();
  } else if (layout === "banner") {
    drawSlogan();
    y += gap;
    drawEmblem();
    y -= gap;
  } else {
    drawStars();
    y += gap;
    drawSlogan();
    y += gap;
    drawStars();
  }
  if (d.sub) parts.push(subLine(d.sub, cx, y + gap + subSize * 0.74, subSize, box.w * 0.9, inks.accent));
  return parts.join("");
}

/** Which side of an item a mock-up shows. */
export type ItemView = "front" | "back" | "side";

/** Everything an item drawer needs; drawers paint into an 800x800 canvas. */
export interface ItemArt {
  /** Base colour of the item (hex). */
  color: string;
  inks: InkSet;
  design: Design;
  view: ItemView;
  /** Draw the item without its design (a blank mock-up for the design studio); only the printable kinds heed it. */
  blank?: boolean;
}

export type ItemDrawer = (a: ItemArt) => string;
