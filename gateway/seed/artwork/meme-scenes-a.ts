// Meme scenes, part one: filibuster clock, committee table, district map, press briefing,
// campaign checklist, paperwork towers, pork barrel. Each paints a full 800x800 panel and keeps
// its subject between y=170 and y=630, clear of the captions.

import { emblem, seal } from "./emblems.js";
import { HOUSE, shade } from "./palette.js";
import { circle, fittedText, group, line, path, place, rect, silhouette, star, text } from "./svg.js";

/** Wall, floor and a skirting line. */
export function room(wall: string, floor: string, floorY: number): string {
  return rect(0, 0, 800, 800, wall) + rect(0, floorY, 800, 800 - floorY, floor) + rect(0, floorY - 8, 800, 8, shade(wall, -0.25));
}

/** Rounded speech bubble with a tail pointing at (tx, ty). */
function bubble(x: number, y: number, w: number, h: number, tx: number, ty: number, words: string): string {
  return (
    path(`M${x + w * 0.2} ${y + h - 2} L${tx} ${ty} L${x + w * 0.38} ${y + h - 2} Z`, HOUSE.white, { stroke: HOUSE.ink, "stroke-width": 3 }) +
    rect(x, y, w, h, HOUSE.white, { rx: 18, stroke: HOUSE.ink, "stroke-width": 3 }) +
    rect(x + w * 0.2 + 2, y + h - 6, w * 0.18 - 4, 8, HOUSE.white) +
    fittedText(words.toUpperCase(), x + w / 2, y + h / 2, w - 30, h - 26, { fill: HOUSE.ink }, { maxLines: 2 })
  );
}

const panels = (wall: string): string =>
  [0, 1, 2, 3, 4, 5].map((i) => rect(20 + i * 130, 40, 110, 520, "none", { stroke: shade(wall, -0.2), "stroke-width": 4, rx: 6 })).join("");

export function filibusterScene(): string {
  const wall = "#6b4226";
  return [
    room(wall, "#7d1f2a", 620),
    panels(wall),
    circle(400, 280, 112, HOUSE.cream, { stroke: HOUSE.darkWood, "stroke-width": 14 }),
    emblem("clock", 400, 284, 200, HOUSE.ink, HOUSE.red),
    silhouette(400, 620, 0.9, "#2a2a30", HOUSE.red),
    emblem("podium", 400, 600, 300, "#3a2a20", HOUSE.gold),
    bubble(520, 330, 240, 88, 446, 462, "...and another thing"),
  ].join("");
}

export function committeeScene(label = "Subcommittee on Subcommittees", empty = false): string {
  const wall = "#24365c";
  const seats = [150, 275, 400, 525, 650];
  const cards = empty ? ["Chair", "Member", "Back in 5", "Member", "Member"] : ["Member", "Vice Chair", "Chair", "Member", "Member"];
  const people = seats
    .map((x, i) =>
      empty
        ? rect(x - 52, 370, 104, 180, "#3b2218", { rx: 30 }) + rect(x - 40, 384, 80, 140, "#5a3520", { rx: 22 })
        : silhouette(x, 570, 0.72, ["#20242c", "#2f3440", "#1b1e25", "#2f3440", "#20242c"][i], i === 2 ? HOUSE.red : HOUSE.gold),
    )
    .join("");
  return [
    room(wall, "#3d2b1f", 640),
    seal("dome", 400, 210, 58, HOUSE.gold, HOUSE.gold, shade(wall, -0.2)),
    rect(130, 282, 540, 46, HOUSE.paper, { rx: 6 }),
    fittedText(label.toUpperCase(), 400, 305, 500, 28, { fill: HOUSE.navy }, { maxLines: 1 }),
    people,
    rect(40, 540, 720, 26, "#8a5a36", { rx: 6 }),
    rect(60, 566, 680, 110, "#6b4226"),
    seats.map((x) => line(x + 30, 530, x + 40, 482, "#4a4f57", 4) + circle(x + 40, 480, 7, "#2a2a2e")).join(""),
    seats.map((x, i) => rect(x - 52, 504, 104, 36, HOUSE.white, { stroke: "#c7c2b6", "stroke-width": 2 }) + fittedText(cards[i].toUpperCase(), x, 522, 90, 18, { fill: HOUSE.ink }, { maxLines: 1 })).join(""),
    emblem("gavel", 400, 600, 70, HOUSE.gold, HOUSE.cream),
  ].join("");
}

