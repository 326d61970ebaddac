// The catalog's CSV file: its columns (Shopify's product CSV names where they fit, ours after them),
// its limits, and the escaping of cells a spreadsheet would run as formulas. The parser, the export
// and the docs (docs/catalog.md, "CSV import and export") all read these.

/** The columns the export writes, in this order; an import takes them in any order. */
export const CSV_COLUMNS = [
  "Handle",
  "Title",
  "Body (HTML)",
  "Type",
  "Tags",
  "Status",
  "Customizable",
  "Fulfillment Partner",
  "SEO Title",
  "SEO Description",
  "Option1 Name",
  "Option1 Value",
  "Option2 Name",
  "Option2 Value",
  "Option3 Name",
  "Option3 Value",
  "Variant SKU",
  "Variant Price",
  "Variant Compare At Price",
  "Variant Available",
  "Variant Printful ID",
] as const;

export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** The columns a file must have. */
export const REQUIRED_COLUMNS: readonly CsvColumn[] = ["Handle", "Variant Price"];

/** The columns of a product's own fields: given on a handle's first row; later rows leave them empty or repeat them. */
export const PRODUCT_COLUMNS: readonly CsvColumn[] = [
  "Title",
  "Body (HTML)",
  "Type",
  "Tags",
  "Status",
  "Customizable",
  "Fulfillment Partner",
  "SEO Title",
  "SEO Description",
  "Option1 Name",
  "Option2 Name",
  "Option3 Name",
];

/** Shopify's image columns: never fetched (an import never makes the shop call out); images are uploaded in the editor. */
export const IMAGE_COLUMNS = ["Image Src", "Image Position", "Image Alt Text", "Variant Image"];

/** Option k's name and value columns (k from 1). */
export const optionNameColumn = (k: number) => `Option${k} Name` as CsvColumn;
export const optionValueColumn = (k: number) => `Option${k} Value` as CsvColumn;

/** How Shopify writes a product without options: one option "Title" whose one value is "Default Title". */
export const NO_OPTIONS_NAME = "Title";
export const NO_OPTIONS_VALUE = "Default Title";

/** The largest file an import takes (10 MiB). */
export const MAX_CSV_BYTES = 10 * 1024 * 1024;
/** The most rows (variants) an import takes, beside the header. */
export const MAX_CSV_ROWS = 10_000;
/** The most characters one row may hold (a description may be long). */
export const MAX_CSV_ROW_CHARACTERS = 1_000_000;

/** How Status is written: Shopify's lower-case words. */
export const STATUS_WORDS = { ACTIVE: "active", DRAFT: "draft", ARCHIVED: "archived" } as const;

/** A cell a spreadsheet would read as a formula (or a formula's start): = + - @, tab, carriage return. */
const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell as the export writes it: one a spreadsheet would run as a formula gets a leading
 * apostrophe, which spreadsheets show as text (OWASP's advice for CSV injection). The import takes
 * the apostrophe off again, so an exported file imports unchanged.
 */
export function escapeCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** A cell as the import reads it: escapeCell undone. */
export function unescapeCell(value: string): string {
  return value.startsWith("'") && FORMULA_START.test(value.slice(1)) ? value.slice(1) : value;
}

/** TRUE / FALSE as the export writes booleans (as Shopify does). */
export const booleanCell = (value: boolean) => (value ? "TRUE" : "FALSE");
