// Drinkware and accessory mock-ups: mug, tote bag, sticker sheet, enamel pin, phone case, lanyard.

import { renderDesign, subLine, type Box, type ItemArt, type ItemDrawer } from "./design.js";
import { emblem } from "./emblems.js";
import { HOUSE, inksFor, shade } from "./palette.js";
import { circle, ellipse, fittedText, group, path, rect, star, text } from "./svg.js";

const outline = (color: string) => ({ stroke: shade(color, -0.3), "stroke-width": 3, "stroke-linejoin": "round" as const });

/** The design variant printed on secondary faces: the emblem with the small caption as its slogan. */
function secondary(design: ItemArt["design"]): ItemArt["design"] {
  return { ...design, slogan: design.sub ?? "Est. 2026", sub: undefined, layout: "stack" };
}

/** Where the front print sits on the mug's visible face (800x800 space). */
export const MUG_PRINT_BOX: Box = { x: 240, y: 268, w: 250, h: 305 };

export const mug: ItemDrawer = ({ color, inks, design, view, blank }: ItemArt) => {
  const handle = path("M512 300 C630 296 636 502 512 514 L512 470 C584 464 584 342 512 342 Z", color, outline(color));
  const parts = [
    view === "side" ? group(handle, { transform: "translate(730 0) scale(-1 1)" }) : handle,
    path("M215 222 L515 222 L515 588 Q515 612 490 612 L240 612 Q215 612 215 588 Z", color, outline(color)),
    ellipse(365, 222, 150, 20, shade(color, -0.06), outline(color)),
    ellipse(365, 225, 134, 13, "#4a2c1d"),
    rect(view === "side" ? 478 : 236, 252, 16, 330, "#ffffff", { rx: 8, opacity: 0.25 }),
  ];
  if (blank) return parts.join("");
  if (view === "side") parts.push(renderDesign(secondary(design), { x: 255, y: 300, w: 220, h: 240 }, inks));
  else parts.push(renderDesign(design, MUG_PRINT_BOX, inks));
  return parts.join("");
};

export const tote: ItemDrawer = ({ color, inks, design }: ItemArt) => {
  const strap = (d: string, c: string) =>
    path(d, "none", { stroke: shade(c, -0.3), "stroke-width": 26, "stroke-linecap": "round" }) + path(d, "none", { stroke: c, "stroke-width": 20, "stroke-linecap": "round" });
  return [
    strap("M310 300 C310 160 490 160 490 300", shade(color, -0.18)),
    strap("M290 304 C290 128 510 128 510 304", color),
    path("M215 290 L585 290 L602 712 L198 712 Z", color, outline(color)),
    path("M215 290 L585 290 L587 330 L213 330 Z", shade(color, -0.07)),
    rect(278, 292, 24, 34, shade(color, -0.12), { rx: 3 }),
    rect(498, 292, 24, 34, shade(color, -0.12), { rx: 3 }),
    path("M240 690 Q400 700 560 690", "none", { stroke: shade(color, -0.2), "stroke-width": 6, opacity: 0.3 }),
    renderDesign(design, { x: 255, y: 360, w: 290, h: 320 }, inks),
  ].join("");
};

interface StickerSpot {
  shape: "circle" | "rect" | "bumper";
  x: number;
  y: number;
  w: number;
  h: number;
  fill: string;
  tilt: number;
}

const STICKER_SPOTS: StickerSpot[] = [
  { shape: "circle", x: 290, y: 250, w: 190, h: 190, fill: HOUSE.red, tilt: 0 },
  { shape: "rect", x: 505, y: 245, w: 180, h: 160, fill: HOUSE.navy, tilt: 5 },
  { shape: "bumper", x: 400, y: 420, w: 410, h: 92, fill: HOUSE.cream, tilt: -2 },
  { shape: "circle", x: 295, y: 585, w: 170, h: 170, fill: HOUSE.gold, tilt: 0 },
  { shape: "rect", x: 505, y: 585, w: 180, h: 140, fill: "#2f4b3b", tilt: -6 },
];

export const stickers: ItemDrawer = ({ color, design }: ItemArt) => {
  const texts = [design.extras?.[0] ?? design.slogan, design.extras?.[1] ?? "", design.slogan, design.extras?.[2] ?? "", design.extras?.[3] ?? ""];
  const items = STICKER_SPOTS.map((s, i) => {
    const ink = inksFor(s.fill);
    const border = { stroke: "#ffffff", "stroke-width": 10 };
    const shapeEl =
      s.shape === "circle"
        ? circle(0, 0, s.w / 2, s.fill, border)
        : rect(-s.w / 2, -s.h / 2, s.w, s.h, s.fill, { rx: s.shape === "bumper" ? 12 : 22, ...border });
    const shadow = s.shape === "circle" ? circle(4, 6, s.w / 2 + 5, "#000000", { opacity: 0.12 }) : rect(-s.w / 2 - 1, -s.h / 2 + 2, s.w + 10, s.h + 10, "#000000", { rx: 22, opacity: 0.12 });
    const label = texts[i].toUpperCase();
    let content: string;
    if (i === 0) {
      content = emblem(design.emblem, 0, -30, 70, ink.ink, ink.accent) + fittedText(label, 0, 40, 130, 44, { fill: ink.ink }, { maxLines: 2 });
    } else if (s.shape === "bumper") {
      content = rect(-s.w / 2 + 10, -s.h / 2 + 10, s.w - 20, s.h - 20, "none", { rx: 6, stroke: HOUSE.red, "stroke-width": 3 }) + fittedText(label, 0, 0, s.w - 60, s.h - 34, { fill: HOUSE.navy, family: "Impact, Arial Black, sans-serif" }, { maxLines: 1 });
    } else {
      content = fittedText(label, 0, 0, s.w * 0.74, s.h * 0.6, { fill: ink.ink }, { maxLines: 3 });
    }
    return group(shadow + shapeEl + content, { transform: `translate(${s.x} ${s.y}) rotate(${s.tilt})` });
  });
  return rect(160, 110, 480, 590, color, { rx: 22, ...outline(color) }) + rect(178, 128, 444, 554, "none", { rx: 14, stroke: "#c9ccd2", "stroke-width": 2, "stroke-dasharray": "4 8" }) + items.join("");
};

