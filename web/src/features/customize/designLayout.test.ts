import { describe, expect, it } from "vitest";
import {
  CANVAS_SIZE,
  IMAGE_WIDTH_FRACTION,
  LINE_HEIGHT,
  TEXT_MARGIN,
  fontFor,
  layoutText,
  outlineColorFor,
  placeBackdrop,
  placeImage,
  wrapText,
  type MeasureText,
  type TextLayout,
  type TextStyle,
} from "./designLayout";
import { TEXT_ALIGNS, TEXT_POSITIONS, TEXT_SIZE } from "./designState";

/** A stand-in for measureText: every character is 0.55 em wide (0.6 em in bold), like Arial roughly. */
const measure: MeasureText = (text, font) => {
  const size = Number(/(\d+(?:\.\d+)?)px/.exec(font)?.[1]);
  return Array.from(text).length * size * (font.includes("bold") ? 0.6 : 0.55);
};

const style = (overrides: Partial<TextStyle> = {}): TextStyle => ({
  text: "Add your text here",
  textSize: 32,
  textPosition: "bottom",
  textAlign: "center",
  textBold: false,
  textItalic: false,
  ...overrides,
});

/** Horizontal extent of a placed line, from its anchor and alignment. */
function extent(layout: TextLayout, line: TextLayout["lines"][number]): [number, number] {
  if (layout.textAlign === "left") return [line.x, line.x + line.width];
  if (layout.textAlign === "right") return [line.x - line.width, line.x];
  return [line.x - line.width / 2, line.x + line.width / 2];
}

function expectInsideMargins(layout: TextLayout) {
  for (const line of layout.lines) {
    const [left, right] = extent(layout, line);
    expect(left).toBeGreaterThanOrEqual(TEXT_MARGIN - 1e-9);
    expect(right).toBeLessThanOrEqual(CANVAS_SIZE - TEXT_MARGIN + 1e-9);
  }
  expect(layout.top).toBeGreaterThanOrEqual(TEXT_MARGIN - 1e-9);
  expect(layout.bottom).toBeLessThanOrEqual(CANVAS_SIZE - TEXT_MARGIN + 1e-9);
}

const LONG_TEXT =
  "When the committee on committees formed a subcommittee to review the committee, nobody expected the filibuster to last until the next election cycle";

describe("wrapping text to the canvas width (wrapped, 30 px margin)", () => {
  const width = (s: string) => s.length * 10;

  it("keeps a short text on one line", () => {
    expect(wrapText("Vote early", 540, width)).toEqual(["Vote early"]);
  });

  it("breaks between words, filling each line as far as it fits", () => {
    // 10 units a character, 100 wide: at most 10 characters a line.
    expect(wrapText("one two three four five six", 100, width)).toEqual(["one two", "three four", "five six"]);
  });

  it("breaks a word wider than the line between characters", () => {
    expect(wrapText("a supercalifragilistic b", 100, width)).toEqual(["a", "supercalif", "ragilistic", "b"]);
  });

  it("starts a new line at each line break, keeping blank lines between", () => {
    expect(wrapText("Line one\n\nLine three", 540, width)).toEqual(["Line one", "", "Line three"]);
  });

  it.each([
    ["empty", ""],
    ["only spaces", "   "],
    ["only line breaks", "\n\n"],
  ])("has no lines for %s text", (_label, text) => {
    expect(wrapText(text, 540, width)).toEqual([]);
  });

  it("collapses runs of spaces", () => {
    expect(wrapText("  Read   the   bill  ", 540, width)).toEqual(["Read the bill"]);
  });

  it("never gives a line wider than the maximum", () => {
    for (const line of wrapText(LONG_TEXT, 230, width)) expect(width(line)).toBeLessThanOrEqual(230);
  });
});

