import { formatMoney } from "../shared/money.js";
import { priceCentsProblem } from "./catalog-rules.js";

// The arithmetic of a bulk price change, on integer cents only: the preview and the change itself
// both compute a variant's new prices here, so what the owner was shown is what is written.

/** The most products one bulk change takes: enough for a season's re-pricing, short enough that it never holds the catalog for long. */
export const MAX_BULK_PRODUCTS = 5_000;

/** A percentage as text: an optional sign, up to four digits, up to two decimals ("-15", "+10", "12.5"). */
export const PERCENT = /^[+-]?\d{1,4}(\.\d{1,2})?$/;
/** The largest raise one change makes: +1000 % (eleven times the price). */
const MAX_PERCENT_HUNDREDTHS = 100_000;
/** 100 % in hundredths of a percent: a change is a factor of (HUNDRED + p) / HUNDRED. */
const HUNDRED = 10_000;

/** A price change: by a percentage (in hundredths of a percent: -1500 is -15 %) or to an amount. */
export type PriceChange = { kind: "percent"; hundredths: number } | { kind: "amount"; cents: number };

/** "-15" → -1500, "+12.5" → 1250; null when the text is not a PERCENT. */
export function percentToHundredths(text: string): number | null {
  const trimmed = text.trim();
  const match = PERCENT.exec(trimmed);
  if (!match) return null;
  const negative = trimmed.startsWith("-");
  const [whole, fraction = ""] = trimmed.replace(/^[+-]/, "").split(".");
  const hundredths = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  return negative ? -hundredths : hundredths;
}

/** Why a percentage is refused, or null: it must change prices, and leave them more than nothing. */
export function percentProblem(value: unknown, field: string): string | null {
  const hundredths = typeof value === "string" ? percentToHundredths(value) : null;
  if (hundredths === null) return `${field} must be a percentage such as -15 or 10 (at most two decimals)`;
  if (hundredths === 0) return `${field} must not be 0: it would change nothing`;
  if (hundredths <= -HUNDRED) return `${field} must be more than -100`;
  if (hundredths > MAX_PERCENT_HUNDREDTHS) return `${field} must be at most 1000`;
  return null;
}

/**
 * `cents` changed by `hundredths` of a percent, rounded half-up to the cent: the exact result
 * cents × (10000 + hundredths) / 10000 is always positive (a change is more than -100 %), and one
 * that ends in exactly half a cent goes to the cent above, for a cut as for a raise (-50 % of $0.01
 * is $0.005, which becomes $0.01; -15 % of $0.10 is $0.085, which becomes $0.09). In whole numbers
 * (BigInt), so no binary fraction ever rounds a cent the wrong way.
 */
export function scaleCents(cents: number, hundredths: number): number {
  const exact = BigInt(cents) * BigInt(HUNDRED + hundredths);
  const denominator = BigInt(HUNDRED);
  return Number((2n * exact + denominator) / (2n * denominator));
}

/** A variant's prices before or after a change. */
export interface VariantPrices {
  priceCents: number;
  compareAtCents: number | null;
}

/**
 * A variant's prices after `change`. A percentage scales the price and the compare-at price alike,
 * so a sale keeps its percent off; an amount leaves the compare-at price as it is. Either way a
 * compare-at price that is no longer more than the new price is dropped (the sale ends), so the
 * rule "compare-at more than price" always holds.
 */
export function changedPrices(current: VariantPrices, change: PriceChange): VariantPrices {
  const priceCents = change.kind === "percent" ? scaleCents(current.priceCents, change.hundredths) : change.cents;
  const scaledCompareAt = current.compareAtCents === null || change.kind === "amount" ? current.compareAtCents : scaleCents(current.compareAtCents, change.hundredths);
  return { priceCents, compareAtCents: scaledCompareAt !== null && scaledCompareAt > priceCents ? scaledCompareAt : null };
}

/** Why a variant's new prices leave today's bounds (more than 0.00, at most 999999.99), or null. */
export function newPricesProblem(variantTitle: string, next: VariantPrices): string | null {
  const price = priceCentsProblem(next.priceCents, "a price");
  if (price) return `${variantTitle} would cost ${formatMoney(next.priceCents)}, and ${price}`;
  const compareAt = next.compareAtCents === null ? null : priceCentsProblem(next.compareAtCents, "a compare-at price");
  if (compareAt) return `${variantTitle} would have a compare-at price of ${formatMoney(next.compareAtCents!)}, and ${compareAt}`;
  return null;
}

/** The change in words, for the audit log: "-15%", "+10%", "set to $20.00". */
export function describeChange(change: PriceChange): string {
  if (change.kind === "amount") return `set to ${formatMoney(change.cents)}`;
  const abs = Math.abs(change.hundredths);
  const number = `${Math.trunc(abs / 100)}${abs % 100 === 0 ? "" : `.${String(abs % 100).padStart(2, "0").replace(/0$/, "")}`}`;
  return `${change.hundredths < 0 ? "-" : "+"}${number}%`;
}
