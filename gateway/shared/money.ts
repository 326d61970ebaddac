// Money is integer cents inside the gateway; these are the only conversions to the edge forms.
export const CURRENCY_CODE = "USD";

/** 2499 → "24.99" (GraphQL Money.amount, a decimal string as in the Shopify Storefront API). */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** 2499 → 24.99 (REST prices are numbers in dollars, spec §3). */
export function centsToDollars(cents: number): number {
  return Number(centsToDecimalString(cents));
}
