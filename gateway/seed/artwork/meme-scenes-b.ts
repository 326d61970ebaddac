// Meme scenes, part two: poll on TV, debate stage, ballot count, revolving door,
// rubber stamp and the recess calendar.

import { emblem } from "./emblems.js";
import { room } from "./meme-scenes-a.js";
import { HOUSE, shade } from "./palette.js";
import { circle, fittedText, group, line, path, rect, silhouette, star, stickFigure, text } from "./svg.js";

export function pollScene(): string {
  const bar = (x: number, h: number, c: string, pct: string) =>
    rect(x, 520 - h, 110, h, c) + text(x + 55, 500, pct, { size: 34, fill: HOUSE.white }) + path(`M${x + 55} ${520 - h - 70} L${x + 55} ${520 - h + 70} M${x + 35} ${520 - h - 70} L${x + 75} ${520 - h - 70} M${x + 35} ${520 - h + 70} L${x + 75} ${520 - h + 70}`, "none", { stroke: HOUSE.gold, "stroke-width": 4 });
  return [
    rect(0, 0, 800, 800, "#111a2e"),
    [0, 1, 2, 3, 4, 5, 6, 7].map((i) => line(i * 110, 0, i * 110 - 200, 800, "#1a2642", 30)).join(""),
    rect(100, 160, 600, 470, "#2a2d34", { rx: 18 }),
    rect(120, 180, 560, 400, "#16305c"),
    rect(120, 180, 560, 54, HOUSE.red),
    text(140, 218, "LATEST POLL", { size: 30, fill: HOUSE.white, anchor: "start" }),
    rect(584, 192, 80, 30, HOUSE.white, { rx: 4 }) + text(624, 216, "LIVE", { size: 22, fill: HOUSE.red }),
    bar(230, 192, "#e0474f", "48%"),
    bar(460, 188, "#4a86e8", "47%"),
    line(150, 520, 650, 520, HOUSE.white, 3),
    rect(120, 534, 560, 46, HOUSE.gold),
    fittedText("BREAKING: STILL TOO CLOSE TO CALL", 400, 557, 520, 24, { fill: HOUSE.ink }, { maxLines: 1 }),
    rect(370, 630, 60, 30, "#2a2d34") + rect(300, 656, 200, 14, "#2a2d34", { rx: 6 }),
  ].join("");
}

export function debateScene(): string {
  const beam = (x: number) => path(`M${x} -20 L${x - 140} 660 L${x + 140} 660 Z`, "#fff6d8", { opacity: 0.12 });
  return [
    room("#2b1f4a", "#1a1430", 640),
    beam(230) + beam(570),
    rect(180, 180, 440, 70, "#3b2e66", { rx: 10 }),
    text(400, 230, "DEBATE NIGHT", { size: 44, fill: HOUSE.white, letterSpacing: 4 }),
    [150, 650].map((x) => star(x, 215, 22, HOUSE.gold)).join(""),
    silhouette(230, 560, 0.75, "#0e0b18", HOUSE.red),
    silhouette(570, 560, 0.75, "#0e0b18", "#4a86e8"),
    emblem("podium", 230, 555, 230, "#c9c3d9", HOUSE.red),
    emblem("podium", 570, 555, 230, "#c9c3d9", "#4a86e8"),
    rect(0, 640, 800, 16, HOUSE.red) + rect(0, 656, 800, 16, HOUSE.paper) + rect(0, 672, 800, 16, HOUSE.navy),
  ].join("");
}

export function ballotScene(label = "Day 6"): string {
  const tallies = Array.from({ length: 6 }, (_, i) => line(598 + i * 14, 270, 598 + i * 14 + (i === 4 ? 0 : 0), 310, HOUSE.ink, 4)).join("") + line(592, 300, 664, 280, HOUSE.red, 4);
  const pile = (x: number) => Array.from({ length: 7 }, (_, k) => rect(x - 60 + ((k * 5) % 9), 590 - k * 14, 120, 14, k % 2 ? HOUSE.white : "#e9eef5", { stroke: "#a9b3c2", "stroke-width": 1.5 })).join("");
  return [
    room("#a9bfb4", "#5b4636", 620),
    rect(560, 180, 150, 150, HOUSE.white, { stroke: "#7d838c", "stroke-width": 3 }),
    rect(560, 180, 150, 40, HOUSE.red),
    fittedText(label.toUpperCase(), 635, 200, 130, 24, { fill: HOUSE.white }, { maxLines: 1 }),
    tallies,
    emblem("clock", 160, 250, 110, HOUSE.ink, HOUSE.red),
    rect(40, 590, 720, 20, "#8a5a36"),
    pile(130) + pile(670),
    emblem("ballot", 400, 440, 300, HOUSE.navy, HOUSE.red),
  ].join("");
}