export const pin: ItemDrawer = ({ color, design }: ItemArt) => {
  const inks = inksFor(color);
  return [
    rect(225, 110, 350, 590, HOUSE.paper, { rx: 22, ...outline(HOUSE.paper) }),
    rect(365, 136, 70, 16, "#d9d4c7", { rx: 8 }),
    text(400, 200, "OFFICIAL ISSUE", { size: 20, fill: HOUSE.navy, letterSpacing: 4 }),
    circle(400, 420, 152, "#c8962e"),
    circle(400, 420, 146, "#e8bf55"),
    circle(400, 420, 130, color, { stroke: "#b5862a", "stroke-width": 4 }),
    emblem(design.emblem, 400, 368, 116, inks.ink, HOUSE.gold),
    fittedText(design.slogan.toUpperCase(), 400, 468, 196, 62, { fill: inks.ink }, { maxLines: 2 }),
    path("M300 330 A130 130 0 0 1 420 292", "none", { stroke: "#ffffff", "stroke-width": 10, "stroke-linecap": "round", opacity: 0.35 }),
    subLine(design.sub ?? "Soft enamel", 400, 640, 17, 250, HOUSE.red),
  ].join("");
};

export const phoneCase: ItemDrawer = ({ color, inks, design }: ItemArt) => {
  const lens = (cx: number, cy: number) => circle(cx, cy, 21, "#2a2a2e", { stroke: "#6b6f78", "stroke-width": 4 }) + circle(cx, cy, 8, "#4a5a7a");
  return [
    rect(532, 230, 7, 70, shade(color, -0.3), { rx: 3 }),
    rect(261, 210, 7, 46, shade(color, -0.3), { rx: 3 }),
    rect(268, 100, 264, 600, color, { rx: 46, ...outline(color) }),
    rect(280, 112, 240, 576, "none", { rx: 38, stroke: shade(color, -0.12), "stroke-width": 3 }),
    rect(292, 124, 112, 112, shade(color, -0.28), { rx: 28 }),
    lens(324, 156) + lens(372, 156) + lens(324, 204),
    circle(372, 204, 8, "#f6e7a8"),
    renderDesign(design, { x: 292, y: 268, w: 216, h: 400 }, inks),
  ].join("");
};

export const lanyard: ItemDrawer = ({ color, design }: ItemArt) => {
  const inks = inksFor(color);
  const phrase = (design.sub ?? "Red Tape").toUpperCase();
  const ribbonText = `${phrase}  •  ${phrase}`;
  const ribbon = (tx: number, ty: number, angle: number) =>
    group(rect(0, -26, 410, 52, color, outline(color)) + fittedText(ribbonText, 205, 0, 270, 26, { fill: inks.ink }, { maxLines: 1 }), {
      transform: `translate(${tx} ${ty}) rotate(${angle})`,
    });
  const bars = Array.from({ length: 22 }, (_, i) => rect(300 + i * 9, 650, (i * 7) % 3 === 0 ? 5 : 3, 26, HOUSE.ink)).join("");
  return [
    ribbon(306, 20, 77),
    ribbon(400, 420, -77),
    rect(382, 404, 36, 34, "#b8bcc4", { rx: 6, stroke: "#7d838c", "stroke-width": 2 }),
    circle(400, 450, 14, "none", { stroke: "#7d838c", "stroke-width": 6 }),
    rect(235, 462, 330, 252, "#ffffff", { rx: 18, opacity: 0.4, stroke: "#9aa3ad", "stroke-width": 3 }),
    rect(370, 474, 60, 10, "#9aa3ad", { rx: 5 }),
    rect(255, 494, 290, 200, HOUSE.white, { rx: 10, stroke: "#d5d8dd", "stroke-width": 2 }),
    rect(255, 494, 290, 54, color, { rx: 10 }),
    rect(255, 530, 290, 18, color),
    text(400, 532, "VISITOR", { size: 30, fill: inks.ink, letterSpacing: 6 }),
    star(278, 521, 11, HOUSE.gold) + star(522, 521, 11, HOUSE.gold),
    fittedText(design.slogan.toUpperCase(), 400, 596, 250, 72, { fill: HOUSE.navy }, { maxLines: 3 }),
    bars,
  ].join("");
};
