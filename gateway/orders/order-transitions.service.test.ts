import { describe, expect, it, vi } from "vitest";
import type { FulfillmentStatus, OrderRecord } from "./order.records.js";
import { OrderTransitionsService, type TrackingInput } from "./order-transitions.service.js";

// The transitions' rules without a database: which change each fulfilment status allows, and how
// the tracking and the reason are checked. tests/order-transitions.test.ts runs them against the
// database (one transaction, history and audit entries, the lifecycle's handlers).

const ORDER_ID = "0f000000-0000-4000-8000-000000001004";
const ACTOR = "staff:ann@example.com";

/** A service over in-memory stand-ins for the order's row, its history, the audit log and the lifecycle. */
function serviceFor(status: FulfillmentStatus | null) {
  let order = status && ({ id: ORDER_ID, orderNumber: 1004, fulfillmentStatus: status, tracking: null, cancelReason: null } as unknown as OrderRecord);
  const orders = {
    lockById: vi.fn(async () => order),
    findById: vi.fn(async () => order),
    updateFulfillment: vi.fn(async (_id: string, change: { fulfillmentStatus: FulfillmentStatus; tracking?: unknown; cancel?: { reason: string } }) => {
      order = { ...order!, fulfillmentStatus: change.fulfillmentStatus, tracking: (change.tracking as OrderRecord["tracking"]) ?? null, cancelReason: change.cancel?.reason ?? null };
    }),
  };
  const history = { insert: vi.fn(async () => {}) };
  const audit = { record: vi.fn(async () => {}) };
  const lifecycle = { fulfilled: vi.fn(async () => {}), cancelled: vi.fn(async () => {}), committed: vi.fn() };
  const db = { transaction: () => ({ execute: <T>(run: (trx: unknown) => Promise<T>) => run(db) }) };
  const service = new OrderTransitionsService(db as never, orders as never, history as never, audit as never, lifecycle as never);
  return { service, orders, history, audit, lifecycle };
}

const tracking: TrackingInput = { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "https://ups.example/track/1Z999" };

type Change = "start" | "fulfil" | "cancel";
const run = (service: OrderTransitionsService, change: Change, orderId = ORDER_ID) =>
  change === "start"
    ? service.startFulfillment(orderId, ACTOR)
    : change === "fulfil"
      ? service.fulfill(orderId, tracking, ACTOR)
      : service.cancel(orderId, "Customer asked", ACTOR);

describe("which change each fulfilment status allows", () => {
  it.each<[FulfillmentStatus, Change, FulfillmentStatus, "fulfilled" | "cancelled" | null]>([
    ["UNFULFILLED", "start", "IN_PROGRESS", null],
    ["UNFULFILLED", "fulfil", "FULFILLED", "fulfilled"],
    ["UNFULFILLED", "cancel", "CANCELLED", "cancelled"],
    ["IN_PROGRESS", "fulfil", "FULFILLED", "fulfilled"],
    ["IN_PROGRESS", "cancel", "CANCELLED", "cancelled"],
  ])("%s: %s → %s", async (from, change, to, event) => {
    const { service, history, audit, lifecycle } = serviceFor(from);
    const updated = await run(service, change);
    expect(updated.fulfillmentStatus).toBe(to);
    expect(history.insert).toHaveBeenCalledTimes(1);
    expect(audit.record).toHaveBeenCalledTimes(1);
    if (event) {
      expect(lifecycle[event]).toHaveBeenCalledTimes(1);
      expect(lifecycle.committed).toHaveBeenCalledWith(event, updated);
    } else {
      expect(lifecycle.committed).not.toHaveBeenCalled();
    }
  });

  it.each<[FulfillmentStatus, Change, string]>([
    ["IN_PROGRESS", "start", "Order #1004 is already in progress and cannot be put in progress."],
    ["FULFILLED", "start", "Order #1004 is fulfilled and cannot be put in progress."],
    ["FULFILLED", "fulfil", "Order #1004 is fulfilled and cannot be fulfilled."],
    ["FULFILLED", "cancel", "Order #1004 is fulfilled and cannot be cancelled."],
    ["CANCELLED", "start", "Order #1004 is cancelled and cannot be put in progress."],
    ["CANCELLED", "fulfil", "Order #1004 is cancelled and cannot be fulfilled."],
    ["CANCELLED", "cancel", "Order #1004 is cancelled and cannot be cancelled."],
  ])("%s: %s is INVALID_TRANSITION, and nothing is written", async (from, change, message) => {
    const { service, orders, history, audit, lifecycle } = serviceFor(from);
    await expect(run(service, change)).rejects.toMatchObject({ code: "INVALID_TRANSITION", message });
    expect(orders.updateFulfillment).not.toHaveBeenCalled();
    expect(history.insert).not.toHaveBeenCalled();
    expect(audit.record).not.toHaveBeenCalled();
    expect(lifecycle.committed).not.toHaveBeenCalled();
  });

  it.each<[string, FulfillmentStatus | null, string]>([
    ["an id that is no UUID", "UNFULFILLED", "order-1004"],
    ["an order that is not there", null, ORDER_ID],
  ])("%s is NOT_FOUND", async (_case, status, orderId) => {
    const { service } = serviceFor(status);
    for (const change of ["start", "fulfil", "cancel"] as const) {
      await expect(run(service, change, orderId)).rejects.toMatchObject({ code: "NOT_FOUND", message: "No order with this id" });
    }
  });
});

