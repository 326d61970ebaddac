import { sql, type RawBuilder } from "kysely";
import { printPixels } from "../designs/print-quality.js";

// What the design studio prints on: a product's print area and its blank mock-ups, as the catalog's
// reads (the shop's and staff's) and the writes share them.

/**
 * Where a design goes on the product's blank mock-ups, as fractions (0–1) of a mock-up's width and
 * height, and the size it prints at in inches.
 */
export interface PrintAreaRecord {
  x: number;
  y: number;
  width: number;
  height: number;
  widthInches: number;
  heightInches: number;
}

/** The print area's columns on products: hundredths of an inch for the sizes (exact two decimals). */
export interface PrintAreaColumns {
  print_area_x: number | null;
  print_area_y: number | null;
  print_area_width: number | null;
  print_area_height: number | null;
  print_width_hundredths: number | null;
  print_height_hundredths: number | null;
}

/** A product row's print area; null when it has none (the columns are all null or all set). */
export function printAreaOf(row: PrintAreaColumns): PrintAreaRecord | null {
  if (row.print_area_x === null || row.print_area_y === null || row.print_area_width === null || row.print_area_height === null) return null;
  if (row.print_width_hundredths === null || row.print_height_hundredths === null) return null;
  return {
    x: row.print_area_x,
    y: row.print_area_y,
    width: row.print_area_width,
    height: row.print_area_height,
    widthInches: row.print_width_hundredths / 100,
    heightInches: row.print_height_hundredths / 100,
  };
}

/** A print area as the product's columns (null clears them all). */
export function printAreaColumns(area: PrintAreaRecord | null): PrintAreaColumns {
  return {
    print_area_x: area?.x ?? null,
    print_area_y: area?.y ?? null,
    print_area_width: area?.width ?? null,
    print_area_height: area?.height ?? null,
    print_width_hundredths: area ? Math.round(area.widthInches * 100) : null,
    print_height_hundredths: area ? Math.round(area.heightInches * 100) : null,
  };
}

/** The print file's size in pixels: the print area at PRINT_DPI. */
export function printFileSize(area: Pick<PrintAreaRecord, "widthInches" | "heightInches">): { width: number; height: number } {
  return { width: printPixels(area.widthInches), height: printPixels(area.heightInches) };
}

/** A blank mock-up as shoppers (the studio) get it. */
export interface MockupRecord {
  productId: string;
  /** The Color option's value it shows; null for the one blank of a product without a Color option. */
  color: string | null;
  url: string;
  width: number;
  height: number;
}

/** The option whose values the blanks are kept by (its name, in any case). */
const COLOR_OPTION_NAME = "Color";

/** Whether an option is the product's Color option. */
export function isColorOption(name: string): boolean {
  return name.toLowerCase() === COLOR_OPTION_NAME.toLowerCase();
}

/** A blank's colour as stored: '' stands for "none" (a product without a Color option). */
export const NO_COLOR = "";

/** The stored colour as the APIs give it. */
export function colorOf(stored: string): string | null {
  return stored === NO_COLOR ? null : stored;
}

/** SQL: the product's Color option (alias `o`), joined on the blank's product (alias `m`). */
export const COLOR_OPTION_JOIN: RawBuilder<unknown> = sql`product_options o ON o.product_id = m.product_id AND lower(o.name) = ${COLOR_OPTION_NAME.toLowerCase()}`;

/** SQL: the blank (alias `m`) shows a colour the product offers now: a Color value, or none when it has no Color option. */
export const MOCKUP_OFFERED: RawBuilder<boolean> = sql<boolean>`(CASE WHEN o.id IS NULL THEN m.color = ${NO_COLOR} ELSE m.color = ANY(o.values) END)`;
