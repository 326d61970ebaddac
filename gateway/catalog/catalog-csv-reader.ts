import { CsvError, parse } from "csv-parse/sync";
import { decimalStringToCents } from "../shared/money.js";
import type { ProductStatus } from "./catalog.records.js";
import {
  MAX_DESCRIPTION_LENGTH,
  MAX_OPTION_VALUES,
  MAX_OPTIONS,
  MAX_PARTNER_NAME_LENGTH,
  MAX_PRODUCT_TYPE_LENGTH,
  MAX_SEO_DESCRIPTION_LENGTH,
  MAX_SEO_TITLE_LENGTH,
  MAX_SKU_LENGTH,
  MAX_VARIANTS,
  optionNameProblem,
  optionValueProblem,
  partnerVariantIdProblem,
  priceProblem,
  tagsProblem,
  textUpToProblem,
  titleProblem,
} from "./catalog-rules.js";
import { handleProblem } from "./handles.js";
import {
  CSV_COLUMNS,
  IMAGE_COLUMNS,
  MAX_CSV_BYTES,
  MAX_CSV_ROW_CHARACTERS,
  MAX_CSV_ROWS,
  NO_OPTIONS_NAME,
  NO_OPTIONS_VALUE,
  PRODUCT_COLUMNS,
  REQUIRED_COLUMNS,
  STATUS_WORDS,
  optionNameColumn,
  optionValueColumn,
  unescapeCell,
  type CsvColumn,
} from "./catalog-csv-format.js";

// A CSV file read into products: every cell judged by the catalog's field rules (catalog-rules.ts),
// every problem named by its row (as a spreadsheet numbers rows: the header is row 1) and column.
// Nothing here reads the database: what the file asks of the shop's current catalog is planned in
// catalog-csv-plan.ts and applied through the product service's rules.

/** A problem of the file: its row and column (null when about the whole file or a whole row). */
export interface CsvRowError {
  row: number | null;
  column: string | null;
  message: string;
}

/** A product's fields as the file gives them; undefined: the column is absent (or, for Status and Customizable, empty). */
export interface CsvProductFields {
  title?: string;
  descriptionHtml?: string;
  productType?: string;
  tags?: string[];
  status?: ProductStatus;
  customizable?: boolean;
  fulfillmentPartner?: string;
  seoTitle?: string;
  seoDescription?: string;
}

/** A variant's row; undefined: the column is absent (or, for Variant Available, empty). */
export interface CsvVariantRow {
  row: number;
  optionValues: string[];
  priceCents: number;
  sku?: string;
  compareAtCents?: number | null;
  availableForSale?: boolean;
  partnerVariantId?: string | null;
}

export interface CsvProduct {
  handle: string;
  /** The row of the handle's first line (where its fields are). */
  row: number;
  fields: CsvProductFields;
  /** The options with their values in the order the rows first name them. */
  options: { name: string; values: string[] }[];
  variants: CsvVariantRow[];
  /** Some cell of this product has an error: it is reported, never applied. */
  invalid: boolean;
}

export interface ParsedCsv {
  products: CsvProduct[];
  rowCount: number;
  errors: CsvRowError[];
  notices: string[];
}

const fileError = (message: string): ParsedCsv => ({ products: [], rowCount: 0, errors: [{ row: null, column: null, message }], notices: [] });

/** Reads a CSV file (UTF-8, with or without a byte-order mark; CRLF or LF; RFC 4180 quoting). */
export function parseCatalogCsv(bytes: Buffer): ParsedCsv {
  if (bytes.length > MAX_CSV_BYTES) return fileError(`The file is larger than ${MAX_CSV_BYTES / (1024 * 1024)} MB`);
  if (bytes.length === 0) return fileError("The file is empty");
  if (bytes.includes(0)) return fileError("This is not a CSV file: it holds binary data");
  let text: string;
  try {
    text = new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return fileError("The file is not UTF-8 text: save it from the spreadsheet as CSV UTF-8");
  }
  let records: string[][];
  try {
    records = parse(text, { bom: true, relax_column_count: true, max_record_size: MAX_CSV_ROW_CHARACTERS, to: MAX_CSV_ROWS + 2 });
  } catch (error) {
    if (error instanceof CsvError) return fileError(`The file is not valid CSV near line ${(error as CsvError & { lines?: number }).lines ?? "?"}: ${error.message.replace(/^[^:]*: /, "")}`);
    throw error;
  }
  if (records.length === 0) return fileError("The file is empty");
  if (records.length > MAX_CSV_ROWS + 1) return fileError(`The file has more than ${MAX_CSV_ROWS} rows beside the header; split it into smaller files`);
  const header = readHeader(records[0]!);
  if ("error" in header) return { ...fileError(header.error), notices: header.notices };
  return new ProductReader(header.columns, records[0]!.length, header.notices).read(records.slice(1));
}

