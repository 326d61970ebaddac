import { describe, expect, it } from "vitest";
import type { FulfillmentStatus } from "./order.records.js";
import { checkTransition, type FulfillmentChange } from "./order-transitions.rules.js";

const order = (fulfillmentStatus: FulfillmentStatus) => ({ orderNumber: 1004, fulfillmentStatus });

describe("checkTransition: which fulfilment change each status allows", () => {
  it.each<[FulfillmentStatus, FulfillmentChange]>([
    ["UNFULFILLED", "start"],
    ["UNFULFILLED", "fulfil"],
    ["UNFULFILLED", "cancel"],
    ["IN_PROGRESS", "fulfil"],
    ["IN_PROGRESS", "cancel"],
  ])("%s: %s is allowed", (status, change) => {
    expect(() => checkTransition(order(status), change)).not.toThrow();
  });

  it.each<[FulfillmentStatus, FulfillmentChange, string]>([
    ["IN_PROGRESS", "start", "Order #1004 is already in progress and cannot be put in progress."],
    ["FULFILLED", "start", "Order #1004 is fulfilled and cannot be put in progress."],
    ["FULFILLED", "fulfil", "Order #1004 is fulfilled and cannot be fulfilled."],
    ["FULFILLED", "cancel", "Order #1004 is fulfilled and cannot be cancelled."],
    ["CANCELLED", "start", "Order #1004 is cancelled and cannot be put in progress."],
    ["CANCELLED", "fulfil", "Order #1004 is cancelled and cannot be fulfilled."],
    ["CANCELLED", "cancel", "Order #1004 is cancelled and cannot be cancelled."],
  ])("%s: %s is INVALID_TRANSITION", (status, change, message) => {
    expect(() => checkTransition(order(status), change)).toThrow(expect.objectContaining({ code: "INVALID_TRANSITION", message }));
  });
});
