// The cart's input rules, pure and in one place (the service applies them before anything is written).
import { isUuid } from "../shared/ids.js";
import { priceOrder } from "../shared/pricing.js";
import { CartError } from "./cart.errors.js";
import { displayVariantTitle, type CartDiscount, type CartLineRequest, type CartLineWrite, type CartRecord, type CustomAttribute, type MerchandiseSale, type PricedCart } from "./cart.records.js";

/**
 * spec §5 sets no upper bound on quantity, so the bound on a line is one no shopper meets (99,999)
 * but that still refuses an int4 overflow or a 100-digit number as INVALID_QUANTITY. A cart holds at
 * most 100 lines and one call adds at most 100 lines. With prices of at most $999,999.99 (a CHECK,
 * migration 010) every total stays an exact integer number of cents; checkout refuses an order
 * above what one payment takes (MAX_CHARGE_CENTS). How many lines one call takes is checked at the
 * edge (cart.types.ts `linesPerCallProblem`, on the GraphQL arguments and the REST bodies).
 */
export const MAX_LINE_QUANTITY = 99_999;
/** The bound as messages and descriptions write it: "99,999". */
export const MAX_LINE_QUANTITY_TEXT = MAX_LINE_QUANTITY.toLocaleString("en-US");
export const MAX_CART_LINES = 100;
export const MAX_LINES_PER_CALL = 100;
export const MAX_ATTRIBUTES_PER_LINE = 10;
export const MAX_ATTRIBUTE_KEY_LENGTH = 64;
export const MAX_ATTRIBUTE_VALUE_LENGTH = 500;

export function checkQuantity(quantity: number, field: string): number {
  if (!Number.isInteger(quantity) || quantity < 1 || quantity > MAX_LINE_QUANTITY) {
    throw new CartError("INVALID_QUANTITY", `Quantity must be a whole number from 1 to ${MAX_LINE_QUANTITY_TEXT}`, field);
  }
  return quantity;
}

/** Custom attributes (such as a design's id): a few short keys, each once. Keys are trimmed. */
function checkAttributes(attributes: CustomAttribute[], field: string): CustomAttribute[] {
  if (attributes.length > MAX_ATTRIBUTES_PER_LINE) {
    throw new CartError("INVALID_ATTRIBUTES", `A line takes at most ${MAX_ATTRIBUTES_PER_LINE} custom attributes`, field);
  }
  const seen = new Set<string>();
  return attributes.map((attribute, i) => {
    const key = attribute.key.trim();
    if (key.length < 1 || key.length > MAX_ATTRIBUTE_KEY_LENGTH) {
      throw new CartError("INVALID_ATTRIBUTES", `A custom attribute key must be 1 to ${MAX_ATTRIBUTE_KEY_LENGTH} characters`, `${field}.${i}.key`);
    }
    if (attribute.value.length > MAX_ATTRIBUTE_VALUE_LENGTH) {
      throw new CartError("INVALID_ATTRIBUTES", `A custom attribute value must be at most ${MAX_ATTRIBUTE_VALUE_LENGTH} characters`, `${field}.${i}.value`);
    }
    if (seen.has(key)) throw new CartError("INVALID_ATTRIBUTES", `The custom attribute "${key}" is given twice`, `${field}.${i}.key`);
    seen.add(key);
    return { key, value: attribute.value };
  });
}

/** Same attributes in any order are the same design: the key sorts them. */
function attributesKey(attributes: CustomAttribute[]): string {
  return JSON.stringify([...attributes].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)).map((a) => [a.key, a.value]));
}

/**
 * How an error names a line: the title the shopper saw (sync sends it), else the catalog's product
 * title, else the variant id asked for, else "unknown item".
 */
export function lineLabel(line: { title?: string | null; variantId: string }, productTitle?: string): string {
  const title = line.title?.trim();
  if (title) return title.slice(0, 200);
  if (productTitle) return productTitle;
  return line.variantId.trim().slice(0, 100) || "unknown item";
}