export function mapScene(label = "District 7"): string {
  const blobs = [
    path("M180 260 L300 230 L340 330 L250 420 L170 380 Z", "#f2b5a0", { opacity: 0.8 }),
    path("M300 230 L470 220 L430 300 L520 340 L420 420 L340 330 Z", "#a8c8e8", { opacity: 0.8 }),
    path("M470 220 L620 250 L600 360 L520 340 L430 300 Z", "#c9e0b0", { opacity: 0.8 }),
    path("M250 420 L340 330 L420 420 L520 340 L600 360 L610 520 L200 540 Z", "#f1d58a", { opacity: 0.8 }),
  ];
  return [
    rect(0, 0, 800, 800, "#8a5a36"),
    [0, 1, 2, 3, 4, 5, 6].map((i) => line(0, 60 + i * 110, 800, 40 + i * 110, "#7a4b2a", 3, { opacity: 0.6 })).join(""),
    group(rect(120, 180, 560, 420, HOUSE.cream, { stroke: "#d8cdb2", "stroke-width": 3 }) + blobs.join("") + emblem("map", 400, 390, 400, HOUSE.navy, HOUSE.red), { transform: "rotate(-3 400 390)" }),
    rect(440, 440, 150, 40, HOUSE.white, { rx: 8, stroke: HOUSE.ink, "stroke-width": 2 }),
    fittedText(label.toUpperCase(), 515, 460, 130, 22, { fill: HOUSE.red }, { maxLines: 1 }),
    line(460, 440, 420, 400, HOUSE.ink, 3),
    group(rect(0, -12, 230, 24, HOUSE.gold) + path("M230 -12 L268 0 L230 12 Z", "#e8c9a0") + path("M256 -4 L268 0 L256 4 Z", HOUSE.ink) + rect(-26, -12, 26, 24, "#e07a7a"), {
      transform: "translate(470 585) rotate(-28)",
    }),
  ].join("");
}

export function pressScene(): string {
  const wall = "#1f3a68";
  const pattern = Array.from({ length: 24 }, (_, i) => star(60 + (i % 6) * 136 + (Math.floor(i / 6) % 2) * 68, 200 + Math.floor(i / 6) * 110, 10, shade(wall, 0.15))).join("");
  const mics = [
    [330, 452, HOUSE.red],
    [360, 440, "#3d7bd9"],
    [440, 440, "#2f9e5b"],
    [470, 452, HOUSE.gold],
  ] as const;
  const flag = (x: number) =>
    rect(x - 4, 190, 8, 440, "#c9ab5a") +
    circle(x, 188, 9, HOUSE.gold) +
    path(`M${x + 4} 204 Q${x + 50} 220 ${x + 40} 330 L${x + 4} 330 Z`, HOUSE.red) +
    path(`M${x + 4} 230 Q${x + 40} 240 ${x + 36} 300 L${x + 4} 300 Z`, HOUSE.paper, { opacity: 0.8 });
  return [
    room(wall, "#2b2b31", 640),
    pattern,
    flag(90),
    flag(670),
    seal("dome", 400, 250, 70, HOUSE.gold, HOUSE.gold, shade(wall, -0.25)),
    silhouette(400, 560, 0.85, "#15171c", "#3d7bd9"),
    mics.map(([x, y, c]) => line(400, 470, x, y, "#2a2a2e", 5) + circle(x, y, 12, c)).join(""),
    emblem("podium", 400, 560, 280, "#5a3520", HOUSE.gold),
  ].join("");
}