function readHeader(cells: string[]): { columns: Map<CsvColumn, number>; notices: string[] } | { error: string; notices: string[] } {
  const known = new Map(CSV_COLUMNS.map((c) => [c.toLowerCase(), c]));
  const columns = new Map<CsvColumn, number>();
  const images: string[] = [];
  const ignored: string[] = [];
  for (const [i, raw] of cells.entries()) {
    const name = raw.trim();
    const column = known.get(name.toLowerCase());
    if (column) {
      if (columns.has(column)) return { error: `The header names the column "${column}" twice`, notices: [] };
      columns.set(column, i);
    } else if (IMAGE_COLUMNS.some((c) => c.toLowerCase() === name.toLowerCase())) images.push(name);
    else if (name) ignored.push(name);
  }
  const notices: string[] = [];
  if (images.length > 0) notices.push(`Images are not fetched from a CSV file; upload them in the product editor (ignored: ${images.join(", ")}).`);
  if (ignored.length > 0) notices.push(`Columns the shop does not keep were ignored: ${ignored.join(", ")}.`);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.has(c));
  if (missing.length > 0) return { error: `The header must have the column${missing.length > 1 ? "s" : ""} ${missing.join(", ")} (the first row names the columns)`, notices };
  return { columns, notices };
}

const STATUS_BY_WORD = new Map<string, ProductStatus>(Object.entries(STATUS_WORDS).map(([status, word]) => [word, status as ProductStatus]));

class ProductReader {
  private readonly errors: CsvRowError[] = [];
  private readonly products: CsvProduct[] = [];
  private readonly seen = new Map<string, number>();
  private rowCount = 0;

  constructor(
    private readonly columns: Map<CsvColumn, number>,
    private readonly width: number,
    private readonly notices: string[],
  ) {}

  read(records: string[][]): ParsedCsv {
    let current: { product: CsvProduct; first: string[]; skus: Map<string, number>; combos: Map<string, number> } | null = null;
    for (const [i, cells] of records.entries()) {
      const row = i + 2;
      if (cells.every((c) => c.trim() === "")) continue;
      this.rowCount++;
      if (cells.length > this.width) {
        this.problem(row, null, `Row ${row} has ${cells.length} cells but the header names ${this.width} columns`);
        if (current) current.product.invalid = true;
        continue;
      }
      const cell = (column: CsvColumn) => {
        const at = this.columns.get(column);
        return at === undefined ? undefined : unescapeCell(cells[at] ?? "");
      };
      const handle = cell("Handle")!.trim();
      if (current?.product.handle !== handle || !handle) {
        if (!handle) {
          this.problem(row, "Handle", "Handle is required on every row");
          continue;
        }
        const problem = handleProblem(handle, "Handle");
        if (problem) {
          this.problem(row, "Handle", problem);
          current = null;
          continue;
        }
        const earlier = this.seen.get(handle);
        if (earlier !== undefined) {
          this.problem(row, "Handle", `"${handle}" already had rows from row ${earlier}: a product's rows must come together`);
          current = null;
          continue;
        }
        this.seen.set(handle, row);
        const product: CsvProduct = { handle, row, fields: {}, options: [], variants: [], invalid: false };
        this.products.push(product);
        current = { product, first: cells, skus: new Map(), combos: new Map() };
        this.readFields(product, cell);
      } else {
        this.checkRepeatedFields(current.product, current.first, cells, row);
      }
      this.readVariant(current.product, cell, row, current.skus, current.combos);
    }
    for (const product of this.products) this.finishOptions(product);
    return { products: this.products, rowCount: this.rowCount, errors: this.errors, notices: this.notices };
  }