export function revolvingDoorScene(): string {
  const columns = [150, 230, 570, 650].map((x) => rect(x - 18, 300, 36, 300, HOUSE.paper, { stroke: "#c9c2b0", "stroke-width": 2 })).join("");
  return [
    rect(0, 0, 800, 800, "#9fc3e6"),
    rect(0, 620, 800, 180, "#8a8f98"),
    path("M90 300 L400 170 L710 300 Z", HOUSE.paper, { stroke: "#c9c2b0", "stroke-width": 3 }),
    rect(90, 290, 620, 20, "#e6dfcc"),
    columns,
    rect(90, 600, 620, 24, "#e6dfcc"),
    rect(290, 330, 220, 270, "#c8dff0", { stroke: "#5a5d63", "stroke-width": 8 }),
    line(400, 330, 400, 600, "#5a5d63", 6),
    path("M300 600 L400 560 L500 600", "none", { stroke: "#5a5d63", "stroke-width": 5 }),
    path("M330 300 A90 40 0 1 1 470 300", "none", { stroke: HOUSE.red, "stroke-width": 7, "stroke-linecap": "round" }) + path("M470 300 L452 286 L478 282 Z", HOUSE.red),
    group(rect(-95, -24, 190, 48, HOUSE.navy, { rx: 6 }) + fittedText("PUBLIC SERVICE", 0, 0, 170, 22, { fill: HOUSE.white }, { maxLines: 1 }), { transform: "translate(150 240)" }),
    group(rect(-95, -24, 190, 48, HOUSE.gold, { rx: 6 }) + fittedText("PRIVATE SECTOR", 0, 0, 170, 22, { fill: HOUSE.ink }, { maxLines: 1 }), { transform: "translate(650 240)" }),
    stickFigure(345, 590, 0.9, HOUSE.ink),
    emblem("briefcase", 390, 545, 56, HOUSE.ink, HOUSE.gold),
  ].join("");
}

export function stampScene(label = "1,400 pages"): string {
  const sheets = Array.from({ length: 16 }, (_, k) => rect(230 + ((k * 3) % 7), 600 - (k + 1) * 13, 340, 13, k % 2 ? HOUSE.white : "#efe9db", { stroke: "#b9b2a1", "stroke-width": 1.2 })).join("");
  return [
    room("#dfe6e9", "#6b4226", 600),
    rect(40, 600, 720, 24, "#8a5a36"),
    sheets,
    rect(230, 352, 340, 40, HOUSE.white, { stroke: "#b9b2a1", "stroke-width": 1.2 }),
    group(rect(-120, -30, 240, 60, "none", { stroke: HOUSE.red, "stroke-width": 6, rx: 6 }) + text(0, 16, "APPROVED", { size: 44, fill: HOUSE.red }), { transform: "translate(400 440) rotate(-8)", opacity: 0.9 }),
    rect(600, 500, 150, 44, HOUSE.gold, { rx: 6 }) + fittedText(label.toUpperCase(), 675, 522, 130, 22, { fill: HOUSE.ink }, { maxLines: 1 }),
    path("M520 330 L600 270 M540 350 L630 310", "none", { stroke: HOUSE.ink, "stroke-width": 4, "stroke-linecap": "round" }),
    circle(430, 186, 34, HOUSE.darkWood),
    rect(420, 210, 20, 50, HOUSE.darkWood),
    rect(360, 258, 140, 30, HOUSE.wood, { rx: 6 }),
    rect(350, 288, 160, 26, shade(HOUSE.red, -0.2), { rx: 4 }),
  ].join("");
}

export function calendarScene(label = "Session Calendar"): string {
  const cells: string[] = [];
  for (let r = 0; r < 5; r++) {
    for (let c = 0; c < 7; c++) {
      const day = r * 7 + c + 1;
      if (day > 31) continue;
      const x = 150 + c * 60;
      const y = 300 + r * 62;
      const work = day === 17;
      cells.push(rect(x, y, 56, 58, work ? HOUSE.cream : HOUSE.white, { stroke: "#c7ccd3", "stroke-width": 1.5 }));
      cells.push(text(x + 6, y + 18, String(day), { size: 14, fill: "#55585f", anchor: "start", weight: "normal" }));
      if (work) cells.push(circle(x + 28, y + 34, 22, "none", { stroke: HOUSE.red, "stroke-width": 4 }) + text(x + 28, y + 40, "WORK?", { size: 12, fill: HOUSE.red }));
      else cells.push(text(x + 28, y + 44, "RECESS", { size: 11, fill: HOUSE.navy }, { transform: `rotate(-12 ${x + 28} ${y + 40})` }));
    }
  }
  return [
    rect(0, 0, 800, 800, "#f2e2c4"),
    circle(705, 250, 48, "#f6b93b"),
    rect(130, 190, 460, 440, HOUSE.white, { rx: 10, stroke: "#9aa3ad", "stroke-width": 3 }),
    rect(130, 190, 460, 96, HOUSE.navy, { rx: 10 }),
    rect(130, 250, 460, 36, HOUSE.navy),
    fittedText(label.toUpperCase(), 360, 238, 400, 40, { fill: HOUSE.white }, { maxLines: 1 }),
    [210, 510].map((x) => rect(x - 8, 176, 16, 34, "#5a5d63", { rx: 6 })).join(""),
    cells.join(""),
    path("M700 630 L700 440", "none", { stroke: "#7a4b2a", "stroke-width": 8 }),
    path("M618 450 Q700 360 782 450 Z", HOUSE.red) + path("M660 450 Q700 378 740 450 Z", HOUSE.paper),
    rect(620, 610, 160, 24, "#e9cf9c", { rx: 12 }),
  ].join("");
}
