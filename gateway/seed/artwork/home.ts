// Home-goods mock-ups: throw pillow, framed poster, doormat, blanket and coaster set.

import { renderDesign, type ItemArt, type ItemDrawer } from "./design.js";
import { emblem } from "./emblems.js";
import { HOUSE, inksFor, shade } from "./palette.js";
import { circle, fittedText, fitText, group, line, path, rect, text } from "./svg.js";

const outline = (color: string, width = 3) => ({ stroke: shade(color, -0.3), "stroke-width": width, "stroke-linejoin": "round" as const });

export const pillow: ItemDrawer = ({ color, inks, design }: ItemArt) => {
  const tuck = (d: string) => path(d, "none", { stroke: shade(color, -0.3), "stroke-width": 3, opacity: 0.5, "stroke-linecap": "round" });
  return [
    path("M175 195 Q400 165 625 195 Q655 400 625 605 Q400 635 175 605 Q145 400 175 195 Z", color, outline(color, 7)),
    path("M215 240 Q400 215 585 240 Q610 400 585 560 Q400 585 215 560 Q190 400 215 240 Z", shade(color, 0.05), { opacity: 0.5 }),
    tuck("M178 200 Q205 228 232 236") + tuck("M622 200 Q595 228 568 236") + tuck("M178 600 Q205 572 232 566") + tuck("M622 600 Q595 572 568 566"),
    renderDesign(design, { x: 240, y: 250, w: 320, h: 300 }, inks),
  ].join("");
};

/** Framed poster; with design.extras it prints a "how a bill becomes law" style flowchart. */
export const poster: ItemDrawer = ({ color, inks, design }: ItemArt) => {
  const parts = [
    path("M400 46 L228 104 M400 46 L572 104", "none", { stroke: "#5a5d63", "stroke-width": 2 }),
    circle(400, 44, 6, "#5a5d63"),
    rect(200, 100, 400, 570, "#2b2b2e", { rx: 4 }),
    rect(220, 120, 360, 530, HOUSE.white),
    rect(242, 142, 316, 486, color, { stroke: shade(color, -0.15), "stroke-width": 1 }),
  ];
  const steps = design.extras ?? [];
  if (steps.length === 0) {
    parts.push(renderDesign(design, { x: 262, y: 170, w: 276, h: 430 }, inks));
    return parts.join("");
  }
  parts.push(fittedText(design.slogan.toUpperCase(), 400, 200, 272, 82, { fill: inks.ink }, { maxLines: 3 }));
  parts.push(line(290, 254, 510, 254, inks.accent, 3));
  const top = 272;
  const stepH = (606 - top) / steps.length;
  const boxH = stepH * 0.62;
  // One size for every step so the chart reads evenly.
  const size = Math.min(...steps.map((s) => fitText(s.toUpperCase(), 196, boxH * 0.56, { maxLines: 1, maxSize: 20 }).size));
  steps.forEach((s, i) => {
    const cy = top + stepH * i + stepH * 0.36;
    const last = i === steps.length - 1;
    parts.push(rect(290, cy - boxH / 2, 220, boxH, last ? inks.accent : "none", { rx: 8, stroke: last ? "none" : inks.ink, "stroke-width": 2.5 }));
    parts.push(text(400, cy + size * 0.36, s.toUpperCase(), { size, fill: last ? HOUSE.white : inks.ink }));
    if (!last) {
      const y1 = cy + boxH / 2 + 2;
      const y2 = top + stepH * (i + 1) + stepH * 0.36 - boxH / 2 - 3;
      parts.push(line(400, y1, 400, y2 - 5, inks.accent, 3) + path(`M393 ${y2 - 8} L407 ${y2 - 8} L400 ${y2} Z`, inks.accent));
    }
  });
  return parts.join("");
};

export const doormat: ItemDrawer = ({ color, design }: ItemArt) => {
  const ink = { ink: "#3b2616", accent: "#8a2a1c" };
  const bristles: string[] = [];
  for (let r = 0; r < 12; r++) {
    for (let c = 0; c < 20; c++) {
      const x = 128 + c * 28 + (r % 2) * 14;
      const y = 262 + r * 26;
      const tilt = ((r * 7 + c * 3) % 5) - 2;
      bristles.push(line(x, y, x + tilt * 2, y + 10, shade(color, -0.22), 2, { opacity: 0.55 }));
    }
  }
  return [
    rect(110, 240, 580, 340, color, { rx: 26, ...outline(color, 4) }),
    bristles.join(""),
    rect(138, 268, 524, 284, "none", { rx: 14, stroke: ink.ink, "stroke-width": 8 }),
    renderDesign({ ...design, layout: "text", sub: undefined }, { x: 170, y: 292, w: 460, h: 236 }, ink),
  ].join("");
};

export const blanket: ItemDrawer = ({ color, inks, design }: ItemArt) => {
  const fringe = Array.from({ length: 40 }, (_, i) => line(162 + i * 12, 640, 160 + i * 12 + ((i % 3) - 1) * 3, 676, shade(color, -0.15), 4)).join("");
  return [
    fringe,
    rect(150, 236, 500, 406, color, { rx: 16, ...outline(color) }),
    rect(168, 254, 464, 370, "none", { rx: 10, stroke: shade(color, -0.18), "stroke-width": 3, "stroke-dasharray": "10 7" }),
    path("M150 252 Q150 236 166 236 L634 236 Q650 236 650 252 L650 300 Q400 338 150 300 Z", shade(color, -0.1), outline(color)),
    path("M170 286 Q400 320 630 286", "none", { stroke: shade(color, 0.15), "stroke-width": 4, opacity: 0.5 }),
    renderDesign(design, { x: 220, y: 336, w: 360, h: 276 }, inks),
  ].join("");
};

const COASTERS: [number, number, number][] = [
  [272, 272, -6],
  [528, 272, 4],
  [272, 528, 3],
  [528, 528, -4],
];

export const coasters: ItemDrawer = ({ color, design }: ItemArt) => {
  const texts = design.extras ?? [design.slogan];
  return COASTERS.map(([cx, cy, tilt], i) => {
    const face = i % 2 === 0 ? color : shade(color, 0.12);
    const inks = inksFor(face);
    const speckles = Array.from({ length: 18 }, (_, k) => circle(108 * Math.cos(k * 0.35 * Math.PI), 108 * Math.sin(k * 0.35 * Math.PI), 2.5, shade("#c49a6c", -0.3))).join("");
    const content =
      circle(4, 7, 118, "#000000", { opacity: 0.12 }) +
      circle(0, 0, 116, "#c49a6c", outline("#c49a6c", 2)) +
      speckles +
      circle(0, 0, 100, face) +
      circle(0, 0, 90, "none", { stroke: inks.accent, "stroke-width": 3 }) +
      emblem(design.emblem, 0, -36, 58, inks.ink, inks.accent) +
      fittedText(texts[i % texts.length].toUpperCase(), 0, 30, 136, 52, { fill: inks.ink }, { maxLines: 2 });
    return group(content, { transform: `translate(${cx} ${cy}) rotate(${tilt})` });
  }).join("");
};
