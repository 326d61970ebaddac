import { sql, type Transaction } from "kysely";
import { stringify } from "csv-stringify/sync";
import type { Database } from "../db/schema.js";
import type { Actor } from "../shared/actor.js";
import { DomainError } from "../shared/errors.js";
import { centsToDecimalString } from "../shared/money.js";
import type { CatalogWriter } from "./catalog.writer.js";
import { booleanCell, CSV_COLUMNS, escapeCell, NO_OPTIONS_NAME, NO_OPTIONS_VALUE, STATUS_WORDS, type CsvColumn } from "./catalog-csv-format.js";
import { parseCatalogCsv, type CsvRowError, type ParsedCsv } from "./catalog-csv-reader.js";
import { locateRefusal, planImport, type ProductAction, type ProductPlan } from "./catalog-csv-plan.js";
import type { CatalogCsvRepository, CsvProductState } from "./catalog-csv.repository.js";
import type { ProductAdminService } from "./product-admin.service.js";

// The catalog in and out of a spreadsheet. An import is read (catalog-csv-reader.ts), planned
// against the catalog now (catalog-csv-plan.ts) and applied through the product service's own
// create and update steps, all inside ONE catalog write: one transaction, one audit entry naming
// every product created or changed, one announcement. A preview runs the very same steps in a
// transaction that is rolled back, so it refuses exactly what the import would.

/** What an import did, or (a preview) would do. */
export interface CatalogImportReport {
  /** The catalog was changed (false for a preview, a refusal, or a file that changes nothing). */
  applied: boolean;
  /** The file's rows (variants) beside the header. */
  rowCount: number;
  created: number;
  changed: number;
  unchanged: number;
  products: { row: number; handle: string; title: string; action: ProductAction; changes: string[] }[];
  /** Every problem, by row and column; any at all and nothing is written. */
  errors: CsvRowError[];
  /** What was ignored (image and unknown columns). */
  notices: string[];
}

/** Products the export reads at a time. */
const EXPORT_PAGE = 200;

class ImportRefused extends Error {
  constructor(readonly report: CatalogImportReport) {
    super("The import has errors");
  }
}

export class CatalogCsvService {
  constructor(
    private readonly repository: CatalogCsvRepository,
    private readonly products: ProductAdminService,
    private readonly writer: CatalogWriter,
  ) {}

  /** What importing `file` would do: every product's action and every row's errors; nothing is written. */
  async preview(file: Buffer): Promise<CatalogImportReport> {
    const parsed = parseCatalogCsv(file);
    if (parsed.products.length === 0) return report(parsed, [], false);
    return this.writer.rehearse((trx) => this.run(parsed, trx, false));
  }

  /** Imports `file`: all of it, or (any error at all) nothing. Everything is checked again here, against the catalog as it is now. */
  async apply(file: Buffer, actor: Actor): Promise<CatalogImportReport> {
    const parsed = parseCatalogCsv(file);
    if (parsed.products.length === 0) return report(parsed, [], false);
    // A file with errors is refused whole; the report still names every error the import would meet.
    if (parsed.errors.length > 0) return this.preview(file);
    try {
      return await this.writer.write(actor, async (trx) => {
        const done = await this.run(parsed, trx, true);
        if (done.errors.length > 0) throw new ImportRefused(done);
        const touched = done.products.filter((p) => p.action !== "UNCHANGED");
        if (touched.length === 0) return { result: done, audit: null };
        return { result: { ...done, applied: true }, audit: { action: "catalog_imported", details: auditDetails(done) } };
      });
    } catch (error) {
      if (error instanceof ImportRefused) return error.report;
      throw error;
    }
  }

  /** Plans the file against the catalog in `trx` and applies every create and update there, each product's refusals collected by row. */
  private async run(parsed: ParsedCsv, trx: Transaction<Database>, lock: boolean): Promise<CatalogImportReport> {
    // Imports take turns: a second one plans against what the first committed (never two creating one handle at once).
    if (lock) await sql`select pg_advisory_xact_lock(hashtext('catalog_csv_import'))`.execute(trx);
    const errors = [...parsed.errors];
    const handles = parsed.products.map((p) => p.handle);
    const current = await this.repository.byHandles(handles, trx, lock);
    const redirected = await this.repository.redirected(
      handles.filter((h) => !current.has(h)),
      trx,
    );
    const plans = planImport(parsed.products, current, redirected, errors);
    for (const plan of plans) {
      if (plan.action === "UNCHANGED") continue;
      // Each product on a savepoint: one refused is rolled back alone, so every product's refusals are found.
      await sql`savepoint catalog_import_product`.execute(trx);
      try {
        if (plan.action === "CREATE") await this.products.applyCreate(trx, { ...plan.write!, title: plan.title });
        else await this.products.applyUpdate(trx, plan.productId!, plan.write!);
        await sql`release savepoint catalog_import_product`.execute(trx);
      } catch (error) {
        if (!(error instanceof DomainError)) throw error;
        await sql`rollback to savepoint catalog_import_product`.execute(trx);
        errors.push({ ...locateRefusal(plan, error.field), message: error.message });
      }
    }
    return report(parsed, plans, false, errors);
  }

