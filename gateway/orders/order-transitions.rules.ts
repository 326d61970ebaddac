// Which fulfilment change each status allows, and the refusal's words (pure; the service applies it
// to the order it has locked).
import { DomainError } from "../shared/errors.js";
import type { FulfillmentStatus, OrderRecord } from "./order.records.js";

export type FulfillmentChange = "start" | "fulfil" | "cancel";

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
