// Where each Home figure leads: the orders list's addresses (its status, date, product and
// print-partner filters), with dates as the staff's local dates, both ends included.

/** The orders placed from `from` to `to` (YYYY-MM-DD, inclusive), whatever their status. */
export const ordersPlacedHref = (from: string, to: string) => `/admin/orders?${new URLSearchParams({ status: "ALL", from, to })}`;

/** The orders waiting to ship: the list's default view. */
export const TO_SHIP_HREF = "/admin/orders";

/** The orders whose print-partner job failed. */
export const FAILED_PARTNER_HREF = "/admin/orders?status=ALL&partner=FAILED";

/** The orders with a product on them, placed from `from` to `to`. */
export const productOrdersHref = (productId: string, from: string, to: string) =>
  `/admin/orders?${new URLSearchParams({ status: "ALL", product: productId, from, to })}`;

const dayFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", timeZone: "UTC" });

/** "2026-11-03" → "Nov 3" (a calendar date: no time zone moves it). */
export function formatDay(date: string): string {
  const at = new Date(`${date}T00:00:00Z`);
  return Number.isNaN(at.getTime()) ? date : dayFormat.format(at);
}

/** The browser's IANA time zone, which the Home figures count days in; UTC when it cannot tell. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}
