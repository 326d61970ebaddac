// 800x600 collection banners: title and tagline on the left, mini product mock-ups on the right.

import type { Design } from "./design.js";
import { drawItem, type ItemKind } from "./mockup.js";
import { HOUSE, isDark, shade } from "./palette.js";
import { circle, fitText, place, rect, star, svgDoc, text, textBlock } from "./svg.js";

interface BannerItem {
  kind: ItemKind;
  /** Named product colour. */
  color: string;
  design: Design;
}

export interface BannerSpec {
  title: string;
  tagline: string;
  /** Background colour (hex). */
  background: string;
  /** One to three items; the first is drawn largest. */
  items: BannerItem[];
}

/** Where the 1st, 2nd and 3rd item go: [x, y, scale] of an 800x800 drawing. */
const SLOTS: [number, number, number][] = [
  [392, 40, 0.5],
  [560, 300, 0.3],
  [372, 318, 0.3],
];

export function renderBanner(spec: BannerSpec): string {
  const dark = isDark(spec.background);
  const ink = dark ? HOUSE.paper : HOUSE.navy;
  const soft = dark ? shade(spec.background, 0.12) : shade(spec.background, -0.06);
  const accent = dark ? HOUSE.gold : HOUSE.red;
  const title = fitText(spec.title.toUpperCase(), 340, 150, { maxLines: 2, maxSize: 76, lineHeight: 1.02 });
  const titleH = title.size * (0.74 + (title.lines.length - 1) * 1.02);
  const titleTop = 138;
  const stripes = [0, 1, 2, 3, 4, 5].map((i) => rect(0, 548 + i * 9, 800, 9, i % 2 === 0 ? HOUSE.red : HOUSE.paper)).join("");
  const items = spec.items
    .slice(0, SLOTS.length)
    .map((it, i) => {
      const [x, y, s] = SLOTS[i];
      return place(drawItem(it.kind, it.design, it.color), x, y, s);
    })
    .reverse()
    .join("");
  const body = [
    rect(0, 0, 800, 600, spec.background),
    circle(600, 270, 250, soft),
    [0, 1, 2, 3, 4].map((i) => star(60 + i * 34, 92, 11, accent)).join(""),
    text(48, 70, "THE CAPITOL GIFT SHOP", { size: 16, fill: accent, anchor: "start", letterSpacing: 3 }),
    textBlock(title.lines, 48, titleTop + titleH / 2, { size: title.size, fill: ink, anchor: "start", family: "Impact, Arial Black, sans-serif" }, 1.02),
    rect(48, titleTop + titleH + 22, 90, 6, accent),
    fittedTaglineStart(spec.tagline, titleTop + titleH + 50, ink),
    items,
    stripes,
  ];
  return svgDoc(800, 600, `${spec.title} collection`, body.join(""));
}

/** Left-aligned tagline, wrapped to at most three lines. */
function fittedTaglineStart(tagline: string, top: number, fill: string): string {
  const f = fitText(tagline, 320, 110, { maxLines: 3, maxSize: 26, lineHeight: 1.3 });
  const h = f.size * (0.74 + (f.lines.length - 1) * 1.3);
  return textBlock(f.lines, 48, top + h / 2, { size: f.size, fill, anchor: "start", weight: "normal" }, 1.3);
}