describe("placing the text (position top / center / bottom, alignment left / center / right)", () => {
  const cases = TEXT_POSITIONS.flatMap((textPosition) => TEXT_ALIGNS.map((textAlign) => [textPosition, textAlign] as const));

  it.each(cases)("position %s, alignment %s", (textPosition, textAlign) => {
    const layout = layoutText(style({ textPosition, textAlign, text: "Read the bill" }), measure);
    expect(layout.lines).toHaveLength(1);
    const [line] = layout.lines;
    const lineHeight = 32 * LINE_HEIGHT;

    const expectedX = { left: TEXT_MARGIN, center: CANVAS_SIZE / 2, right: CANVAS_SIZE - TEXT_MARGIN }[textAlign];
    expect(line!.x).toBe(expectedX);
    expect(layout.textAlign).toBe(textAlign);

    const expectedTop = { top: TEXT_MARGIN, center: (CANVAS_SIZE - lineHeight) / 2, bottom: CANVAS_SIZE - TEXT_MARGIN - lineHeight }[textPosition];
    expect(layout.top).toBeCloseTo(expectedTop);
    expect(line!.y).toBeCloseTo(expectedTop + lineHeight / 2);
    expectInsideMargins(layout);
  });

  it.each(cases)("wrapped text at %s, %s stays inside the margins and stacks downwards", (textPosition, textAlign) => {
    const layout = layoutText(style({ textPosition, textAlign, text: LONG_TEXT, textSize: 40 }), measure);
    expect(layout.lines.length).toBeGreaterThan(2);
    expect(layout.shrunk).toBe(false);
    const ys = layout.lines.map((l) => l.y);
    ys.slice(1).forEach((y, i) => expect(y - ys[i]!).toBeCloseTo(40 * LINE_HEIGHT));
    expectInsideMargins(layout);
    if (textPosition === "top") expect(layout.top).toBe(TEXT_MARGIN);
    if (textPosition === "bottom") expect(layout.bottom).toBeCloseTo(CANVAS_SIZE - TEXT_MARGIN);
    if (textPosition === "center") expect((layout.top + layout.bottom) / 2).toBeCloseTo(CANVAS_SIZE / 2);
  });

  it("uses the default of spec §3 (bottom, centred, 32 px Arial)", () => {
    const layout = layoutText(style(), measure);
    expect(layout.font).toBe("32px Arial");
    expect(layout.lines[0]).toMatchObject({ text: "Add your text here", x: 300 });
    expect(layout.bottom).toBeCloseTo(570);
  });

  it.each([
    [{ textBold: true, textItalic: false }, "bold 48px Arial"],
    [{ textBold: false, textItalic: true }, "italic 48px Arial"],
    [{ textBold: true, textItalic: true }, "italic bold 48px Arial"],
  ])("draws %j as %s", (flags, font) => {
    expect(fontFor(flags, 48)).toBe(font);
    expect(layoutText(style({ ...flags, textSize: 48 }), measure).font).toBe(font);
  });

  it("wraps bold text sooner than regular text (the measure sees the bold font)", () => {
    const text = "Committee of the whole on the state of the union";
    const regular = layoutText(style({ text, textSize: 40 }), measure).lines.length;
    const bold = layoutText(style({ text, textSize: 40, textBold: true }), measure).lines.length;
    expect(bold).toBeGreaterThanOrEqual(regular);
    expectInsideMargins(layoutText(style({ text, textSize: 40, textBold: true }), measure));
  });
});

describe("never off the canvas", () => {
  it("shrinks text that cannot fit at the chosen size until it does", () => {
    const text = `${LONG_TEXT} ${LONG_TEXT}`.slice(0, 200);
    const layout = layoutText(style({ text, textSize: TEXT_SIZE.max, textPosition: "top" }), measure);
    expect(layout.shrunk).toBe(true);
    expect(layout.fontSize).toBeLessThan(TEXT_SIZE.max);
    expect(layout.font).toBe(`${layout.fontSize}px Arial`);
    expectInsideMargins(layout);
    // The largest size that fits: one pixel more would not.
    const bigger = layoutText(style({ text, textSize: layout.fontSize + 1 }), measure);
    expect(bigger.fontSize).toBe(layout.fontSize);
  });

  it("cuts the last lines with an ellipsis only when even the smallest size cannot fit", () => {
    const huge: MeasureText = (text) => text.length * 150; // three characters a line, at any size
    const layout = layoutText(style({ text: "x".repeat(200), textSize: 12 }), huge);
    expect(layout.lines.length * layout.lineHeight).toBeLessThanOrEqual(CANVAS_SIZE - 2 * TEXT_MARGIN);
    expect(layout.lines.at(-1)!.text.endsWith("…")).toBe(true);
    for (const line of layout.lines) expect(line.width).toBeLessThanOrEqual(CANVAS_SIZE - 2 * TEXT_MARGIN);
  });

  it("keeps every size, position and alignment inside the margins", () => {
    const texts = ["Hi", "Add your text here", LONG_TEXT, "Unbreakablewordthatgoesonandonandonforeverandeverandever", "Two\nlines"];
    for (let size = TEXT_SIZE.min; size <= TEXT_SIZE.max; size += 5) {
      for (const text of texts) {
        for (const textPosition of TEXT_POSITIONS) {
          for (const textAlign of TEXT_ALIGNS) {
            for (const textBold of [false, true]) {
              expectInsideMargins(layoutText(style({ text, textSize: size, textPosition, textAlign, textBold }), measure));
            }
          }
        }
      }
    }
  });

  it("draws nothing for empty text", () => {
    expect(layoutText(style({ text: "  " }), measure).lines).toEqual([]);
  });
});