export function checklistScene(): string {
  const promises = ["Lower every tax", "Fix all the roads", "Free puppies", "Shorter meetings", "Answer emails"];
  const balloon = (x: number, y: number, c: string) => line(x, y + 44, x + 10, y + 180, "#55585f", 2) + path(`M${x} ${y - 44} C${x + 42} ${y - 44} ${x + 42} ${y + 40} ${x} ${y + 46} C${x - 42} ${y + 40} ${x - 42} ${y - 44} ${x} ${y - 44} Z`, c);
  return [
    rect(0, 0, 800, 800, "#cfe0f0"),
    path("M0 180 Q200 240 400 180 Q600 240 800 180", "none", { stroke: HOUSE.red, "stroke-width": 6 }),
    [60, 170, 290, 400, 510, 630, 740].map((x, i) => path(`M${x - 30} ${192 + (i % 2) * 10} L${x + 30} ${192 + (i % 2) * 10} L${x} ${240} Z`, i % 2 ? HOUSE.navy : HOUSE.red)).join(""),
    balloon(100, 330, HOUSE.red) + balloon(700, 360, HOUSE.navy),
    rect(210, 200, 380, 440, HOUSE.paper, { rx: 10, stroke: "#b9b2a1", "stroke-width": 3 }),
    rect(330, 186, 140, 34, "#8a8f98", { rx: 8 }),
    text(400, 268, "MY PROMISES", { size: 34, fill: HOUSE.navy }),
    promises.map((p, i) => rect(245, 300 + i * 62, 32, 32, HOUSE.white, { stroke: HOUSE.ink, "stroke-width": 3, rx: 4 }) + text(295, 326 + i * 62, p, { size: 26, fill: HOUSE.ink, anchor: "start", weight: "normal" })).join(""),
    group(rect(-150, -38, 300, 76, "none", { stroke: HOUSE.red, "stroke-width": 8, rx: 10 }) + text(0, 16, "UNDER REVIEW", { size: 44, fill: HOUSE.red }), { transform: "translate(420 470) rotate(-16)", opacity: 0.85 }),
  ].join("");
}

export function paperworkScene(label = "Form 27-B"): string {
  const towers: [number, number][] = [
    [150, 12],
    [300, 21],
    [450, 16],
    [600, 9],
  ];
  const stacks = towers
    .map(([x, n]) =>
      Array.from({ length: n }, (_, k) => rect(x - 62 + ((k * 7) % 11) - 5, 612 - (k + 1) * 20, 124, 20, k % 2 ? HOUSE.white : "#ece6d6", { stroke: "#b9b2a1", "stroke-width": 1.5 })).join(""),
    )
    .join("");
  return [
    room("#e8dcc2", "#6b4226", 612),
    rect(40, 612, 720, 24, "#8a5a36"),
    stacks,
    rect(236, 150, 128, 40, HOUSE.red, { rx: 6 }),
    fittedText(label.toUpperCase(), 300, 170, 110, 22, { fill: HOUSE.white }, { maxLines: 1 }),
    place(stickWithPaper(), 700, 612, 0.55),
  ].join("");
}

/** Stick figure holding a single sheet of paper (drawn at the origin, feet at y=0). */
function stickWithPaper(): string {
  const s = { stroke: HOUSE.ink, "stroke-width": 9, fill: "none", "stroke-linecap": "round" as const };
  return path("M0 -130 L0 -60 M-30 0 L0 -60 L30 0 M0 -115 L-40 -90", "none", s) + circle(0, -156, 24, "none", s) + rect(-80, -112, 44, 56, HOUSE.white, { stroke: HOUSE.ink, "stroke-width": 3 });
}

export function barrelScene(label = "Misc. Projects"): string {
  const bills = [
    [200, 250, -20],
    [600, 230, 18],
    [260, 160, 12],
    [540, 150, -14],
    [400, 190, 4],
  ] as const;
  return [
    rect(0, 0, 800, 800, "#f2c46d"),
    circle(400, 430, 330, "#f6d58f"),
    rect(0, 640, 800, 160, "#a56a3a"),
    bills.map(([x, y, r]) => group(rect(-50, -24, 100, 48, "#7fb77e", { stroke: "#3e7a45", "stroke-width": 3, rx: 4 }) + text(0, 11, "$", { size: 32, fill: "#2e5e34" }), { transform: `translate(${x} ${y}) rotate(${r})` })).join(""),
    [170, 650, 320, 480].map((x, i) => circle(x, 300 + i * 40, 18, HOUSE.gold, { stroke: "#b5862a", "stroke-width": 3 })).join(""),
    emblem("barrel", 400, 460, 340, "#7a4b2a", "#3a2a20"),
    rect(270, 470, 260, 52, HOUSE.cream, { rx: 6, stroke: "#3a2a20", "stroke-width": 3 }),
    fittedText(label.toUpperCase(), 400, 496, 230, 30, { fill: HOUSE.red }, { maxLines: 1 }),
  ].join("");
}
