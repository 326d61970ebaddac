import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { placeOrderFor } from "./support/orders.js";
import type { Services } from "../gateway/services.js";

// The order transitions service, as the pipeline and the admin mutations call it. Each
// change is one transaction with its history and audit entries; a refused one changes nothing.
let shop: TestGateway;
let services: Services;

const historyOf = (orderId: string) =>
  shop.database.db.selectFrom("order_history").select(["actor", "action", "message"]).where("order_id", "=", orderId).orderBy("id").execute();
const auditOf = (orderId: string) =>
  shop.database.db.selectFrom("audit_log").select(["actor", "action", "order_number", "details"]).where("order_id", "=", orderId).orderBy("id").execute();
const place = () => placeOrderFor(shop, null, "buyer@example.com");

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
});
afterAll(() => shop?.close());

describe("order transitions", () => {
  it("starts, then fulfils with tracking, writing history and audit in the same transaction", async () => {
    const order = await place();
    const started = await services.orderTransitions.startFulfillment(order.id, "staff:ann@example.com");
    expect(started.fulfillmentStatus).toBe("IN_PROGRESS");
    const shipped = await services.orderTransitions.fulfill(
      order.id,
      { carrier: " UPS ", trackingNumber: "1Z999", trackingUrl: "https://ups.example/track/1Z999" },
      "token:erp",
    );
    expect(shipped.fulfillmentStatus).toBe("FULFILLED");
    expect(shipped.tracking).toMatchObject({ carrier: "UPS", trackingNumber: "1Z999", trackingUrl: "https://ups.example/track/1Z999" });
    expect(shipped.tracking!.shippedAt).toBeInstanceOf(Date);
    expect(await historyOf(order.id)).toEqual([
      { actor: "staff:ann@example.com", action: "fulfillment_started", message: "Fulfillment started" },
      { actor: "token:erp", action: "fulfilled", message: "Shipped with UPS 1Z999" },
    ]);
    expect(await auditOf(order.id)).toEqual([
      { actor: "staff:ann@example.com", action: "fulfillment_started", order_number: order.orderNumber, details: null },
      { actor: "token:erp", action: "fulfilled", order_number: order.orderNumber, details: "UPS 1Z999" },
    ]);
  });

  it("fulfils straight from UNFULFILLED and cancels from UNFULFILLED and IN_PROGRESS", async () => {
    const a = await place();
    // A listed carrier: the link is built from the number.
    expect((await services.orderTransitions.fulfill(a.id, { carrier: "USPS", trackingNumber: "9400" }, "system")).tracking?.trackingUrl).toBe(
      "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400",
    );
    const b = await place();
    const cancelled = await services.orderTransitions.cancel(b.id, "Out of ink", "staff:ann@example.com");
    expect(cancelled).toMatchObject({ fulfillmentStatus: "CANCELLED", cancelReason: "Out of ink" });
    expect(cancelled.cancelledAt).toBeInstanceOf(Date);
    const c = await place();
    await services.orderTransitions.startFulfillment(c.id, "system");
    expect((await services.orderTransitions.cancel(c.id, "Customer asked", "system")).fulfillmentStatus).toBe("CANCELLED");
  });

  it("refuses what makes no sense with INVALID_TRANSITION and changes nothing", async () => {
    const shipped = await place();
    await services.orderTransitions.fulfill(shipped.id, { carrier: "UPS", trackingNumber: "1" }, "system");
    const cancelled = await place();
    await services.orderTransitions.cancel(cancelled.id, "Fraud", "system");
    const inProgress = await place();
    await services.orderTransitions.startFulfillment(inProgress.id, "system");

    // Each attempt starts when the loop reaches it: started together, the later ones would reject
    // (on PostgreSQL, concurrently) before anything awaits them.
    const refusals: [() => Promise<unknown>, string][] = [
      [() => services.orderTransitions.fulfill(cancelled.id, { carrier: "UPS", trackingNumber: "2" }, "system"), `Order #${cancelled.orderNumber} is cancelled and cannot be fulfilled.`],
      [() => services.orderTransitions.cancel(shipped.id, "Too late", "system"), `Order #${shipped.orderNumber} is fulfilled and cannot be cancelled.`],
      [() => services.orderTransitions.fulfill(shipped.id, { carrier: "UPS", trackingNumber: "3" }, "system"), `Order #${shipped.orderNumber} is fulfilled and cannot be fulfilled.`],
      [() => services.orderTransitions.startFulfillment(shipped.id, "system"), `Order #${shipped.orderNumber} is fulfilled and cannot be put in progress.`],
      [() => services.orderTransitions.startFulfillment(cancelled.id, "system"), `Order #${cancelled.orderNumber} is cancelled and cannot be put in progress.`],
      [() => services.orderTransitions.startFulfillment(inProgress.id, "system"), `Order #${inProgress.orderNumber} is already in progress and cannot be put in progress.`],
      [() => services.orderTransitions.cancel(cancelled.id, "Again", "system"), `Order #${cancelled.orderNumber} is cancelled and cannot be cancelled.`],
    ];
    for (const [attempt, message] of refusals) await expect(attempt()).rejects.toMatchObject({ code: "INVALID_TRANSITION", message });

    expect((await services.orders.findByStatusToken(shipped.statusToken))!.tracking!.trackingNumber).toBe("1");
    expect((await services.orders.findByStatusToken(cancelled.statusToken))!.fulfillmentStatus).toBe("CANCELLED");
    expect((await historyOf(shipped.id)).map((h) => h.action)).toEqual(["fulfilled"]);
    expect((await auditOf(cancelled.id)).map((h) => h.action)).toEqual(["cancelled"]);
  });

  it("answers NOT_FOUND for an unknown or malformed id and INVALID_INPUT for missing tracking or reason", async () => {
    await expect(services.orderTransitions.startFulfillment("00000000-0000-4000-8000-000000000000", "system")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(services.orderTransitions.cancel("nope", "x", "system")).rejects.toMatchObject({ code: "NOT_FOUND" });
    const order = await place();
    await expect(services.orderTransitions.fulfill(order.id, { carrier: " ", trackingNumber: "1" }, "system")).rejects.toMatchObject({ code: "INVALID_INPUT", field: "carrier" });
    await expect(services.orderTransitions.fulfill(order.id, { carrier: "UPS", trackingNumber: "1", trackingUrl: "javascript:alert(1)" }, "system")).rejects.toMatchObject({
      code: "INVALID_INPUT",
      field: "trackingUrl",
    });
    await expect(services.orderTransitions.cancel(order.id, "", "system")).rejects.toMatchObject({ code: "INVALID_INPUT", field: "reason" });
    expect((await historyOf(order.id))).toEqual([]);
  });

  it("runs inside a caller's transaction: a rollback undoes the state, history and audit together", async () => {
    const order = await place();
    await expect(
      shop.database.db.transaction().execute(async (trx) => {
        await services.orderTransitions.startFulfillmentInTransaction(order.id, "partner:filedrop", trx);
        throw new Error("the caller's work failed");
      }),
    ).rejects.toThrow("the caller's work failed");
    expect((await services.orders.findByStatusToken(order.statusToken))!.fulfillmentStatus).toBe("UNFULFILLED");
    expect(await historyOf(order.id)).toEqual([]);
    expect(await auditOf(order.id)).toEqual([]);
    await shop.database.db.transaction().execute((trx) => services.orderTransitions.startFulfillmentInTransaction(order.id, "partner:filedrop", trx));
    expect((await services.orders.findByStatusToken(order.statusToken))!.fulfillmentStatus).toBe("IN_PROGRESS");
  });
});
