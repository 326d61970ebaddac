import { describe, expect, it } from "vitest";
import { TEXT_MARGIN, layoutText, type MeasureText, type TextStyle } from "./designLayout";
import {
  clampImageBox,
  handleFactor,
  imageBoxOf,
  imageRect,
  moveImage,
  moveText,
  offsetText,
  resizeImage,
  resizeText,
  textBlockBox,
} from "./designLayers";

const measure: MeasureText = (text, font) => Array.from(text).length * Number(/(\d+)px/.exec(font)?.[1]) * 0.55;
const style: TextStyle = { text: "Vote", textSize: 20, textPosition: "bottom", textAlign: "center", textBold: false, textItalic: false };
/** A tee's print area on the canvas: 200 × 240 units. */
const AREA = { width: 200, height: 240 };

describe("the text layer in the print area", () => {
  const layout = layoutText(style, measure, AREA);

  it("sits at its position inside the print area, 30 px from its edges", () => {
    expect(layout.bottom).toBeCloseTo(AREA.height - TEXT_MARGIN);
    expect(layout.lines[0]!.x).toBe(AREA.width / 2);
    const box = textBlockBox(layout)!;
    expect(box.width).toBeCloseTo(4 * 20 * 0.55);
    expect(box.x + box.width / 2).toBeCloseTo(100);
  });

  it("moves by what it is dragged, as fractions of the area", () => {
    const offset = moveText(layout, null, 20, -48, AREA);
    expect(offset).toEqual({ x: 0.1, y: -0.2 });
    const moved = offsetText(layout, offset, AREA);
    expect(moved.lines[0]!.x).toBeCloseTo(120);
    expect(moved.top).toBeCloseTo(layout.top - 48);
  });

  it("keeps its centre inside the print area however far it is dragged", () => {
    const offset = moveText(layout, null, 5000, 5000, AREA);
    const box = textBlockBox(offsetText(layout, offset, AREA))!;
    expect(box.x + box.width / 2).toBeCloseTo(AREA.width);
    expect(box.y + box.height / 2).toBeCloseTo(AREA.height);
    const back = textBlockBox(offsetText(layout, moveText(layout, null, -5000, -5000, AREA), AREA))!;
    expect(back.x + back.width / 2).toBeCloseTo(0);
    expect(back.y + back.height / 2).toBeCloseTo(0);
  });

  it("clamps an offset kept in storage that would leave the area", () => {
    const moved = offsetText(layout, { x: 1, y: 1 }, AREA);
    const box = textBlockBox(moved)!;
    expect(box.x + box.width / 2).toBeCloseTo(AREA.width);
  });

  it("resizes within the text size's 12–72", () => {
    expect(resizeText(32, 1.5)).toBe(48);
    expect(resizeText(32, 10)).toBe(72);
    expect(resizeText(32, 0.1)).toBe(12);
  });

  it("has no layer without text", () => {
    expect(textBlockBox(layoutText({ ...style, text: "  " }, measure, AREA))).toBeNull();
  });
});

describe("the image layer in the print area", () => {
  const natural = { width: 1000, height: 500 };

  it("starts at 80% (an upload) or 60% (a meme) of the area's width, centred", () => {
    expect(imageRect(natural, 0.8, null, AREA)).toEqual({ x: 20, y: 80, width: 160, height: 80 });
    expect(imageRect(natural, 0.6, null, AREA)).toEqual({ x: 40, y: 90, width: 120, height: 60 });
  });

  it("is drawn where its box says, and a drawn rectangle is kept as that box", () => {
    const box = { x: 0.25, y: 0.5, width: 0.5 };
    const rect = imageRect(natural, 0.8, box, AREA)!;
    expect(rect).toEqual({ x: 0, y: 95, width: 100, height: 50 });
    expect(imageBoxOf(rect, AREA)).toEqual(box);
  });

  it("moves by what it is dragged, its centre kept inside the area", () => {
    const rect = imageRect(natural, 0.8, null, AREA)!;
    expect(moveImage(rect, 20, 24, AREA)).toEqual({ x: 0.6, y: 0.6, width: 0.8 });
    expect(moveImage(rect, -1000, 1000, AREA)).toEqual({ x: 0, y: 1, width: 0.8 });
  });

  it("resizes about its centre, from 5% to 200% of the area's width", () => {
    const rect = imageRect(natural, 0.8, null, AREA)!;
    expect(resizeImage(rect, 1.25, AREA)).toEqual({ x: 0.5, y: 0.5, width: 1 });
    expect(resizeImage(rect, 100, AREA).width).toBe(2);
    expect(resizeImage(rect, 0.001, AREA).width).toBe(0.05);
    expect(clampImageBox({ x: -1, y: 2, width: 9 })).toEqual({ x: 0, y: 1, width: 2 });
  });

  it("what leaves the area is still drawn there (the print area clips it)", () => {
    const rect = imageRect(natural, 0.8, { x: 1, y: 0, width: 1 }, AREA)!;
    expect(rect.x).toBe(100);
    expect(rect.x + rect.width).toBe(300);
  });
});

describe("a corner handle's drag as a factor", () => {
  it("grows the box by twice the drag along its diagonal (the opposite corner moves too)", () => {
    // A 30 × 40 box (diagonal 50): a drag of (3, 4) is 5 along it: 50 + 10 → ×1.2.
    expect(handleFactor({ width: 30, height: 40 }, 3, 4)).toBeCloseTo(1.2);
    expect(handleFactor({ width: 30, height: 40 }, -3, -4)).toBeCloseTo(0.8);
    // Across the diagonal, nothing.
    expect(handleFactor({ width: 30, height: 40 }, 4, -3)).toBeCloseTo(1);
    expect(handleFactor({ width: 30, height: 40 }, -100, -100)).toBe(0.01);
  });
});
