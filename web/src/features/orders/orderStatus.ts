import type { OrderFulfillmentStatus } from "../../gql/graphql";

type OrderStatusLabel = "Shipped" | "Processing" | "Pending" | "Cancelled";

/** The steps of the checkout-success and status-page timelines. */
export type FulfillmentStage = "confirmed" | "processing" | "shipped";

/**
 * spec §4 Order fulfilment display: FULFILLED is "Shipped", IN_PROGRESS "Processing", CANCELLED
 * "Cancelled", anything else "Pending".
 */
export function fulfillmentLabel(status: OrderFulfillmentStatus | string | null | undefined): OrderStatusLabel {
  if (status === "FULFILLED") return "Shipped";
  if (status === "CANCELLED") return "Cancelled";
  if (status === "IN_PROGRESS") return "Processing";
  return "Pending";
}

/** Where the Order Confirmed / Processing / Shipped timeline stands: a pending (or cancelled) order is confirmed. */
export function fulfillmentTimelineStage(status: OrderFulfillmentStatus | string | null | undefined): FulfillmentStage {
  if (status === "FULFILLED") return "shipped";
  if (status === "IN_PROGRESS") return "processing";
  return "confirmed";
}

/**
 * Made on the first date shown, not as the module is evaluated: a page's first Intl formatter costs
 * ~40–60 ms of one task (Chromium loads its locale data), ×4 on Lighthouse's phone, and the checkout
 * success page imports this module for its timeline alone, showing no date.
 */
let orderDate: Intl.DateTimeFormat | undefined;

/** "November 22, 2026"; the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  orderDate ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });
  return orderDate.format(date);
}

/** How many items an order holds: the sum of its lines' quantities. */
export function orderItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
