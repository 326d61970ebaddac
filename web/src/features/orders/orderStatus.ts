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

const orderDate = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric" });

/** "November 22, 2026"; the raw text when it is not a date. */
export function formatOrderDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : orderDate.format(date);
}

/** How many items an order holds: the sum of its lines' quantities. */
export function orderItemCount(lines: readonly { quantity: number }[]): number {
  return lines.reduce((sum, line) => sum + line.quantity, 0);
}
