import { lineTotalCents, toAmount } from "../../lib/money";
import { attributesKey, designIdOf, readLineAttributes, type CartLineAttribute } from "./lineAttributes";

// spec §3/§4: the local cart is a list under the browser storage key `cart`; every change is saved
// and announced with a `cart-updated` event (other tabs hear the storage event).
export const CART_STORAGE_KEY = "cart";
export const CART_UPDATED_EVENT = "cart-updated";

/** One line of the local cart, as spec §3 stores it. `price` is null when the stored value is not a price. */
export interface LocalCartLine {
  /** The variant's id. */
  id: string;
  title: string;
  variantTitle?: string;
  image: string;
  price: number | null;
  quantity: number;
  /** A meme or custom design line's attributes (`lineAttributes`); absent on plain lines and older stored carts. */
  customAttributes?: CartLineAttribute[];
  /**
   * A custom design's print-quality warning, as the design's upload answered it (the gateway's words:
   * the picture may print blurry at its size); absent when it prints fine, and on every other line.
   */
  printWarning?: string;
}

/** A warning is a sentence; a stored one longer than this is not the gateway's and is dropped. */
const MAX_PRINT_WARNING_LENGTH = 300;

/** The print-quality warning a line may carry: text of a sensible length, on a custom design's line only. */
function linePrintWarning(value: unknown, customAttributes: readonly CartLineAttribute[] | undefined): string | undefined {
  return typeof value === "string" && value.trim() && value.length <= MAX_PRINT_WARNING_LENGTH && designIdOf({ customAttributes }) ? value : undefined;
}

/** A stored quantity that is not a whole number ≥ 1 counts as 1 (spec §5: minimum 1). */
function storedQuantity(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) && value >= 1 ? Math.floor(value) : 1;
}

/** spec §3: "Default Title" (a product without options) is no variant title. */
export function displayVariantTitle(value: unknown): string | undefined {
  return typeof value === "string" && value.trim() !== "" && value !== "Default Title" ? value : undefined;
}

function toLine(value: unknown): LocalCartLine | null {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return null;
  const raw = value as Record<string, unknown>;
  if (typeof raw.id !== "string" || raw.id === "") return null;
  const price = typeof raw.price === "object" && raw.price !== null ? (raw.price as Record<string, unknown>).amount : raw.price;
  const customAttributes = readLineAttributes(raw.customAttributes);
  const printWarning = linePrintWarning(raw.printWarning, customAttributes);
  return {
    id: raw.id,
    title: typeof raw.title === "string" ? raw.title : "",
    variantTitle: displayVariantTitle(raw.variantTitle),
    image: typeof raw.image === "string" ? raw.image : "",
    price: toAmount(price),
    quantity: storedQuantity(raw.quantity),
    ...(customAttributes.length > 0 ? { customAttributes } : {}),
    ...(printWarning ? { printWarning } : {}),
  };
}

/**
 * What tells lines apart: the variant, plus its custom attributes when it has any (a plain tee and
 * the same tee with a design are two lines: a line is one variant with one set of custom attributes,
 * docs/api.md "Carts"). A plain line's key is its variant id, as before attributes existed.
 */
export function lineKey(line: Pick<LocalCartLine, "id" | "customAttributes">): string {
  const attributes = line.customAttributes ?? [];
  return attributes.length === 0 ? line.id : `${line.id}|${attributesKey(attributes)}`;
}

/**
 * The cart a stored value stands for. Anything that is not a list (unparseable JSON, an object, a
 * number…) is an empty cart; entries of the list that are not lines (no variant id) are dropped.
 * Lines without a usable price are kept as they are: the cart shows "Price error" for them.
 */
