import type { AdminProductEditor_ProductFragment, PrintAreaInput } from "../gql/graphql";

// The print area as staff type it: the rectangle in percent of the blank, the print's size in inches.
// The gateway judges it (productPrintAreaSet); this only reads the numbers and shows what they make.

type SavedPrintArea = NonNullable<AdminProductEditor_ProductFragment["printArea"]>;

export interface PrintAreaDraft {
  x: string;
  y: string;
  width: string;
  height: string;
  widthInches: string;
  heightInches: string;
}

export type PrintAreaField = keyof PrintAreaDraft;

/** A print file is its print area at this many pixels per inch (the gateway's PRINT_DPI). */
export const PRINT_DPI = 300;
/** At most this many pixels: what a phone's canvas still holds (the gateway refuses more). */
const MAX_PRINT_PIXELS = 16_000_000;

/** What a product without a print area starts from: a centred rectangle of a t-shirt print's shape. */
const SUGGESTION: PrintAreaDraft = { x: "30", y: "25", width: "40", height: "50", widthInches: "10", heightInches: "12.5" };

/** A fraction as a percentage with at most two decimals, as text. */
const percentText = (fraction: number) => String(Math.round(fraction * 10_000) / 100);

export function printAreaDraftOf(area: SavedPrintArea | null): PrintAreaDraft {
  if (!area) return SUGGESTION;
  return {
    x: percentText(area.x),
    y: percentText(area.y),
    width: percentText(area.width),
    height: percentText(area.height),
    widthInches: String(area.widthInches),
    heightInches: String(area.heightInches),
  };
}

const numberOf = (text: string): number | null => {
  const trimmed = text.trim();
  if (trimmed === "") return null;
  const value = Number(trimmed);
  return Number.isFinite(value) ? value : null;
};

/** The draft as numbers: the rectangle in fractions (0–1), the sides in inches; null where a field is not a number. */
export function readPrintArea(draft: PrintAreaDraft): { values: PrintAreaInput | null; errors: Partial<Record<PrintAreaField, string>> } {
  const errors: Partial<Record<PrintAreaField, string>> = {};
  const read = (field: PrintAreaField) => {
    const value = numberOf(draft[field]);
    if (value === null) errors[field] = "Enter a number.";
    return value ?? 0;
  };
  // Percent to fraction, rounded to a millionth so 32.75 % is 0.3275 exactly.
  const fraction = (field: PrintAreaField) => Math.round(read(field) * 10_000) / 1_000_000;
  const values = {
    x: fraction("x"),
    y: fraction("y"),
    width: fraction("width"),
    height: fraction("height"),
    widthInches: read("widthInches"),
    heightInches: read("heightInches"),
  };
  return { values: Object.keys(errors).length > 0 ? null : values, errors };
}

export function samePrintArea(draft: PrintAreaDraft, saved: SavedPrintArea | null): boolean {
  if (!saved) return false;
  const current = printAreaDraftOf(saved);
  return (Object.keys(current) as PrintAreaField[]).every((field) => numberOf(draft[field]) === numberOf(current[field]));
}

/** The print file's size at 300 DPI, as the gateway computes it; null until both sides are numbers. */
export function printFileOf(draft: PrintAreaDraft): { width: number; height: number; tooLarge: boolean } | null {
  const widthInches = numberOf(draft.widthInches);
  const heightInches = numberOf(draft.heightInches);
  if (widthInches === null || heightInches === null || widthInches <= 0 || heightInches <= 0) return null;
  const width = Math.round(widthInches * PRINT_DPI);
  const height = Math.round(heightInches * PRINT_DPI);
  return { width, height, tooLarge: width * height > MAX_PRINT_PIXELS };
}

/** A box in percent of the blank: left, top, width, height. */
export interface PercentBox {
  left: number;
  top: number;
  width: number;
  height: number;
}

/**
 * Where the draft's rectangle sits on a blank of `blank` pixels, and the design area the studio fits
 * in it (the inches' shape, as large as the rectangle holds, centred), both in percent of the blank.
 */
export function previewBoxes(draft: PrintAreaDraft, blank: { width: number; height: number }): { rectangle: PercentBox; designArea: PercentBox | null } | null {
  const [x, y, width, height] = [draft.x, draft.y, draft.width, draft.height].map(numberOf);
  if (x === null || y === null || width === null || height === null || width <= 0 || height <= 0) return null;
  const rectangle = { left: x, top: y, width, height };
  const file = printFileOf(draft);
  if (!file) return { rectangle, designArea: null };
  // In the blank's pixels: the rectangle's shape against the print's.
  const rectWidthPx = (width / 100) * blank.width;
  const rectHeightPx = (height / 100) * blank.height;
  const scale = Math.min(rectWidthPx / file.width, rectHeightPx / file.height);
  const areaWidth = ((file.width * scale) / blank.width) * 100;
  const areaHeight = ((file.height * scale) / blank.height) * 100;
  return {
    rectangle,
    designArea: { left: x + (width - areaWidth) / 2, top: y + (height - areaHeight) / 2, width: areaWidth, height: areaHeight },
  };
}

/** The gateway's field for a print area ("printArea.widthInches") as the draft's; "printArea" itself (the file's size) as null. */
export function draftFieldOf(field: string | null | undefined): PrintAreaField | null {
  const name = field?.startsWith("printArea.") ? field.slice("printArea.".length) : null;
  return name && name in SUGGESTION ? (name as PrintAreaField) : null;
}