  private problem(row: number, column: string | null, message: string, product?: CsvProduct): void {
    this.errors.push({ row, column, message });
    if (product) product.invalid = true;
  }

  private readFields(product: CsvProduct, cell: (column: CsvColumn) => string | undefined): void {
    const row = product.row;
    const fields = product.fields;
    const text = (column: CsvColumn, max: number, set: (value: string) => void) => {
      const value = cell(column);
      if (value === undefined) return;
      const problem = textUpToProblem(value, max, column);
      if (problem) this.problem(row, column, problem, product);
      else set(value.trim());
    };
    const title = cell("Title");
    if (title !== undefined) {
      const problem = titleProblem(title, "Title");
      if (problem) this.problem(row, "Title", problem, product);
      else fields.title = title.trim();
    }
    const body = cell("Body (HTML)");
    if (body !== undefined) {
      if (body.length > MAX_DESCRIPTION_LENGTH) this.problem(row, "Body (HTML)", `Body (HTML) must be at most ${MAX_DESCRIPTION_LENGTH} characters`, product);
      else fields.descriptionHtml = body;
    }
    text("Type", MAX_PRODUCT_TYPE_LENGTH, (v) => (fields.productType = v));
    text("Fulfillment Partner", MAX_PARTNER_NAME_LENGTH, (v) => (fields.fulfillmentPartner = v));
    text("SEO Title", MAX_SEO_TITLE_LENGTH, (v) => (fields.seoTitle = v));
    text("SEO Description", MAX_SEO_DESCRIPTION_LENGTH, (v) => (fields.seoDescription = v));
    const tags = cell("Tags");
    if (tags !== undefined) {
      const list = [...new Set(tags.split(",").map((t) => t.trim()).filter(Boolean))];
      const problem = tagsProblem(list, "Tags");
      if (problem) this.problem(row, "Tags", problem, product);
      else fields.tags = list;
    }
    const status = cell("Status")?.trim().toLowerCase();
    if (status) {
      const value = STATUS_BY_WORD.get(status);
      if (value) fields.status = value;
      else this.problem(row, "Status", "Status must be active, draft or archived", product);
    }
    const customizable = cell("Customizable")?.trim();
    if (customizable) {
      const value = booleanOf(customizable);
      if (value === null) this.problem(row, "Customizable", "Customizable must be TRUE or FALSE", product);
      else fields.customizable = value;
    }
    for (let k = 1; k <= MAX_OPTIONS; k++) {
      const name = cell(optionNameColumn(k))?.trim() ?? "";
      if (!name) continue;
      const problem = optionNameProblem(name, optionNameColumn(k));
      if (problem) this.problem(row, optionNameColumn(k), problem, product);
      else if (product.options.length !== k - 1) this.problem(row, optionNameColumn(k), `${optionNameColumn(k)} needs ${optionNameColumn(k - 1)} before it`, product);
      else if (product.options.some((o) => o.name.toLowerCase() === name.toLowerCase())) this.problem(row, optionNameColumn(k), `Two options are both called "${name}"`, product);
      else product.options.push({ name, values: [] });
    }
  }

  /** Later rows of a handle leave its product columns empty, or repeat the first row's. */
  private checkRepeatedFields(product: CsvProduct, first: string[], cells: string[], row: number): void {
    for (const column of PRODUCT_COLUMNS) {
      const at = this.columns.get(column);
      if (at === undefined) continue;
      const value = unescapeCell(cells[at] ?? "").trim();
      if (value && value !== unescapeCell(first[at] ?? "").trim()) {
        this.problem(row, column, `${column} differs from the product's first row (row ${product.row}); a product's fields go on its first row`, product);
      }
    }
  }