describe("the tracking a fulfilment takes", () => {
  it.each<[string, Partial<TrackingInput>, { carrier: string; trackingNumber: string; trackingUrl: string | null }]>([
    ["trimmed", { carrier: "  UPS ", trackingNumber: " 1Z999 " }, { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "https://ups.example/track/1Z999" }],
    ["a carrier and number of 100 characters", { carrier: "c".repeat(100), trackingNumber: "n".repeat(100) }, { carrier: "c".repeat(100), trackingNumber: "n".repeat(100), trackingUrl: "https://ups.example/track/1Z999" }],
    ["no URL", { trackingUrl: undefined }, { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: null }],
    ["a null URL", { trackingUrl: null }, { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: null }],
    ["a blank URL", { trackingUrl: "   " }, { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: null }],
    ["an http URL, as the URL parser writes it", { trackingUrl: " HTTP://UPS.example/t?n=1 " }, { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "http://ups.example/t?n=1" }],
    ["a URL of 2000 characters", { trackingUrl: `https://ups.example/${"t".repeat(1980)}` }, { carrier: "UPS", trackingNumber: "1Z999", trackingUrl: `https://ups.example/${"t".repeat(1980)}` }],
  ])("takes %s", async (_case, change, kept) => {
    const { service, history } = serviceFor("IN_PROGRESS");
    const updated = await service.fulfill(ORDER_ID, { ...tracking, ...change }, ACTOR);
    expect(updated.tracking).toMatchObject(kept);
    expect(history.insert).toHaveBeenCalledWith(ORDER_ID, { actor: ACTOR, action: "fulfilled", message: `Shipped with ${kept.carrier} ${kept.trackingNumber}` }, expect.anything());
  });

  it.each<[string, Partial<TrackingInput>, string, string]>([
    ["no carrier", { carrier: "  " }, "carrier", "carrier is required"],
    ["a carrier of 101 characters", { carrier: "c".repeat(101) }, "carrier", "carrier must be at most 100 characters"],
    ["no tracking number", { trackingNumber: "" }, "trackingNumber", "trackingNumber is required"],
    ["a tracking number of 101 characters", { trackingNumber: "n".repeat(101) }, "trackingNumber", "trackingNumber must be at most 100 characters"],
    ["a URL that is not one", { trackingUrl: "ups tracking" }, "trackingUrl", "trackingUrl must be an http or https address"],
    ["an ftp URL", { trackingUrl: "ftp://ups.example/1Z999" }, "trackingUrl", "trackingUrl must be an http or https address"],
    ["a javascript: URL", { trackingUrl: "javascript:alert(1)" }, "trackingUrl", "trackingUrl must be an http or https address"],
    ["a URL of 2001 characters", { trackingUrl: `https://ups.example/${"t".repeat(1981)}` }, "trackingUrl", "trackingUrl must be an http or https address"],
  ])("refuses %s before touching the order", async (_case, change, field, message) => {
    const { service, orders } = serviceFor("IN_PROGRESS");
    await expect(service.fulfill(ORDER_ID, { ...tracking, ...change }, ACTOR)).rejects.toMatchObject({ code: "INVALID_INPUT", field, message });
    expect(orders.lockById).not.toHaveBeenCalled();
  });
});

describe("the reason a cancellation takes", () => {
  it.each([
    ["  Customer asked  ", "Customer asked"],
    ["r".repeat(500), "r".repeat(500)],
  ])("takes %j as %j", async (reason, kept) => {
    const { service, history } = serviceFor("UNFULFILLED");
    const updated = await service.cancel(ORDER_ID, reason, ACTOR);
    expect(updated.cancelReason).toBe(kept);
    expect(history.insert).toHaveBeenCalledWith(ORDER_ID, { actor: ACTOR, action: "cancelled", message: `Cancelled: ${kept}` }, expect.anything());
  });

  it.each([
    ["", "reason is required"],
    ["   ", "reason is required"],
    ["r".repeat(501), "reason must be at most 500 characters"],
  ])("refuses %j before touching the order", async (reason, message) => {
    const { service, orders } = serviceFor("UNFULFILLED");
    await expect(service.cancel(ORDER_ID, reason, ACTOR)).rejects.toMatchObject({ code: "INVALID_INPUT", field: "reason", message });
    expect(orders.lockById).not.toHaveBeenCalled();
  });
});
