// Money is integer cents inside the gateway; these are the only conversions to the edge forms.
export const CURRENCY_CODE = "USD";

/** An amount as both APIs answer it (GraphQL's Money, REST's price objects of spec §3), as in the Shopify Storefront API. */
export interface MoneyAmount {
  amount: string;
  currencyCode: string;
}

/** 2499 → "24.99" (Money.amount, a decimal string as in the Shopify Storefront API). */
export function centsToDecimalString(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** toMoney's shape as JSON Schema (the REST API's description). */
export const MONEY_JSON = {
  title: "Money",
  description: 'An amount of money: a decimal string of dollars and cents, e.g. {"amount": "24.99", "currencyCode": "USD"}.',
  type: "object",
  required: ["amount", "currencyCode"],
  additionalProperties: false,
  properties: { amount: { type: "string", pattern: "^-?\\d+\\.\\d{2}$" }, currencyCode: { const: CURRENCY_CODE } },
};

/** 2499 → { amount: "24.99", currencyCode: "USD" }. */
export function toMoney(cents: number): MoneyAmount {
  return { amount: centsToDecimalString(cents), currencyCode: CURRENCY_CODE };
}

/** 2499 → 24.99 (REST catalog prices are numbers in dollars, spec §3). */
export function centsToDollars(cents: number): number {
  return Number(centsToDecimalString(cents));
}

/** 2499 → "$24.99"; 123456 → "$1,234.56" (the one price format of the server-rendered store pages, spec §9). */
export function formatMoney(cents: number): string {
  const [whole, fraction] = centsToDecimalString(cents).split(".");
  return `$${whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ",")}.${fraction}`;
}

/** A decimal amount as the APIs take one: dollars with at most two decimals ("12", "12.5", "12.50"); no sign, no thousands separator. */
export const DECIMAL_AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** "12.50" → 1250; null when the text is not a DECIMAL_AMOUNT. */
export function decimalStringToCents(value: string): number | null {
  const trimmed = value.trim();
  if (!DECIMAL_AMOUNT.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}
