import type { ProductDraft, SentShape } from "./productDraft";

/**
 * The gateway's userErrors placed at the editor's fields. Keys: a product field ("title", "handle",
 * "variants"…), `option:<key>.<name|values>`, `variant:<key>.<field>` (a cell of the grid) and
 * `variant:<key>` (the row: its option values). What names no field is `general`.
 */
export interface PlacedErrors {
  byField: Record<string, string>;
  general: string[];
}

export const NO_ERRORS: PlacedErrors = { byField: {}, general: [] };

const PRODUCT_FIELDS = new Set([
  "title",
  "handle",
  "descriptionHtml",
  "status",
  "tags",
  "productType",
  "seoTitle",
  "seoDescription",
  "fulfillmentPartner",
  "customizable",
  "options",
  "variants",
]);
const VARIANT_CELLS = new Set(["price", "compareAtPrice", "sku", "availableForSale", "imageId", "partnerVariantId"]);

/** How the editor names a field, for a message that starts with its path ("variants.2.price must be…"). */
const LABELS: Record<string, string> = {
  title: "Title",
  handle: "Handle",
  descriptionHtml: "Description",
  tags: "Tags",
  productType: "Product type",
  seoTitle: "Page title",
  seoDescription: "Meta description",
  fulfillmentPartner: "Fulfilment partner",
  options: "Options",
  variants: "Variants",
  name: "Option name",
  values: "Values",
  price: "Price",
  compareAtPrice: "Compare-at price",
  sku: "SKU",
  imageId: "Image",
  partnerVariantId: "Printful variant id",
  optionValues: "Option values",
};
/** One item of a list field ("tags[2]" → "Tag 3"). */
const ITEM_LABELS: Record<string, string> = { tags: "Tag", values: "Value" };

/** "variants.2.price must be an amount…" → "Price must be an amount…": the message in the editor's words. */
export function readableMessage(field: string, message: string): string {
  if (!message.startsWith(field)) return message;
  const last = field.split(".").pop()!;
  const rest = message.slice(field.length);
  const item = /^\[(\d+)\]/.exec(rest);
  if (item && ITEM_LABELS[last]) return `${ITEM_LABELS[last]} ${Number(item[1]) + 1}${rest.slice(item[0].length)}`;
  return LABELS[last] ? `${LABELS[last]}${rest}` : message;
}

/** Places each userError at the draft field it names; `sent` says which option and variant each index was. */
export function placeProductErrors(errors: readonly { field?: string | null; message: string }[], sent: SentShape): PlacedErrors {
  const byField: Record<string, string> = {};
  const general: string[] = [];
  const place = (key: string, message: string) => {
    if (!byField[key]) byField[key] = message;
  };
  for (const error of errors) {
    const field = (error.field ?? "").replace(/^input\./, "");
    const message = readableMessage(field, error.message);
    const option = /^options\.(\d+)(?:\.(\w+))?/.exec(field);
    const variant = /^variants\.(\d+)(?:\.(\w+))?/.exec(field);
    if (option && sent.optionKeys[Number(option[1])]) {
      const key = sent.optionKeys[Number(option[1])]!;
      place(`option:${key}.${option[2] === "name" ? "name" : "values"}`, message);
    } else if (variant && sent.variantKeys[Number(variant[1])]) {
      const key = sent.variantKeys[Number(variant[1])]!;
      place(variant[2] && VARIANT_CELLS.has(variant[2]) ? `variant:${key}.${variant[2]}` : `variant:${key}`, message);
    } else if (PRODUCT_FIELDS.has(field)) {
      place(field, message);
    } else {
      general.push(message);
    }
  }
  return { byField, general };
}

// The gateway's form of a price (shared/money.ts DECIMAL_AMOUNT): dollars and cents.
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const centsOf = (text: string) => {
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};

/**
 * What the editor can tell before asking the gateway, for every field at once (the gateway answers
 * one refusal at a time): a title, and prices it would take. The gateway checks everything again.
 */
export function checkDraft(draft: ProductDraft): PlacedErrors {
  const byField: Record<string, string> = {};
  if (!draft.title.trim()) byField.title = "Enter the product's title";
  for (const variant of draft.variants) {
    const price = variant.price.trim();
    const compareAt = variant.compareAtPrice.trim();
    if (!price) byField[`variant:${variant.key}.price`] = "Enter a price";
    else if (!AMOUNT.test(price)) byField[`variant:${variant.key}.price`] = "Enter dollars and cents, e.g. 24.99";
    else if (centsOf(price) <= 0) byField[`variant:${variant.key}.price`] = "Enter more than 0.00";
    if (compareAt && !AMOUNT.test(compareAt)) byField[`variant:${variant.key}.compareAtPrice`] = "Enter dollars and cents, or leave it empty";
    else if (compareAt && AMOUNT.test(price) && centsOf(compareAt) <= centsOf(price)) byField[`variant:${variant.key}.compareAtPrice`] = "Enter more than the price, or leave it empty";
  }
  return { byField, general: [] };
}