export function parseCart(raw: string | null): LocalCartLine[] {
  if (raw === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  return value.map(toLine).filter((line): line is LocalCartLine => line !== null);
}

/**
 * spec §5: a price must be a positive number to add, sync or check out. The amount (a number or a
 * decimal string such as "24.99") when it is one; null when it is not.
 */
export function usablePrice(value: unknown): number | null {
  const amount = toAmount(value);
  return amount !== null && amount > 0 ? amount : null;
}

/** spec §5 (`usablePrice`): a line the cart can total and check out. */
export function hasUsablePrice(line: Pick<LocalCartLine, "price">): line is LocalCartLine & { price: number } {
  return usablePrice(line.price) !== null;
}

/**
 * spec §4: the same variant (with the same custom attributes) raises its quantity, otherwise the line
 * is appended. `max` is the most one line may hold (the store's bound, `shop.maxLineQuantity`; spec
 * §5 sets none): the line stops there, and a line already at `max` leaves the cart unchanged.
 */
export function addLine(lines: LocalCartLine[], line: LocalCartLine, max = Infinity): LocalCartLine[] {
  const key = lineKey(line);
  const held = quantityOf(lines, key);
  const added = Math.max(0, Math.min(storedQuantity(line.quantity), max - held));
  if (added === 0) return lines;
  if (held > 0) return lines.map((l) => (lineKey(l) === key ? { ...l, quantity: held + added } : l));
  return [...lines, { ...line, quantity: added }];
}

/** How many of a line (by `lineKey`) the cart holds. */
export function quantityOf(lines: LocalCartLine[], key: string): number {
  return lines.find((l) => lineKey(l) === key)?.quantity ?? 0;
}

/**
 * spec §4: a quantity below 1 is ignored (the cart is returned unchanged); above `max` (the store's
 * bound) it is set to `max`. `key` is the line's `lineKey` (for a plain line, its variant id).
 */
export function setLineQuantity(lines: LocalCartLine[], key: string, quantity: number, max = Infinity): LocalCartLine[] {
  if (!Number.isFinite(quantity) || quantity < 1) return lines;
  const next = Math.min(Math.floor(quantity), Math.max(1, max));
  if (lines.every((l) => lineKey(l) !== key || l.quantity === next)) return lines;
  return lines.map((l) => (lineKey(l) === key ? { ...l, quantity: next } : l));
}

/** `key` is the line's `lineKey` (for a plain line, its variant id). */
export function removeLine(lines: LocalCartLine[], key: string): LocalCartLine[] {
  return lines.filter((l) => lineKey(l) !== key);
}

/** The header badge: the sum of the quantities. */
export function itemCount(lines: LocalCartLine[]): number {
  return lines.reduce((sum, l) => sum + l.quantity, 0);
}

/** Sum of the line totals, in cents, over the lines that have a price (spec §9: the total equals the subtotal). */
export function subtotalCents(lines: LocalCartLine[]): number {
  return lines.reduce((sum, l) => (hasUsablePrice(l) ? sum + (lineTotalCents(l.price, l.quantity) ?? 0) : sum), 0);
}

/** spec §5: checkout refuses while a line has a missing or non-numeric price. */
export function firstLineWithoutPrice(lines: LocalCartLine[]): LocalCartLine | undefined {
  return lines.find((l) => !hasUsablePrice(l));
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** The stored value as it is (the snapshot the hooks compare). */
export function readStoredCart(): string | null {
  try {
    return storage()?.getItem(CART_STORAGE_KEY) ?? null;
  } catch {
    return null;
  }
}

export function loadCart(): LocalCartLine[] {
  return parseCart(readStoredCart());
}

/** Saves the cart and fires `cart-updated`. Throws when storage refuses (full or disabled). */
export function saveCart(lines: LocalCartLine[]): void {
  const store = storage();
  if (!store) throw new Error("Browser storage is not available");
  store.setItem(CART_STORAGE_KEY, JSON.stringify(lines));
  window.dispatchEvent(new Event(CART_UPDATED_EVENT));
}

/** Calls `onChange` whenever the cart changes, in this tab or another. */
export function subscribeToCart(onChange: () => void): () => void {
  const onStorage = (event: StorageEvent) => {
    if (event.key === CART_STORAGE_KEY || event.key === null) onChange();
  };
  window.addEventListener(CART_UPDATED_EVENT, onChange);
  window.addEventListener("storage", onStorage);
  return () => {
    window.removeEventListener(CART_UPDATED_EVENT, onChange);
    window.removeEventListener("storage", onStorage);
  };
}
