import { describe, expect, it } from "vitest";
import type { FulfillmentStatus } from "./order.records.js";
import { checkShipmentChange, checkTransition, type FulfillmentChange } from "./order-transitions.rules.js";

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

describe("checkShipmentChange: what can happen once an order shipped", () => {
  const shipped = (deliveredAt: Date | null) => ({
    orderNumber: 1004,
    fulfillmentStatus: "FULFILLED" as const,
    tracking: { carrier: "UPS", trackingNumber: "1Z", trackingUrl: null, shippedAt: new Date(), deliveredAt },
  });

  it("lets a shipped order's tracking be corrected, its email resent and it be marked delivered once", () => {
    for (const change of ["correct", "resend", "deliver"] as const) expect(() => checkShipmentChange(shipped(null), change)).not.toThrow();
    expect(() => checkShipmentChange(shipped(new Date()), "correct")).not.toThrow();
    expect(() => checkShipmentChange(shipped(new Date()), "deliver")).toThrow("Order #1004 is already marked delivered.");
  });

  it("refuses them before the order shipped or once it was cancelled", () => {
    expect(() => checkShipmentChange({ ...order("IN_PROGRESS"), tracking: null }, "correct")).toThrow("Order #1004 has not shipped: its tracking cannot be corrected.");
    expect(() => checkShipmentChange({ ...order("CANCELLED"), tracking: null }, "resend")).toThrow("Order #1004 is cancelled: there is no shipping email to send again.");
    expect(() => checkShipmentChange({ ...order("UNFULFILLED"), tracking: null }, "deliver")).toThrow(expect.objectContaining({ code: "INVALID_TRANSITION" }));
  });
});
