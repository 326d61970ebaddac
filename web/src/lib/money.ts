// Money in the client is counted in whole cents, as the gateway counts it (STYLE "Money is integer
// cents inside, formatted only at the edge"): amounts arrive as numbers or decimal strings, become
// cents here, and are added, multiplied and compared as cents; only `formatCents` turns them back.


/** A price as a number, from a number or a decimal string ("24.99"); null when it is not one. */
export function toAmount(value: unknown): number | null {
  if (typeof value === "number") return Number.isFinite(value) ? value : null;
  if (typeof value === "string" && /^\s*-?\d+(\.\d+)?\s*$/.test(value)) return Number(value);
  return null;
}

/** An amount in whole cents (24.99 or "24.99" → 2499), rounded to the nearest cent; null when it is not an amount. */
export function toCents(value: unknown): number | null {
  const amount = toAmount(value);
  return amount === null ? null : Math.round(amount * 100);
}

/**
 * A line's total: the unit price, in cents as the gateway stores it, times the quantity. The
 * cart's lines and its subtotal both use this, so the lines always add up to the subtotal.
 */
export function lineTotalCents(unitPrice: number | string, quantity: number): number | null {
  const unit = toCents(unitPrice);
  return unit === null ? null : unit * quantity;
}

/** How much is still missing to reach `target` (e.g. a free-shipping threshold); 0 once it is reached. */
export function centsShortOf(target: number, have: number): number {
  return Math.max(0, target - have);
}

/**
 * spec §9: prices in dollars with two decimals and a $ sign, as en-US writes them: 2499 → "$24.99",
 * 123456 → "$1,234.56", -500 → "-$5.00". Written out rather than with Intl.NumberFormat, whose
 * first use loads the browser's locale data in the middle of the page's start-up.
 */
export function formatCents(cents: number): string {
  const whole = Math.round(cents);
  const abs = Math.abs(whole);
  const dollars = String(Math.floor(abs / 100)).replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${whole < 0 ? "-" : ""}$${dollars}.${String(abs % 100).padStart(2, "0")}`;
}

/** "$24.99", from a number or a decimal string; "" when it is not an amount. */
export function formatPrice(value: number | string): string {
  const cents = toCents(value);
  return cents === null ? "" : formatCents(cents);
}

/** spec §9: round((compareAt − price) / compareAt × 100); null when there is no discount. */
export function percentOff(price: number | string, compareAt: number | string | null | undefined): number | null {
  const now = toCents(price);
  const before = compareAt === null || compareAt === undefined ? null : toCents(compareAt);
  if (now === null || before === null || before <= 0 || before <= now) return null;
  return Math.round(((before - now) / before) * 100);
}

/** spec §9: on sale (SALE badge, struck-through price) when compare-at is greater than price. */
export function isOnSale(price: number | string, compareAt: number | string | null | undefined): boolean {
  return percentOff(price, compareAt) !== null;
}
