// Civic emblems built from basic shapes, each drawn in a 100x100 box and placed by `emblem()`.

import { circle, el, ellipse, group, line, path, place, rect, star, text, FONT_SANS, FONT_SERIF } from "./svg.js";

export type EmblemKind =
  | "gavel"
  | "dome"
  | "ballot"
  | "podium"
  | "megaphone"
  | "stamp"
  | "clock"
  | "map"
  | "barrel"
  | "chart"
  | "scroll"
  | "briefcase"
  | "mic"
  | "stars"
  | "tape";

type Drawer = (ink: string, accent: string) => string;

const stroke = (color: string, width: number) => ({ stroke: color, "stroke-width": width, "stroke-linecap": "round", "stroke-linejoin": "round" });

const DRAWERS: Record<EmblemKind, Drawer> = {
  gavel: (ink, accent) =>
    group(rect(16, 20, 56, 24, ink, { rx: 5 }) + rect(23, 17, 8, 30, accent, { rx: 2 }) + rect(57, 17, 8, 30, accent, { rx: 2 }) + rect(40, 44, 8, 48, ink, { rx: 3 }), {
      transform: "rotate(-38 50 50)",
    }) +
    rect(50, 84, 42, 10, accent, { rx: 3 }) +
    rect(56, 78, 30, 8, ink, { rx: 2 }),
  dome: (ink, accent) =>
    rect(8, 86, 84, 8, ink, { rx: 1 }) +
    rect(14, 80, 72, 6, ink) +
    [22, 33, 44, 56, 67, 78].map((x) => rect(x - 2.5, 58, 5, 22, ink)).join("") +
    path("M16 58 L50 48 L84 58 Z", ink) +
    rect(32, 38, 36, 10, ink) +
    path("M30 39 A20 22 0 0 1 70 39 Z", ink) +
    path("M36 36 A14 16 0 0 1 44 22", "none", stroke(accent, 2.5)) +
    rect(47, 10, 6, 8, ink) +
    circle(50, 8, 3.5, accent),
  ballot: (ink, accent) =>
    group(rect(33, 6, 34, 44, "#ffffff", { rx: 2, ...stroke(ink, 2.5) }) + path("M40 28 L47 36 L60 18", "none", stroke(accent, 5)), {
      transform: "rotate(8 50 28)",
    }) +
    rect(14, 42, 72, 50, ink, { rx: 4 }) +
    rect(30, 40, 40, 6, accent, { rx: 3 }) +
    star(50, 70, 13, accent),
  podium: (ink, accent) =>
    line(40, 34, 33, 10, ink, 3) +
    line(60, 34, 67, 10, ink, 3) +
    circle(33, 10, 5, accent) +
    circle(67, 10, 5, accent) +
    rect(18, 32, 64, 10, ink, { rx: 3 }) +
    path("M24 42 L76 42 L70 96 L30 96 Z", ink) +
    circle(50, 64, 12, accent) +
    star(50, 64, 8, ink),
  megaphone: (ink, accent) =>
    path("M18 40 L64 18 L64 82 L18 60 Z", ink, { "stroke-linejoin": "round" }) +
    rect(8, 38, 14, 24, accent, { rx: 3 }) +
    path("M30 60 L36 84 L46 82 L42 64", ink) +
    path("M74 36 Q84 50 74 64 M82 26 Q98 50 82 74", "none", stroke(accent, 4)),
  stamp: (ink, accent) =>
    group(
      rect(2, 22, 96, 56, "none", { rx: 7, ...stroke(accent, 5) }) +
        rect(8, 28, 84, 44, "none", { rx: 4, ...stroke(accent, 2) }) +
        text(50, 54, "APPROVED", { size: 13, fill: accent, family: FONT_SANS }) +
        text(50, 65, "IN COMMITTEE", { size: 8, fill: ink, family: FONT_SANS, letterSpacing: 0.6 }),
      { transform: "rotate(-12 50 50)" },
    ),
  clock: (ink, accent) =>
    circle(50, 52, 42, "none", stroke(ink, 6)) +
    Array.from({ length: 12 }, (_, i) => line(50, 16, 50, i % 3 === 0 ? 24 : 21, ink, i % 3 === 0 ? 4 : 2.5, { transform: `rotate(${i * 30} 50 52)` })).join("") +
    line(50, 52, 50, 28, ink, 5) +
    line(50, 52, 68, 60, accent, 4) +
    circle(50, 52, 4, accent) +
    rect(42, 2, 16, 6, ink, { rx: 2 }),
  map: (ink, accent) =>
    path("M10 30 L30 12 L58 16 L70 8 L92 24 L86 50 L94 74 L64 92 L40 84 L18 90 L8 62 Z", "none", stroke(ink, 4)) +
    path("M30 12 Q40 40 22 50 T40 84 M58 16 Q50 36 66 44 Q80 52 62 62 Q48 70 64 92 M8 62 Q40 58 52 48 Q70 30 86 50", "none", stroke(accent, 3.5)) +
    circle(46, 34, 4, ink) +
    circle(74, 72, 4, ink),
  barrel: (ink, accent) =>
    path("M22 10 Q12 50 22 90 L78 90 Q88 50 78 10 Z", ink) +
    path("M17 30 L83 30 M15 70 L85 70", "none", stroke(accent, 5)) +
    ellipse(50, 10, 28, 5, accent) +
    text(50, 58, "$", { size: 26, fill: accent, family: FONT_SERIF }),
  chart: (ink, accent) =>
    path("M10 8 L10 90 L94 90", "none", stroke(ink, 5)) +
    rect(20, 50, 16, 40, ink) +
    rect(44, 30, 16, 60, accent) +
    rect(68, 40, 16, 50, ink) +
    path("M52 16 L52 44 M46 16 L58 16 M46 44 L58 44", "none", stroke(ink, 3)),
  scroll: (ink, accent) =>
    rect(20, 14, 60, 74, "none", stroke(ink, 3)) +
    ellipse(50, 14, 34, 7, ink) +
    ellipse(50, 88, 34, 7, ink) +
    [32, 42, 52, 62, 72].map((y) => line(30, y, y === 72 ? 56 : 70, y, ink, 3)).join("") +
    path("M6 60 L94 36 L94 46 L6 70 Z", accent),
  briefcase: (ink, accent) =>
    path("M38 26 L38 16 Q38 12 42 12 L58 12 Q62 12 62 16 L62 26", "none", stroke(ink, 5)) +
    rect(10, 26, 80, 60, ink, { rx: 7 }) +
    rect(10, 48, 80, 5, accent) +
    rect(43, 44, 14, 14, accent, { rx: 2 }) +
    text(50, 80, "$$$", { size: 14, fill: accent, family: FONT_SANS }),
  mic: (ink, accent) =>
    rect(36, 6, 28, 48, ink, { rx: 14 }) +
    [18, 26, 34].map((y) => line(42, y, 58, y, accent, 2.5)).join("") +
    path("M24 40 Q24 68 50 68 Q76 68 76 40", "none", stroke(ink, 5)) +
    line(50, 68, 50, 86, ink, 5) +
    rect(30, 86, 40, 8, accent, { rx: 3 }),
  stars: (ink, accent) => star(50, 44, 24, accent) + star(18, 56, 13, ink) + star(82, 56, 13, ink) + path("M14 80 Q50 70 86 80", "none", stroke(ink, 4)),
  tape: (ink, accent) =>
    circle(50, 46, 36, accent) +
    circle(50, 46, 16, "#ffffff", stroke(ink, 3)) +
    path("M76 72 L98 92 L86 96 L66 78 Z", accent) +
    path("M30 78 Q20 92 6 90", "none", stroke(accent, 8)) +
    path("M70 40 A22 22 0 0 0 40 26", "none", stroke(ink, 3)),
};

/** Draw an emblem centred on (cx, cy) at the given size in px. */
export function emblem(kind: EmblemKind, cx: number, cy: number, size: number, ink: string, accent: string): string {
  return place(DRAWERS[kind](ink, accent), cx - size / 2, cy - size / 2, size / 100);
}

/** A round seal (emblem inside rings) used on pins, coasters and backdrops. */
export function seal(kind: EmblemKind, cx: number, cy: number, r: number, ink: string, accent: string, ring: string): string {
  return (
    circle(cx, cy, r, ring) +
    circle(cx, cy, r * 0.86, "none", { stroke: accent, "stroke-width": Math.max(1.5, r * 0.04) }) +
    emblem(kind, cx, cy, r * 1.1, ink, accent) +
    el("circle", { cx, cy, r: r * 0.96, fill: "none", stroke: ink, "stroke-width": Math.max(1, r * 0.02), "stroke-dasharray": `${Math.max(2, r * 0.05)} ${Math.max(2, r * 0.05)}` })
  );
}
