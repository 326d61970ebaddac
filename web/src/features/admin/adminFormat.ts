import type { FulfillmentJobState, OrderFulfillmentStatus, RefundReason, RefundStatus, WebhookDeliveryState } from "./gql/graphql";

/** The admin's names for the fulfilment statuses (the shopper's side says Pending/Processing/Shipped). */
export const FULFILLMENT_LABELS: Record<OrderFulfillmentStatus, string> = {
  UNFULFILLED: "Unfulfilled",
  IN_PROGRESS: "In progress",
  FULFILLED: "Fulfilled",
  CANCELLED: "Cancelled",
};

export const FULFILLMENT_PALETTE: Record<OrderFulfillmentStatus, string> = {
  UNFULFILLED: "orange",
  IN_PROGRESS: "blue",
  FULFILLED: "green",
  CANCELLED: "gray",
};

export const JOB_LABELS: Record<FulfillmentJobState, string> = {
  PENDING: "Waiting",
  RUNNING: "Sending",
  SUCCEEDED: "Sent",
  FAILED: "Failed",
};

export const JOB_PALETTE: Record<FulfillmentJobState, string> = { PENDING: "orange", RUNNING: "blue", SUCCEEDED: "green", FAILED: "red" };

/** Why money went back, in the admin's words (the gateway's RefundReason). */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  DAMAGED: "Damaged in transit",
  DEFECTIVE: "Defective or misprinted",
  NOT_RECEIVED: "Never arrived",
  CUSTOMER_REQUEST: "Customer's request",
  CANCELLATION: "Order cancelled",
  DUPLICATE: "Duplicate order",
  FRAUDULENT: "Fraudulent order",
  OTHER: "Other",
};

export const REFUND_STATUS_LABELS: Record<RefundStatus, string> = { PENDING: "Pending", SUCCEEDED: "Refunded", FAILED: "Failed" };
export const REFUND_PALETTE: Record<RefundStatus, string> = { PENDING: "orange", SUCCEEDED: "green", FAILED: "red" };

export const DELIVERY_PALETTE: Record<WebhookDeliveryState, string> = { PENDING: "orange", SUCCEEDED: "green", FAILED: "red" };

const dateTime = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short" });

/** "Nov 20, 2026, 3:00 PM" in the viewer's zone; the raw text when it is not a date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return "—";
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : dateTime.format(date);
}

/** "$24.99" for a Money; the amount with its code for another currency. */
export function formatMoney(money: { amount: string; currencyCode: string }): string {
  const amount = Number(money.amount);
  if (!Number.isFinite(amount)) return `${money.amount} ${money.currencyCode}`;
  return new Intl.NumberFormat("en-US", { style: "currency", currency: money.currencyCode || "USD" }).format(amount);
}

/** A history or audit actor for people: "staff:ada@shop.test" → "ada@shop.test (staff)". */
export function formatActor(actor: string): string {
  const colon = actor.indexOf(":");
  if (colon < 0) return actor === "system" ? "System" : actor === "customer" ? "Customer" : actor;
  const kind = actor.slice(0, colon);
  const who = actor.slice(colon + 1);
  const kinds: Record<string, string> = { staff: "staff", token: "API token", partner: "partner" };
  return `${who} (${kinds[kind] ?? kind})`;
}

/** "Visa •••• 4242". */
export function formatPayment(payment: { brand: string; last4: string }): string {
  const brand = payment.brand ? payment.brand.charAt(0).toUpperCase() + payment.brand.slice(1) : "Card";
  return `${brand} •••• ${payment.last4}`;
}
