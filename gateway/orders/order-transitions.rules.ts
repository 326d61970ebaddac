// Which fulfilment change each status allows, and the refusal's words (pure; the service applies it
// to the order it has locked).
import { DomainError } from "../shared/errors.js";
import type { FulfillmentStatus, OrderRecord } from "./order.records.js";

export type FulfillmentChange = "start" | "fulfil" | "cancel";

/** What can happen to a shipment once the order shipped: its tracking corrected, the email sent again, the parcel delivered. */
export type ShipmentChange = "correct" | "resend" | "deliver";

/** UNFULFILLED → IN_PROGRESS (start); UNFULFILLED | IN_PROGRESS → FULFILLED or CANCELLED. */
const ALLOWED_FROM: Record<FulfillmentChange, readonly FulfillmentStatus[]> = {
  start: ["UNFULFILLED"],
  fulfil: ["UNFULFILLED", "IN_PROGRESS"],
  cancel: ["UNFULFILLED", "IN_PROGRESS"],
};

const VERBS: Record<FulfillmentChange, string> = { start: "put in progress", fulfil: "fulfilled", cancel: "cancelled" };

const STATE_WORDS: Record<FulfillmentStatus, string> = {
  UNFULFILLED: "not yet in production",
  IN_PROGRESS: "already in progress",
  FULFILLED: "fulfilled",
  CANCELLED: "cancelled",
};

/** Throws INVALID_TRANSITION when the order's status does not allow the change. */
export function checkTransition(order: Pick<OrderRecord, "orderNumber" | "fulfillmentStatus">, change: FulfillmentChange): void {
  if (ALLOWED_FROM[change].includes(order.fulfillmentStatus)) return;
  throw new DomainError("INVALID_TRANSITION", `Order #${order.orderNumber} is ${STATE_WORDS[order.fulfillmentStatus]} and cannot be ${VERBS[change]}.`);
}

const SHIPMENT_VERBS: Record<ShipmentChange, string> = {
  correct: "its tracking cannot be corrected",
  resend: "there is no shipping email to send again",
  deliver: "it cannot be marked delivered",
};

/** Throws INVALID_TRANSITION unless the order has shipped (and, to mark it delivered, is not already). */
export function checkShipmentChange(order: Pick<OrderRecord, "orderNumber" | "fulfillmentStatus" | "tracking">, change: ShipmentChange): void {
  if (order.fulfillmentStatus !== "FULFILLED" || !order.tracking) {
    const state = order.fulfillmentStatus === "CANCELLED" ? "is cancelled" : "has not shipped";
    throw new DomainError("INVALID_TRANSITION", `Order #${order.orderNumber} ${state}: ${SHIPMENT_VERBS[change]}.`);
  }
  if (change === "deliver" && order.tracking.deliveredAt) {
    throw new DomainError("INVALID_TRANSITION", `Order #${order.orderNumber} is already marked delivered.`);
  }
}
