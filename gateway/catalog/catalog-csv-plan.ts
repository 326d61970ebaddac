import { centsToDecimalString } from "../shared/money.js";
import { sanitizeDescriptionHtml } from "./description-html.js";
import type { CsvProduct, CsvProductFields, CsvRowError, CsvVariantRow } from "./catalog-csv-reader.js";
import type { CsvProductState, CsvVariantState } from "./catalog-csv.repository.js";
import { optionNameColumn, optionValueColumn, STATUS_WORDS } from "./catalog-csv-format.js";
import type { ProductWrite, VariantInputRecord } from "./product-admin.records.js";

// What a CSV file asks of the catalog as it is now: each product of the file created, changed (the
// write the product service is to apply, and what changes in words) or unchanged. Matching: a
// product by its handle; a variant by its SKU, else by its option values. Variants of a product in
// the file are its whole set (as in the editor): one the file leaves out is removed.

export type ProductAction = "CREATE" | "UPDATE" | "UNCHANGED";

export interface ProductPlan {
  handle: string;
  row: number;
  title: string;
  action: ProductAction;
  /** The product changed (UPDATE). */
  productId: string | null;
  write: ProductWrite | null;
  /** What changes, in words (empty when unchanged). */
  changes: string[];
  /** The row of each variant of the write, in its order (to name rows in the product service's refusals). */
  variantRows: number[];
}

const FIELD_COLUMNS: { key: keyof CsvProductFields; column: string; show: (value: unknown) => string }[] = [
  { key: "title", column: "Title", show: quoted },
  { key: "descriptionHtml", column: "Body (HTML)", show: () => "" },
  { key: "productType", column: "Type", show: quoted },
  { key: "tags", column: "Tags", show: (v) => quoted((v as string[]).join(", ")) },
  { key: "status", column: "Status", show: (v) => STATUS_WORDS[v as keyof typeof STATUS_WORDS] },
  { key: "customizable", column: "Customizable", show: (v) => (v ? "TRUE" : "FALSE") },
  { key: "fulfillmentPartner", column: "Fulfillment Partner", show: quoted },
  { key: "seoTitle", column: "SEO Title", show: quoted },
  { key: "seoDescription", column: "SEO Description", show: quoted },
];

