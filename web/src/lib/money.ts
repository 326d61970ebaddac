// spec §9: prices in dollars with two decimals and a $ sign.
const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD", minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** A price as a number, from a number or a decimal string ("24.99"); null when it is not one. */
export function toAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** "$24.99". */
export function formatPrice(value: number | string): string {
  const amount = toAmount(value);
  return amount === null ? "" : usd.format(amount);
}

/** spec §9: round((compareAt − price) / compareAt × 100); null when there is no discount. */
export function percentOff(price: number | string, compareAt: number | string | null | undefined): number | null {
  const now = toAmount(price);
  const before = compareAt === null || compareAt === undefined ? null : toAmount(compareAt);
  if (now === null || before === null || before <= 0 || before <= now) return null;
  return Math.round(((before - now) / before) * 100);
}

/** spec §9: on sale (SALE badge, struck-through price) when compare-at is greater than price. */
export function isOnSale(price: number | string, compareAt: number | string | null | undefined): boolean {
  return percentOff(price, compareAt) !== null;
}
