/** What a shopper types as an order number: "#1001" or " 1001 " → 1001; null when it is not one. */
export function parseOrderNumber(value: string): number | null {
  const digits = value.trim().replace(/^#/, "");
  return /^\d{1,9}$/.test(digits) && Number(digits) > 0 ? Number(digits) : null;
}
