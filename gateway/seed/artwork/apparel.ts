// Apparel mock-ups: t-shirt (front/back), baseball cap, beanie and socks. All in 800x800 space.

import { renderDesign, type Box, type ItemArt, type ItemDrawer } from "./design.js";
import { emblem } from "./emblems.js";
import { inksFor, shade } from "./palette.js";
import { fittedText, group, line, path, place, rect, circle } from "./svg.js";

/** Outline + soft fold strokes shared by all fabric items. */
function fabric(d: string, color: string): string {
  return path(d, color, { stroke: shade(color, -0.28), "stroke-width": 3, "stroke-linejoin": "round" });
}

const fold = (d: string, color: string, width: number, opacity: number): string =>
  path(d, "none", { stroke: color, "stroke-width": width, "stroke-linecap": "round", opacity });

/** Where the front print sits on the t-shirt (800x800 space). */
export const TEE_PRINT_BOX: Box = { x: 262, y: 232, w: 276, h: 316 };
/** Where the print sits on the cap's front panels, before the cap's own placement (CAP_PLACEMENT). */
export const CAP_PRINT_BOX: Box = { x: 276, y: 280, w: 248, h: 150 };
/** How the cap is placed in the 800x800 space: moved by (dx, dy) after being scaled by `scale`. */
export const CAP_PLACEMENT = { dx: -40, dy: 50, scale: 1.1 } as const;
/** The beanie's woven patch, which carries its print. */
export const BEANIE_PATCH: Box = { x: 292, y: 454, w: 216, h: 96 };

const TEE_BODY = " L585 175 L690 300 L615 365 L575 320 L580 705 C470 716 330 716 220 705 L225 320 L185 365 L110 300 L215 175 Z";

export const tshirt: ItemDrawer = ({ color, inks, design, view, blank }: ItemArt) => {
  const dark = shade(color, -0.3);
  const neck = view === "back" ? "M330 140 C360 154 440 154 470 140" : "M330 140 C350 188 450 188 470 140";
  const parts = [
    fabric(`${neck}${TEE_BODY}`, color),
    fold("M225 325 L215 180", dark, 4, 0.35),
    fold("M575 325 L585 180", dark, 4, 0.35),
    fold("M250 640 Q300 600 290 520", dark, 10, 0.1),
    fold("M560 600 Q520 560 540 470", dark, 10, 0.1),
  ];
  if (view === "back") {
    parts.push(fold("M335 146 C365 160 435 160 465 146", dark, 9, 0.5));
    const back = { ...design, slogan: design.sub ?? "Est. 2026", sub: undefined, layout: "stack" as const };
    if (!blank) parts.push(renderDesign(back, { x: 330, y: 190, w: 140, h: 140 }, inks));
  } else {
    parts.push(path("M330 140 C350 188 450 188 470 140 C440 154 360 154 330 140 Z", dark));
    parts.push(fold("M333 146 C355 196 445 196 467 146", shade(color, -0.12), 11, 1));
    if (!blank) parts.push(renderDesign(design, TEE_PRINT_BOX, inks));
  }
  return parts.join("");
};

export const cap: ItemDrawer = ({ color, inks, design, blank }: ItemArt) => {
  const dark = shade(color, -0.25);
  const brim = shade(color, -0.12);
  const stitch = { stroke: shade(color, -0.35), "stroke-width": 2.5, "stroke-dasharray": "7 6", fill: "none" };
  const parts = [
    fabric("M190 486 C182 150 618 150 610 486 Q400 440 190 486 Z", color),
    fold("M400 236 C318 250 266 360 262 466", dark, 3, 0.55),
    fold("M400 236 C482 250 534 360 538 466", dark, 3, 0.55),
    fold("M228 430 C226 330 290 272 345 258", "#ffffff", 18, 0.12),
    circle(268, 318, 5, dark),
    circle(532, 318, 5, dark),
    circle(400, 234, 14, shade(color, -0.1), { stroke: dark, "stroke-width": 2 }),
    path("M202 474 Q400 432 598 474", "none", stitch),
    fabric("M172 492 Q400 418 628 492 Q400 600 172 492 Z", brim),
    path("M204 494 Q400 436 596 494", "none", stitch),
    path("M232 506 Q400 460 568 506", "none", stitch),
  ];
  if (!blank) parts.push(renderDesign({ ...design, layout: "text", sub: undefined }, CAP_PRINT_BOX, inks));
  return group(parts.join(""), { transform: `translate(${CAP_PLACEMENT.dx} ${CAP_PLACEMENT.dy}) scale(${CAP_PLACEMENT.scale})` });
};