function quoted(value: unknown): string {
  const text = String(value);
  return `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;
}

const money = (cents: number | null) => (cents === null ? "none" : centsToDecimalString(cents));
const sameList = (a: string[], b: string[]) => a.length === b.length && a.every((v, i) => v === b[i]);
const variantName = (values: string[]) => (values.length === 0 ? "Default Title" : values.join(" / "));

/** Plans every valid product of the file against the catalog now; refusals found here are added to `errors`. */
export function planImport(
  products: CsvProduct[],
  current: Map<string, CsvProductState>,
  redirected: Map<string, { title: string; handle: string }>,
  errors: CsvRowError[],
): ProductPlan[] {
  const plans: ProductPlan[] = [];
  for (const product of products) {
    if (product.invalid) continue;
    const existing = current.get(product.handle);
    if (existing) {
      plans.push(planUpdate(product, existing));
      continue;
    }
    const former = redirected.get(product.handle);
    if (former) {
      errors.push({
        row: product.row,
        column: "Handle",
        message: `"${product.handle}" was the handle of "${former.title}", now "${former.handle}" (its old links lead there): use its current handle, or choose another`,
      });
      continue;
    }
    if (product.fields.title === undefined) {
      errors.push({ row: product.row, column: "Title", message: "Title is required for a new product" });
      continue;
    }
    plans.push(planCreate(product, product.fields.title));
  }
  return plans;
}

function planCreate(product: CsvProduct, title: string): ProductPlan {
  const variants = product.variants.map((v) => variantInput(v, null));
  return {
    handle: product.handle,
    row: product.row,
    title,
    action: "CREATE",
    productId: null,
    write: { ...product.fields, handle: product.handle, title, options: product.options, variants },
    changes: [`New product with ${variants.length} variant${variants.length === 1 ? "" : "s"}`],
    variantRows: product.variants.map((v) => v.row),
  };
}

function planUpdate(product: CsvProduct, state: CsvProductState): ProductPlan {
  const write: ProductWrite = {};
  const changes: string[] = [];
  const fields = { ...product.fields };
  if (fields.descriptionHtml !== undefined) fields.descriptionHtml = sanitizeDescriptionHtml(fields.descriptionHtml);
  for (const { key, column, show } of FIELD_COLUMNS) {
    const next = fields[key];
    if (next === undefined) continue;
    const now = state[key as keyof CsvProductState];
    const same = Array.isArray(next) ? sameList(next, now as string[]) : next === now;
    if (same) continue;
    (write as Record<string, unknown>)[key] = next;
    changes.push(key === "descriptionHtml" ? "Body (HTML) changed" : `${column}: ${show(now)} → ${show(next)}`);
  }

  const options = product.options.map((option) => {
    const was = state.options.find((o) => o.name === option.name);
    // The same values as now keep their order (the editor's), so a file in another order changes nothing.
    return was && was.values.length === option.values.length && option.values.every((v) => was.values.includes(v)) ? { name: option.name, values: was.values } : option;
  });
  const optionsChanged = options.length !== state.options.length || options.some((o, i) => o.name !== state.options[i]!.name || !sameList(o.values, state.options[i]!.values));
  if (optionsChanged) changes.push(`Options: ${describeOptions(state.options)} → ${describeOptions(options)}`);

  const unmatched = new Set(state.variants);
  const matched = product.variants.map((row) => {
    let found = row.sku ? [...unmatched].find((v) => v.sku === row.sku) : undefined;
    found ??= [...unmatched].find((v) => sameList(v.optionValues, row.optionValues));
    if (found) unmatched.delete(found);
    return { row, found: found ?? null };
  });
  const variants = matched.map(({ row, found }) => variantInput(row, found));
  const variantChanges: string[] = [];
  for (const [i, { row, found }] of matched.entries()) {
    const next = variants[i]!;
    if (!found) {
      variantChanges.push(`Variant added: ${variantName(row.optionValues)}`);
      continue;
    }
    const diffs = variantDiffs(found, next);
    if (diffs.length > 0) variantChanges.push(`Variant ${found.title}: ${diffs.join("; ")}`);
  }
  for (const gone of unmatched) variantChanges.push(`Variant removed: ${gone.title}${gone.inUse ? " (archived: an order or a cart names it)" : ""}`);
  const keptOrder = matched.flatMap(({ found }) => (found ? [found.id] : []));
  const stateOrder = state.variants.filter((v) => !unmatched.has(v)).map((v) => v.id);
  if (variantChanges.length === 0 && !sameList(keptOrder, stateOrder)) variantChanges.push("Variants reordered");
  changes.push(...variantChanges);
  if (optionsChanged) write.options = options;
  if (optionsChanged || variantChanges.length > 0) write.variants = variants;

  const changed = changes.length > 0;
  return {
    handle: product.handle,
    row: product.row,
    title: fields.title ?? state.title,
    action: changed ? "UPDATE" : "UNCHANGED",
    productId: state.id,
    write: changed ? write : null,
    changes,
    variantRows: product.variants.map((v) => v.row),
  };
}

/** A row as the product service's variant: what the file leaves out stays as the matched variant has it. */
function variantInput(row: CsvVariantRow, found: CsvVariantState | null): VariantInputRecord {
  return {
    id: found?.id ?? null,
    optionValues: row.optionValues,
    priceCents: row.priceCents,
    compareAtCents: row.compareAtCents !== undefined ? row.compareAtCents : (found?.compareAtCents ?? null),
    sku: row.sku ?? found?.sku ?? "",
    availableForSale: row.availableForSale ?? found?.availableForSale ?? true,
    imageId: found?.imageId ?? null,
    partnerVariantId: row.partnerVariantId !== undefined ? row.partnerVariantId : (found?.partnerVariantId ?? null),
  };
}

function variantDiffs(now: CsvVariantState, next: VariantInputRecord): string[] {
  const diffs: string[] = [];
  if (!sameList(now.optionValues, next.optionValues)) diffs.push(`options ${variantName(now.optionValues)} → ${variantName(next.optionValues)}`);
  if (now.priceCents !== next.priceCents) diffs.push(`Variant Price ${money(now.priceCents)} → ${money(next.priceCents)}`);
  if (now.compareAtCents !== next.compareAtCents) diffs.push(`Variant Compare At Price ${money(now.compareAtCents)} → ${money(next.compareAtCents)}`);
  if (now.sku !== next.sku) diffs.push(`Variant SKU "${now.sku}" → "${next.sku}"`);
  if (now.availableForSale !== next.availableForSale) diffs.push(`Variant Available ${now.availableForSale ? "TRUE" : "FALSE"} → ${next.availableForSale ? "TRUE" : "FALSE"}`);
  if (now.partnerVariantId !== next.partnerVariantId) diffs.push(`Variant Printful ID ${now.partnerVariantId ?? "none"} → ${next.partnerVariantId ?? "none"}`);
  return diffs;
}

function describeOptions(options: { name: string; values: string[] }[]): string {
  return options.length === 0 ? "none" : options.map((o) => `${o.name} (${o.values.join(", ")})`).join(", ");
}

/** Where a refusal of the product service (its field path) sits in the file: the row and the column. */
export function locateRefusal(plan: ProductPlan, field: string | undefined): { row: number; column: string | null } {
  const variant = /^variants\.(\d+)\.(\w+)/.exec(field ?? "");
  if (variant) {
    const row = plan.variantRows[Number(variant[1])] ?? plan.row;
    const column =
      { sku: "Variant SKU", compareAtPrice: "Variant Compare At Price", partnerVariantId: "Variant Printful ID", optionValues: optionValueColumn(1), id: "Variant SKU", price: "Variant Price" }[
        variant[2]!
      ] ?? null;
    return { row, column };
  }
  const option = /^options\.(\d+)\.(name|values)/.exec(field ?? "");
  if (option) return { row: plan.row, column: option[2] === "name" ? optionNameColumn(Number(option[1]) + 1) : optionValueColumn(Number(option[1]) + 1) };
  const column = { handle: "Handle", title: "Title", variants: optionNameColumn(1), status: "Status" }[field ?? ""] ?? null;
  return { row: plan.row, column };
}
