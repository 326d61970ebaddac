// spec §2/§4 Checkout success: what the store's redirect says about the order.

import { fulfillmentTimelineStage, type FulfillmentStage } from "../orders/orderStatus";

export interface PlacedOrder {
  kind: "order";
  orderId: string | null;
  /** The order number, or "Processing" while the store has not given one yet. */
  orderNumber: string;
  email: string | null;
  /** Payment status as shown: "Paid", or "Pending" when the store did not say. */
  paymentStatus: string;
  /** The store's fulfillment status, "unfulfilled" when it did not say. */
  fulfillmentStatus: string;
  stage: FulfillmentStage;
  totalPrice: string | null;
  /** The order's status page, only when it is an http(s) address on this shop's origin. */
  statusUrl: string | null;
  /** The status page's token (/store/orders/{token}), which answers the order's items and address. */
  statusToken: string | null;
}

export type CheckoutResult = PlacedOrder | { kind: "incomplete" };

function present(query: URLSearchParams, name: string): string | null {
  const value = query.get(name)?.trim();
  return value ? value : null;
}

function capitalize(value: string): string {
  const words = value.replace(/_/g, " ").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Addresses from the query string are not trusted: a link elsewhere (or javascript:) is dropped. */
function safeStatusUrl(raw: string | null, origin: string): string | null {
  if (!raw) return null;
  try {
    const url = new URL(raw, origin);
    return (url.protocol === "https:" || url.protocol === "http:") && url.origin === origin ? url.toString() : null;
  } catch {
    return null;
  }
}

/** The token of a status page address on this origin (already checked by safeStatusUrl). */
function statusTokenOf(statusUrl: string | null): string | null {
  if (!statusUrl) return null;
  return /^\/store\/orders\/([A-Za-z0-9_-]+)$/.exec(new URL(statusUrl).pathname)?.[1] ?? null;
}

/**
 * The redirect's fulfillment_status ("unfulfilled", "in_progress"…) in the order's own terms, so
 * the success page reads it through the one spec §4 mapping the dashboard and order page use.
 */
function fulfillmentStatusOf(status: string): string {
  return status.trim().toUpperCase();
}

/**
 * spec §4: an order is shown when (id and order_number) are present or checkout=success
 * (defaults: payment Pending, order number Processing, fulfillment unfulfilled); anything else is
 * an incomplete checkout.
 */
export function readCheckoutResult(query: URLSearchParams, origin: string): CheckoutResult {
  const orderId = present(query, "id");
  const orderNumber = present(query, "order_number");
  const succeeded = (orderId !== null && orderNumber !== null) || query.get("checkout") === "success";
  if (!succeeded) return { kind: "incomplete" };
  const fulfillmentStatus = present(query, "fulfillment_status") ?? "unfulfilled";
  const total = present(query, "total_price");
  const statusUrl = safeStatusUrl(present(query, "order_status_url"), origin);
  return {
    kind: "order",
    orderId,
    orderNumber: orderNumber ?? "Processing",
    email: present(query, "email"),
    paymentStatus: capitalize(present(query, "financial_status") ?? "pending"),
    fulfillmentStatus,
    stage: fulfillmentTimelineStage(fulfillmentStatusOf(fulfillmentStatus)),
    totalPrice: total !== null && /^\d+(\.\d+)?$/.test(total) ? total : null,
    statusUrl,
    statusToken: statusTokenOf(statusUrl),
  };
}
