// Meme panels: an illustrated scene with classic white, black-outlined top/bottom captions.

import { barrelScene, checklistScene, committeeScene, filibusterScene, mapScene, paperworkScene, pressScene } from "./meme-scenes-a.js";
import { ballotScene, calendarScene, debateScene, pollScene, revolvingDoorScene, stampScene } from "./meme-scenes-b.js";
import { fitText, svgDoc, textBlock, FONT_IMPACT } from "./svg.js";

type SceneKind =
  | "filibuster"
  | "committee"
  | "empty-committee"
  | "map"
  | "press"
  | "checklist"
  | "paperwork"
  | "barrel"
  | "poll"
  | "debate"
  | "ballot"
  | "revolving-door"
  | "stamp"
  | "calendar";

export interface MemeArt {
  scene: SceneKind;
  top: string;
  bottom: string;
  /** Optional in-scene label (banner, form number, page count ...). */
  label?: string;
}

const SCENES: Record<SceneKind, (label?: string) => string> = {
  filibuster: () => filibusterScene(),
  committee: (label) => committeeScene(label, false),
  "empty-committee": (label) => committeeScene(label, true),
  map: mapScene,
  press: () => pressScene(),
  checklist: () => checklistScene(),
  paperwork: paperworkScene,
  barrel: barrelScene,
  poll: () => pollScene(),
  debate: () => debateScene(),
  ballot: ballotScene,
  "revolving-door": () => revolvingDoorScene(),
  stamp: stampScene,
  calendar: calendarScene,
};

/** A caption block centred on cy: black outline drawn first, white fill on top. */
function caption(s: string, cy: number): string {
  const f = fitText(s.toUpperCase(), 740, 136, { maxLines: 2, maxSize: 68, lineHeight: 1.05 });
  const base = { size: f.size, family: FONT_IMPACT };
  return (
    textBlock(f.lines, 400, cy, { ...base, fill: "#000000", stroke: "#000000", strokeWidth: Math.max(4, f.size * 0.16) }, f.lineHeight) +
    textBlock(f.lines, 400, cy, { ...base, fill: "#ffffff" }, f.lineHeight)
  );
}

export function renderMeme(art: MemeArt, title: string): string {
  return svgDoc(800, 800, title, SCENES[art.scene](art.label) + caption(art.top, 86) + caption(art.bottom, 714));
}
