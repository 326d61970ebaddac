// The print-quality rule, in one place: the resolution the print file is made at, the least a
// shopper's picture may have at its printed size before the shop warns, and the warning's words.
// The studio reads the numbers and the words from GraphQL (`printQuality`); a design's lines carry
// the warning the rule gives for the resolution recorded with the design.

/** A print file is its product's print area in inches at this many pixels per inch. */
export const PRINT_DPI = 300;
/** Below this many pixels per inch at its printed size, a picture may print blurry. */
export const MIN_PRINT_DPI = 150;
/** What the studio, the cart and the order say about such a picture. */
export const BLURRY_PRINT_WARNING = "This image may print blurry at this size — make it smaller or use a larger picture";

/** The largest resolution recorded: anything above is as sharp as a print gets. */
export const MAX_RECORDED_DPI = 100_000;

/** Pixels per inch of a picture `pixels` wide printed `inches` wide (rounded down: the warning errs on the side of saying). */
export function effectiveDpi(pixels: number, inches: number): number | null {
  if (!(pixels > 0) || !(inches > 0)) return null;
  return Math.min(MAX_RECORDED_DPI, Math.floor(pixels / inches));
}

/** The warning for a picture at `dpi` pixels per inch; null at and above MIN_PRINT_DPI, and when there is no picture (`null`). */
export function printWarningFor(dpi: number | null): string | null {
  return dpi !== null && dpi < MIN_PRINT_DPI ? BLURRY_PRINT_WARNING : null;
}

/** A print area's side in pixels at PRINT_DPI. */
export function printPixels(inches: number): number {
  return Math.round(inches * PRINT_DPI);
}
