// spec §9 canvas constants and the pure geometry of a design: where the text lines and the image go
// on the 600×600 design canvas. Nothing here touches a canvas; text widths come from a `measure`
// function (a canvas's measureText in the browser, a stub in tests), so every rule is testable.

import type { TextAlign, TextPosition } from "./designState";

/** spec §9: the design canvas is 600×600; every coordinate below is in these units. */
export const CANVAS_SIZE = 600;
/** spec §9: text keeps 30 px from every edge. */
export const TEXT_MARGIN = 30;
/** spec §9: the text's outline is 4 px wide (drawn with strokeText). */
export const TEXT_OUTLINE_WIDTH = 4;
/** spec §9: Arial. */
const TEXT_FONT_FAMILY = "Arial";
/** Line height as a multiple of the font size (not in the spec; 1.2 is the usual "normal"). */
export const LINE_HEIGHT = 1.2;
/** spec §9: a meme is 60% of the canvas width, an uploaded image 80%. */
export const IMAGE_WIDTH_FRACTION = { meme: 0.6, upload: 0.8 } as const;
/** Without a product's print area, the print file is the whole design at 3600×3600, six times the preview. */
export const PRINT_SCALE = 6;
/** The smallest size text is shrunk to when the chosen size cannot fit the canvas. */
const MIN_FIT_TEXT_SIZE = 8;

export type ImageKind = keyof typeof IMAGE_WIDTH_FRACTION;

/** Width of `text` drawn in `font` (a CSS font shorthand), in canvas units. */
export type MeasureText = (text: string, font: string) => number;

export interface TextStyle {
  text: string;
  textSize: number;
  textPosition: TextPosition;
  textAlign: TextAlign;
  textBold: boolean;
  textItalic: boolean;
}

interface PlacedLine {
  text: string;
  /** The anchor for `textAlign` (left edge, centre or right edge of the line). */
  x: number;
  /** The vertical middle of the line (drawn with textBaseline "middle"). */
  y: number;
  width: number;
}