export const beanie: ItemDrawer = ({ color, design, blank }: ItemArt) => {
  const dark = shade(color, -0.25);
  const ribs = Array.from({ length: 20 }, (_, i) => line(232 + i * 18, 444, 232 + i * 18, 556, dark, 3, { opacity: 0.45 })).join("");
  const domeRibs = [-3, -2, -1, 0, 1, 2, 3].map((k) => fold(`M${400 + k * 46} 440 Q${400 + k * 40} 300 ${400 + k * 8} 236`, dark, 3, 0.3)).join("");
  const pom = Array.from({ length: 14 }, (_, i) => circle(400 + 30 * Math.cos(i * 2.4), 200 + 28 * Math.sin(i * 2.4), 6, dark, { opacity: 0.35 })).join("");
  const patchInks = inksFor("#f3ead6");
  return [
    circle(400, 205, 52, shade(color, 0.08), { stroke: dark, "stroke-width": 3 }),
    pom,
    fabric("M235 452 C222 212 578 212 565 452 Z", color),
    domeRibs,
    fabric("M215 458 Q215 430 241 430 L559 430 Q585 430 585 458 L585 548 Q585 574 559 574 L241 574 Q215 574 215 548 Z", shade(color, -0.06)),
    ribs,
    rect(BEANIE_PATCH.x, BEANIE_PATCH.y, BEANIE_PATCH.w, BEANIE_PATCH.h, "#f3ead6", { rx: 10, stroke: shade("#f3ead6", -0.3), "stroke-width": 2 }),
    rect(300, 462, 200, 80, "none", { rx: 6, stroke: patchInks.accent, "stroke-width": 2, "stroke-dasharray": "6 5" }),
    blank ? "" : fittedText(design.slogan.toUpperCase(), 400, 502, 176, 58, { fill: patchInks.ink }, { maxLines: 2 }),
  ].join("");
};

function sock(color: string, accent: string, ink: string, slogan: string, emblemKind: ItemArt["design"]["emblem"]): string {
  const cuff = Array.from({ length: 6 }, (_, i) => line(10 + i * 18, 6, 10 + i * 18, 46, shade(color, -0.35), 3, { opacity: 0.5 })).join("");
  return [
    fabric("M0 0 L110 0 L110 330 L210 400 Q250 430 228 474 Q204 516 150 490 L22 412 Q-6 392 0 350 Z", color),
    path("M0 352 Q-4 392 22 412 L62 436 Q78 392 42 354 Z", accent),
    path("M178 418 L210 400 Q250 430 228 474 Q204 516 150 490 L146 488 Q196 460 178 418 Z", accent),
    rect(0, 0, 110, 50, shade(color, -0.15)),
    cuff,
    group(fittedText(slogan.toUpperCase(), 0, 0, 220, 84, { fill: ink }, { maxLines: 2 }), { transform: "translate(55 176) rotate(-90)" }),
    emblem(emblemKind, 55, 318, 48, ink, accent),
  ].join("");
}

export const socks: ItemDrawer = ({ color, inks, design }: ItemArt) =>
  place(sock(color, inks.accent, inks.ink, design.slogan, design.emblem), 150, 150) +
  place(sock(shade(color, 0.06), inks.accent, inks.ink, design.slogan, design.emblem), 420, 150);