  private readVariant(product: CsvProduct, cell: (column: CsvColumn) => string | undefined, row: number, skus: Map<string, number>, combos: Map<string, number>): void {
    let valid = true;
    const fail = (column: CsvColumn, message: string) => {
      this.problem(row, column, message, product);
      valid = false;
    };
    const optionValues: string[] = [];
    for (let k = 1; k <= MAX_OPTIONS; k++) {
      const value = cell(optionValueColumn(k))?.trim() ?? "";
      const named = k <= product.options.length;
      if (!named) {
        if (value) fail(optionValueColumn(k), `${optionValueColumn(k)} needs ${optionNameColumn(k)} on the product's first row (row ${product.row})`);
        continue;
      }
      const problem = optionValueProblem(value, optionValueColumn(k));
      if (problem) fail(optionValueColumn(k), problem);
      else optionValues.push(value);
    }
    const price = cell("Variant Price")!.trim();
    const priceError = priceProblem(price, "Variant Price");
    if (priceError) fail("Variant Price", priceError);
    const variant: CsvVariantRow = { row, optionValues, priceCents: priceError ? 0 : decimalStringToCents(price)! };
    const sku = cell("Variant SKU");
    if (sku !== undefined) {
      const problem = textUpToProblem(sku, MAX_SKU_LENGTH, "Variant SKU");
      if (problem) fail("Variant SKU", problem);
      variant.sku = sku.trim();
      const earlier = skus.get(variant.sku);
      if (variant.sku && earlier !== undefined) fail("Variant SKU", `Two variants both have the SKU "${variant.sku}" (rows ${earlier} and ${row})`);
      if (variant.sku) skus.set(variant.sku, row);
    }
    const compareAt = cell("Variant Compare At Price")?.trim();
    if (compareAt !== undefined) {
      const problem = compareAt === "" ? null : priceProblem(compareAt, "Variant Compare At Price");
      if (problem) fail("Variant Compare At Price", problem);
      else variant.compareAtCents = compareAt === "" ? null : decimalStringToCents(compareAt);
    }
    const available = cell("Variant Available")?.trim();
    if (available) {
      const value = booleanOf(available);
      if (value === null) fail("Variant Available", "Variant Available must be TRUE or FALSE");
      else variant.availableForSale = value;
    }
    const partnerId = cell("Variant Printful ID")?.trim();
    if (partnerId !== undefined) {
      const problem = partnerId === "" ? null : partnerVariantIdProblem(partnerId, "Variant Printful ID");
      if (problem) fail("Variant Printful ID", problem);
      else variant.partnerVariantId = partnerId === "" ? null : partnerId;
    }
    if (optionValues.length === product.options.length) {
      const combo = optionValues.join("\u0000").toLowerCase();
      const earlier = combos.get(combo);
      if (earlier !== undefined) fail(optionValueColumn(1), `Rows ${earlier} and ${row} are the same variant (${optionValues.join(" / ") || "no options"})`);
      combos.set(combo, row);
    }
    if (product.variants.length === MAX_VARIANTS) fail("Handle", `A product may have at most ${MAX_VARIANTS} variants`);
    if (valid) product.variants.push(variant);
  }

  /** Each option's values in the order the rows name them; Shopify's "Title: Default Title" is a product without options. */
  private finishOptions(product: CsvProduct): void {
    const [only] = product.options;
    if (
      product.options.length === 1 &&
      only!.name === NO_OPTIONS_NAME &&
      product.variants.length === 1 &&
      product.variants[0]!.optionValues[0] === NO_OPTIONS_VALUE
    ) {
      product.options = [];
      product.variants[0]!.optionValues = [];
      return;
    }
    for (const [j, option] of product.options.entries()) {
      for (const variant of product.variants) {
        const value = variant.optionValues[j]!;
        if (!option.values.includes(value)) option.values.push(value);
      }
      if (option.values.length > MAX_OPTION_VALUES) {
        this.problem(product.row, optionValueColumn(j + 1), `The option "${option.name}" may have at most ${MAX_OPTION_VALUES} values`, product);
      }
    }
  }
}

function booleanOf(value: string): boolean | null {
  const word = value.toLowerCase();
  if (word === "true" || word === "yes") return true;
  if (word === "false" || word === "no") return false;
  return null;
}