export interface TextLayout {
  font: string;
  /** The size drawn: the chosen size, or smaller when the chosen size cannot fit (`shrunk`). */
  fontSize: number;
  shrunk: boolean;
  lineHeight: number;
  textAlign: TextAlign;
  lines: PlacedLine[];
  /** The block's top and bottom edges (line boxes), for tests and clamping. */
  top: number;
  bottom: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Rect extends Size {
  x: number;
  y: number;
}

/** The whole canvas, the design area while no product with a print area is chosen. */
const CANVAS_AREA: Size = { width: CANVAS_SIZE, height: CANVAS_SIZE };

/** The CSS font shorthand the canvas draws with, e.g. "italic bold 32px Arial". */
export function fontFor(style: Pick<TextStyle, "textBold" | "textItalic">, size: number): string {
  return `${style.textItalic ? "italic " : ""}${style.textBold ? "bold " : ""}${size}px ${TEXT_FONT_FAMILY}`;
}

/** Splits a word wider than `maxWidth` into pieces that each fit (at least one character per piece). */
function breakWord(word: string, maxWidth: number, width: (s: string) => number): string[] {
  const pieces: string[] = [];
  let piece = "";
  for (const char of Array.from(word)) {
    if (piece !== "" && width(piece + char) > maxWidth) {
      pieces.push(piece);
      piece = char;
    } else {
      piece += char;
    }
  }
  if (piece !== "") pieces.push(piece);
  return pieces;
}

/**
 * Greedy word wrap: words joined by single spaces while the line fits `maxWidth`; a word too wide
 * on its own is broken between characters. Line breaks in the text start a new line; blank lines
 * are kept (they are part of the shopper's layout); surrounding blank lines are not.
 */
export function wrapText(text: string, maxWidth: number, width: (s: string) => number): string[] {
  const paragraphs = text.replace(/\r\n?/g, "\n").trim().split("\n");
  if (paragraphs.length === 1 && paragraphs[0]!.trim() === "") return [];
  const lines: string[] = [];
  for (const paragraph of paragraphs) {
    const words = paragraph.split(/\s+/).filter(Boolean);
    if (words.length === 0) {
      lines.push("");
      continue;
    }
    let line = "";
    for (const word of words) {
      const candidate = line === "" ? word : `${line} ${word}`;
      if (width(candidate) <= maxWidth) {
        line = candidate;
        continue;
      }
      if (line !== "") lines.push(line);
      if (width(word) <= maxWidth) {
        line = word;
      } else {
        const pieces = breakWord(word, maxWidth, width);
        lines.push(...pieces.slice(0, -1));
        line = pieces[pieces.length - 1] ?? "";
      }
    }
    lines.push(line);
  }
  return lines;
}

function anchorX(align: TextAlign, areaWidth: number): number {
  if (align === "left") return TEXT_MARGIN;
  if (align === "right") return areaWidth - TEXT_MARGIN;
  return areaWidth / 2;
}

function blockTop(position: TextPosition, blockHeight: number, areaHeight: number): number {
  if (position === "top") return TEXT_MARGIN;
  if (position === "bottom") return areaHeight - TEXT_MARGIN - blockHeight;
  return (areaHeight - blockHeight) / 2;
}

/** Cuts `line` (ending it with "…") until it fits `maxWidth`. */
function ellipsize(line: string, maxWidth: number, width: (s: string) => number): string {
  const chars = Array.from(line);
  while (chars.length > 0 && width(`${chars.join("")}…`) > maxWidth) chars.pop();
  return `${chars.join("").trimEnd()}…`;
}

/**
 * spec §9: the text wrapped to the design area's width inside the 30 px margin, placed at the
 * top, centre or bottom and aligned left, centre or right, and never off the area: when the
 * wrapped block is taller than the area allows, the size shrinks (down to MIN_FIT_TEXT_SIZE) until
 * it fits, and only past that are the last lines cut with an ellipsis. The area is the whole canvas,
 * or the product's print area (coordinates are then from its top-left corner).
 */
export function layoutText(style: TextStyle, measure: MeasureText, area: Size = CANVAS_AREA): TextLayout {
  // A print area narrower than both margins still gets a line of text.
  const maxWidth = Math.max(area.width - 2 * TEXT_MARGIN, area.width / 2);
  const maxHeight = Math.max(area.height - 2 * TEXT_MARGIN, area.height / 2);
  const requested = Math.max(1, Math.round(style.textSize));

  let fontSize = requested;
  let font = fontFor(style, fontSize);
  let width = (s: string) => measure(s, font);
  let lines = wrapText(style.text, maxWidth, width);
  while (lines.length * fontSize * LINE_HEIGHT > maxHeight && fontSize > MIN_FIT_TEXT_SIZE) {
    fontSize -= 1;
    font = fontFor(style, fontSize);
    width = (s: string) => measure(s, font);
    lines = wrapText(style.text, maxWidth, width);
  }
  const lineHeight = fontSize * LINE_HEIGHT;
  const maxLines = Math.max(1, Math.floor(maxHeight / lineHeight));
  if (lines.length > maxLines) {
    lines = [...lines.slice(0, maxLines - 1), ellipsize(lines[maxLines - 1]!, maxWidth, width)];
  }

  const blockHeight = lines.length * lineHeight;
  const top = blockTop(style.textPosition, blockHeight, area.height);
  const x = anchorX(style.textAlign, area.width);
  return {
    font,
    fontSize,
    shrunk: fontSize !== requested,
    lineHeight,
    textAlign: style.textAlign,
    lines: lines.map((text, i) => ({ text, x, y: top + (i + 0.5) * lineHeight, width: width(text) })),
    top,
    bottom: top + blockHeight,
  };
}

/**
 * spec §9: an image's starting place, `fraction` of the design area's width wide (keeping its
 * proportions), centred; an image so tall that it would leave the area is scaled down to the area's
 * height instead. (The area is the canvas, or the product's print area.)
 */
export function placeImage(naturalWidth: number, naturalHeight: number, fraction: number, area: Size = CANVAS_AREA): Rect | null {
  if (!(naturalWidth > 0) || !(naturalHeight > 0) || !(fraction > 0)) return null;
  let width = area.width * Math.min(fraction, 1);
  let height = (width * naturalHeight) / naturalWidth;
  if (height > area.height) {
    width = (width * area.height) / height;
    height = area.height;
  }
  return { x: (area.width - width) / 2, y: (area.height - height) / 2, width, height };
}

/** The product photo as the backdrop: the whole photo, as large as the canvas allows, centred. */
export function placeBackdrop(naturalWidth: number, naturalHeight: number, canvasSize = CANVAS_SIZE): Rect | null {
  if (!(naturalWidth > 0) || !(naturalHeight > 0)) return null;
  const scale = Math.min(canvasSize / naturalWidth, canvasSize / naturalHeight);
  const width = naturalWidth * scale;
  const height = naturalHeight * scale;
  return { x: (canvasSize - width) / 2, y: (canvasSize - height) / 2, width, height };
}

/** The outline contrasts with the text: black around light text, white around dark text. */
export function outlineColorFor(textColor: string): string {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(textColor);
  if (!match) return "#000000";
  const [r, g, b] = match.slice(1).map((h) => parseInt(h, 16) / 255) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return luminance < 0.35 ? "#ffffff" : "#000000";
}