describe("placing an image (spec §9: a meme at 60% of the width, an uploaded image at 80%)", () => {
  it("puts a square meme at 60% of the width, centred", () => {
    expect(placeImage(800, 800, IMAGE_WIDTH_FRACTION.meme)).toEqual({ x: 120, y: 120, width: 360, height: 360 });
  });

  it("puts an uploaded landscape image at 80% of the width, keeping its proportions", () => {
    expect(placeImage(1200, 600, IMAGE_WIDTH_FRACTION.upload)).toEqual({ x: 60, y: 180, width: 480, height: 240 });
  });

  it("scales a small image up to the same share of the width", () => {
    expect(placeImage(40, 30, IMAGE_WIDTH_FRACTION.meme)).toEqual({ x: 120, y: 165, width: 360, height: 270 });
  });

  it("clamps an image too tall for the canvas to the canvas height", () => {
    const rect = placeImage(300, 1200, IMAGE_WIDTH_FRACTION.upload)!;
    expect(rect).toEqual({ x: 225, y: 0, width: 150, height: 600 });
    expect(rect.width / rect.height).toBeCloseTo(300 / 1200);
  });

  it("keeps a fraction over 1 to the canvas width", () => {
    expect(placeImage(100, 50, 1.5)).toEqual({ x: 0, y: 150, width: 600, height: 300 });
  });

  it("takes its share of a product's print area, centred in it, when one is chosen", () => {
    const area = { width: 200, height: 240 };
    expect(placeImage(800, 800, IMAGE_WIDTH_FRACTION.meme, area)).toEqual({ x: 40, y: 60, width: 120, height: 120 });
    expect(placeImage(1600, 900, IMAGE_WIDTH_FRACTION.upload, area)).toEqual({ x: 20, y: 75, width: 160, height: 90 });
    // Too tall for the area: its height is the area's.
    expect(placeImage(100, 400, IMAGE_WIDTH_FRACTION.upload, area)).toEqual({ x: 70, y: 0, width: 60, height: 240 });
  });

  it("lays text out inside a print area, 30 px from its edges", () => {
    const area = { width: 200, height: 240 };
    const layout = layoutText(style({ text: LONG_TEXT, textPosition: "top", textAlign: "right" }), measure, area);
    expect(layout.top).toBe(TEXT_MARGIN);
    expect(layout.bottom).toBeLessThanOrEqual(area.height - TEXT_MARGIN + 1e-9);
    for (const line of layout.lines) {
      expect(line.x).toBe(area.width - TEXT_MARGIN);
      expect(line.width).toBeLessThanOrEqual(area.width - 2 * TEXT_MARGIN);
    }
  });

  it.each([
    [0, 100],
    [100, 0],
    [Number.NaN, 100],
  ])("refuses an image of %s × %s", (w, h) => {
    expect(placeImage(w, h, 0.6)).toBeNull();
  });

  it("fits the product photo whole in the canvas as the backdrop", () => {
    expect(placeBackdrop(800, 800)).toEqual({ x: 0, y: 0, width: 600, height: 600 });
    expect(placeBackdrop(1000, 500)).toEqual({ x: 0, y: 150, width: 600, height: 300 });
    expect(placeBackdrop(0, 0)).toBeNull();
  });
});

describe("the outline colour", () => {
  it.each([
    ["#ffffff", "#000000"],
    ["#ffd400", "#000000"],
    ["#000000", "#ffffff"],
    ["#1b2a4a", "#ffffff"],
    ["not a colour", "#000000"],
  ])("around %s text is %s", (text, outline) => {
    expect(outlineColorFor(text)).toBe(outline);
  });
});