  /**
   * The whole catalog as CSV (every status, products by handle, variants in order), handed to
   * `write` a page of products at a time so a large catalog is never held whole.
   */
  async exportCsv(write: (chunk: string) => Promise<void>): Promise<void> {
    await write(stringify([[...CSV_COLUMNS]], { bom: true, record_delimiter: "windows" }));
    let after: string | null = null;
    for (;;) {
      const page = await this.repository.page(after, EXPORT_PAGE);
      if (page.length === 0) return;
      await write(stringify(page.flatMap(rowsOf), { record_delimiter: "windows" }));
      after = page.at(-1)!.handle;
    }
  }
}

/** A product's rows: its fields on the first, each variant on its own (Shopify's layout). */
function rowsOf(product: CsvProductState): string[][] {
  const variants = product.variants.length > 0 ? product.variants : [null];
  return variants.map((variant, i) => {
    const cells: Partial<Record<CsvColumn, string>> = { Handle: product.handle };
    if (i === 0) {
      Object.assign(cells, {
        Title: product.title,
        "Body (HTML)": product.descriptionHtml,
        Type: product.productType,
        Tags: product.tags.join(", "),
        Status: STATUS_WORDS[product.status],
        Customizable: booleanCell(product.customizable),
        "Fulfillment Partner": product.fulfillmentPartner,
        "SEO Title": product.seoTitle,
        "SEO Description": product.seoDescription,
      });
      if (product.options.length === 0) cells["Option1 Name"] = NO_OPTIONS_NAME;
      for (const [j, option] of product.options.entries()) cells[`Option${j + 1} Name` as CsvColumn] = option.name;
    }
    if (variant) {
      if (product.options.length === 0) cells["Option1 Value"] = NO_OPTIONS_VALUE;
      for (const [j, value] of variant.optionValues.entries()) cells[`Option${j + 1} Value` as CsvColumn] = value;
      Object.assign(cells, {
        "Variant SKU": variant.sku,
        "Variant Price": centsToDecimalString(variant.priceCents),
        "Variant Compare At Price": variant.compareAtCents === null ? "" : centsToDecimalString(variant.compareAtCents),
        "Variant Available": booleanCell(variant.availableForSale),
        "Variant Printful ID": variant.partnerVariantId ?? "",
      });
    }
    return CSV_COLUMNS.map((column) => escapeCell(cells[column] ?? ""));
  });
}

function report(parsed: ParsedCsv, plans: ProductPlan[], applied: boolean, errors: CsvRowError[] = parsed.errors): CatalogImportReport {
  const count = (action: ProductAction) => plans.filter((p) => p.action === action).length;
  return {
    applied,
    rowCount: parsed.rowCount,
    created: count("CREATE"),
    changed: count("UPDATE"),
    unchanged: count("UNCHANGED"),
    products: plans.map((p) => ({ row: p.row, handle: p.handle, title: p.title, action: p.action, changes: p.changes })),
    errors: [...errors].sort((a, b) => (a.row ?? 0) - (b.row ?? 0)),
    notices: parsed.notices,
  };
}

/** The audit entry of an import: how many, then every product created and changed by title and handle. */
function auditDetails(done: CatalogImportReport): string {
  const list = (action: ProductAction) =>
    done.products
      .filter((p) => p.action === action)
      .map((p) => `"${p.title}" (${p.handle})`)
      .join(", ");
  const parts = [`CSV import of ${done.rowCount} rows: ${done.created} created, ${done.changed} changed, ${done.unchanged} unchanged`];
  if (done.created > 0) parts.push(`created: ${list("CREATE")}`);
  if (done.changed > 0) parts.push(`changed: ${list("UPDATE")}`);
  return parts.join("; ");
}