export function priceMissing(label: string, field: string, reason: "MERCHANDISE_NOT_FOUND" | "PRICE_MISSING" = "PRICE_MISSING") {
  return new CartError(reason, `Price data missing for item: ${label}`, field);
}

/**
 * Why a variant cannot be bought now, in words naming it (the product's title, and the variant's
 * when it has options), or null when it can: a variant staff removed, or a product that is not
 * ACTIVE (a draft, or archived), is no longer available; a variant staff took off sale is not
 * available for sale right now. A cart takes neither, and checkout refuses a cart that holds one.
 */
export function unavailableReason(merchandise: MerchandiseSale): string | null {
  const variantTitle = displayVariantTitle(merchandise.variantTitle);
  const name = variantTitle ? `${merchandise.productTitle} (${variantTitle})` : merchandise.productTitle;
  if (merchandise.archived || merchandise.productStatus !== "ACTIVE") return `${name} is no longer available`;
  if (!merchandise.forSale) return `${name} is not available for sale right now`;
  return null;
}

/** The refusal of a line whose variant cannot be bought now (`unavailableReason`), or null. */
export function unavailable(merchandise: MerchandiseSale, field: string): CartError | null {
  const reason = unavailableReason(merchandise);
  return reason === null ? null : new CartError("MERCHANDISE_NOT_APPLICABLE", reason, field);
}

/**
 * Checks the lines of one call (as many as the edge let through) and merges repeats: the same
 * variant with the same attributes is one line whose quantities add (spec §4). Variant ids that
 * cannot exist are refused here already.
 */
export function prepareLines(lines: CartLineRequest[], field = "lines"): CartLineWrite[] {
  const merged = new Map<string, CartLineWrite>();
  lines.forEach((line, i) => {
    const at = `${field}.${i}`;
    if (!isUuid(line.variantId)) throw priceMissing(lineLabel(line), `${at}.variantId`, "MERCHANDISE_NOT_FOUND");
    const quantity = checkQuantity(line.quantity, `${at}.quantity`);
    const customAttributes = checkAttributes(line.customAttributes, `${at}.customAttributes`);
    const key = attributesKey(customAttributes);
    const id = `${line.variantId.toLowerCase()} ${key}`;
    const existing = merged.get(id);
    if (existing) {
      existing.quantity = checkQuantity(existing.quantity + quantity, `${at}.quantity`);
    } else {
      merged.set(id, { variantId: line.variantId.toLowerCase(), quantity, customAttributes, attributesKey: key, field: at, title: line.title?.trim() || null });
    }
  });
  return [...merged.values()];
}

/**
 * The totals of a cart from its lines' current catalog prices and its code as judged now; no
 * shipping yet (spec §9: total equals subtotal, less the code's discount when one applies).
 */
export function priceCart(cart: CartRecord, judged: { discount: CartDiscount; eligible: boolean[] } | null = null): PricedCart {
  const applied = judged?.discount.applicable ? judged : null;
  const discountable = cart.lines.map((_, i) => (judged ? judged.eligible[i] === true : true));
  const pricing = priceOrder(
    cart.lines.map((l, i) => ({ unitPriceCents: l.merchandise.priceCents, quantity: l.quantity, discountable: discountable[i] })),
    null,
    applied ? applied.discount.pricing : null,
  );
  const lines = cart.lines.map((l, i) => {
    const priced = pricing.lines[i]!;
    return { ...l, subtotalCents: priced.subtotalCents, discountable: discountable[i]!, discountCents: priced.discountCents, totalCents: priced.totalCents };
  });
  const totalQuantity = lines.reduce((sum, l) => sum + l.quantity, 0);
  return {
    ...cart,
    lines,
    totalQuantity,
    subtotalCents: pricing.subtotalCents,
    discount: judged?.discount ?? null,
    discountCents: pricing.discountCents,
    totalCents: pricing.totalCents,
  };
}
