import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type http from "node:http";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestGateway, withJobRunner, type TestGateway } from "./support/gateway.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { jobReaching, paidOrder, startFakeServer, type ReceivedRequest } from "./support/pipeline.js";
import { printfulSignature } from "../gateway/fulfillment/partners/printful-webhook.service.js";

// FULFILLMENT_PARTNER=printful against a fake Printful on 127.0.0.1 that keeps orders by
// external_id the way Printful does (a second POST with the same external_id is refused).
const TOKEN = "printful-test-token";
const SECRET = "printful-webhook-secret-0123456789";

interface FakeOrder {
  id: number;
  external_id: string;
  status: string;
  body: any;
  shipments: any[];
}
let orders: FakeOrder[];
/** How the next POST /orders goes: "ok", or "crash-after-create" (stores the order, then answers 502 as a timeout would). */
let nextPost: "ok" | "crash-after-create";

function reply(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(body));
}

let printful: Awaited<ReturnType<typeof startFakeServer>>;
let shop: TestGateway;
let tee: TestVariant;
let mug: TestVariant;
let database: TestDatabase;

beforeAll(async () => {
  printful = await startFakeServer((req: ReceivedRequest, res) => {
    if (req.headers.authorization !== `Bearer ${TOKEN}`) return reply(res, 401, { code: 401, error: { message: "Unauthorized" } });
    const byExternal = /^\/orders\/@([^/?]+)$/.exec(req.path);
    if (req.method === "GET" && byExternal) {
      const found = orders.find((o) => o.external_id === decodeURIComponent(byExternal[1]!));
      return found ? reply(res, 200, { code: 200, result: found }) : reply(res, 404, { code: 404, error: { message: "Not found" } });
    }
    if (req.method === "DELETE" && byExternal) {
      // Printful cancels an order it has not started on; one in production or shipped is refused.
      const found = orders.find((o) => o.external_id === decodeURIComponent(byExternal[1]!));
      if (!found) return reply(res, 404, { code: 404, error: { message: "Not found" } });
      if (found.status !== "pending" && found.status !== "draft") return reply(res, 400, { code: 400, error: { message: "This order can not be canceled" } });
      found.status = "canceled";
      return reply(res, 200, { code: 200, result: found });
    }
    if (req.method === "POST" && req.path.startsWith("/orders")) {
      const body = JSON.parse(req.body.toString("utf8"));
      if (orders.some((o) => o.external_id === body.external_id)) {
        return reply(res, 400, { code: 400, error: { message: "Order with this external ID already exists" } });
      }
      const order = { id: 7000 + orders.length, external_id: body.external_id, status: "pending", body, shipments: [] };
      orders.push(order);
      if (nextPost === "crash-after-create") {
        nextPost = "ok";
        return reply(res, 502, { code: 502, error: { message: "Bad gateway" } });
      }
      return reply(res, 200, { code: 200, result: order });
    }
    return reply(res, 404, { code: 404, error: { message: "No route" } });
  });
  // PRINTFUL_VARIANTS: the shirt's first variant is mapped at start-up; the mug is not.
  database = await createTestDatabase();
  const teeVariant = await database.db
    .selectFrom("variants as v")
    .innerJoin("products as p", "p.id", "v.product_id")
    .select("v.title")
    .where("p.handle", "=", "i-survived-the-subcommittee-tee")
    .orderBy("v.position")
    .executeTakeFirstOrThrow();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-printful-"));
  const variantsFile = path.join(dataDir, "printful-variants.json");
  fs.writeFileSync(variantsFile, JSON.stringify({ [`i-survived-the-subcommittee-tee/${teeVariant.title}`]: 4012, "no-such-product/M": 1 }));
  shop = await startTestGateway(
    {
      dataDir,
      ...withJobRunner(),
      publicUrl: "https://shop.example",
      fulfillmentPartner: "printful",
      printful: { apiUrl: printful.url, apiToken: TOKEN, webhookSecret: SECRET, variantsFile },
    },
    database,
  );
  expect(shop.logs.join("\n")).toMatch(/printful variant ids name no catalog variant.*no-such-product\/M/);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  mug = (await variantsOf(shop, "this-meeting-could-have-been-a-memo-mug"))[0]!;
  expect(tee.title).toBe(teeVariant.title);
});
afterAll(async () => {
  await shop?.close();
  await database?.dispose();
  await printful?.close();
});
beforeEach(() => {
  orders = [];
  nextPost = "ok";
  printful.received.length = 0;
});

const posts = () => printful.received.filter((r) => r.method === "POST");

describe("sending an order to Printful", () => {
  it("posts the order with our id as external_id, the recipient (state_code, line 2, phone), the partner's variant ids and the print file's public URL", async () => {
    const designId = await uploadDesign(shop);
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 2, customAttributes: [{ key: "designId", value: designId }] }], {
      country: "Canada",
      province: "CA-ON",
      postal_code: "K1A 0B1",
      city: "Ottawa",
      address: "1 Main St",
      address2: "Apt 2",
      phone: "+1 613 555 0100",
    });
    const job = await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    expect(job.result).toEqual({ partner: "printful", externalId: "7000" });
    expect(posts()).toHaveLength(1);
    expect(posts()[0]!.path).toBe("/orders?confirm=true");
    expect(posts()[0]!.headers["content-type"]).toBe("application/json");
    expect(orders[0]!.body).toEqual({
      external_id: order.id,
      recipient: {
        name: "Pat Doe",
        address1: "1 Main St",
        address2: "Apt 2",
        city: "Ottawa",
        state_code: "ON",
        state_name: "Ontario",
        zip: "K1A 0B1",
        country_code: "CA",
        phone: "+1 613 555 0100",
        email: "pat+shop@example.com",
      },
      items: [{ external_id: `${order.id}:1`, variant_id: 4012, quantity: 2, files: [{ url: `https://shop.example/designs/${designId}/print` }] }],
    });
    const row = await shop.database.db.selectFrom("orders").select("fulfillment_status").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.fulfillment_status).toBe("IN_PROGRESS");
  });

  it("sends a US address's state_code, and neither address2 nor phone when the shopper gave none", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    expect(orders[0]!.body.recipient).toEqual({
      name: "Pat Doe",
      address1: "1 Main St, Apt 2",
      city: "Springfield",
      state_code: "IL",
      state_name: "Illinois",
      zip: "12345",
      country_code: "US",
      email: "pat+shop@example.com",
    });
  });

  it("never makes a second order: an attempt that died after Printful took the order finds it on retry", async () => {
    nextPost = "crash-after-create";
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    const job = await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    expect(job.attempts).toBe(2);
    expect(job.last_error).toMatch(/Printful answered 502/);
    expect(orders.filter((o) => o.external_id === order.id)).toHaveLength(1);
    expect(posts()).toHaveLength(1);
    expect(job.result).toEqual({ partner: "printful", externalId: String(orders[0]!.id) });
  });

  it("reads the order back when Printful refuses a duplicate external_id", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    const { PrintfulClient } = await import("../gateway/fulfillment/partners/printful.client.js");
    const client = new PrintfulClient(printful.url, TOKEN);
    const again = await client.createOrder(orders[0]!.body);
    expect(again.id).toBe(orders[0]!.id);
    expect(orders).toHaveLength(1);
  });

  it("fails the job at once, visibly, when a line's variant has no Printful id; staff can retry it after mapping", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: mug.id, quantity: 1 }]);
    const job = await jobReaching(shop.database.db, `fulfillment:${order.id}`, "FAILED");
    expect(job.attempts).toBe(1);
    expect(job.last_error).toBe(`No Printful variant id: set the Printful variant id of ${mug.productTitle} (${mug.title}) in /admin/products, then retry`);
    expect(posts()).toHaveLength(0);
    const history = await shop.database.db.selectFrom("order_history").select(["actor", "action", "message"]).where("order_id", "=", order.id).execute();
    expect(history).toContainEqual({ actor: "partner:printful", action: "partner_job_failed", message: expect.stringContaining("No Printful variant id") });

    await shop.running.gateway.services.fulfillment.importVariantIds({ [`${mug.productHandle}/${mug.title}`]: "1320" });
    await shop.running.gateway.services.fulfillment.retry(order.id, "staff:owner@example.com");
    const retried = await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    expect(retried.attempts).toBe(1);
    expect(orders[0]!.body.items[0].variant_id).toBe(1320);
    await expect(shop.running.gateway.services.fulfillment.retry(order.id, "staff:owner@example.com")).rejects.toThrow(/only a failed fulfilment job/i);
  });
});

describe("cancelling an order Printful already has", () => {
  const historyOf = (orderId: string) => shop.database.db.selectFrom("order_history").select(["actor", "action", "message"]).where("order_id", "=", orderId).orderBy("id").execute();

  it("withdraws it when Printful has not started on it", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    await shop.running.gateway.services.cancellations.cancel({ orderId: order.id, reason: "Customer changed their mind", refund: true, notifyCustomer: false }, "staff:owner@example.com");
    await jobReaching(shop.database.db, `fulfillment-withdraw:${order.id}`, "SUCCEEDED");
    const deletes = printful.received.filter((r) => r.method === "DELETE");
    expect(deletes.map((r) => r.path)).toEqual([`/orders/@${order.id}`]);
    expect(orders[0]!.status).toBe("canceled");
    expect(await historyOf(order.id)).toContainEqual({ actor: "partner:printful", action: "partner_withdrawn", message: "Withdrawn from printful: it will not be printed" });
  });

  it("says on the order when Printful has started on it and refuses", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    orders[0]!.status = "inprocess";
    await shop.running.gateway.services.cancellations.cancel({ orderId: order.id, reason: "Too late", refund: false, notifyCustomer: false }, "staff:owner@example.com");
    await jobReaching(shop.database.db, `fulfillment-withdraw:${order.id}`, "SUCCEEDED");
    expect(orders[0]!.status).toBe("inprocess");
    expect(await historyOf(order.id)).toContainEqual({
      actor: "partner:printful",
      action: "partner_withdraw_refused",
      message: "printful had already started on it: it could not be withdrawn",
    });
  });

  it("asks nothing of Printful for an order it never got", async () => {
    // A product without a Printful variant id: its job fails and Printful never gets the order.
    const sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
    const order = await paidOrder(shop, shop.database.db, [{ variantId: sticker.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "FAILED");
    await shop.running.gateway.services.cancellations.cancel({ orderId: order.id, reason: "Unmapped", refund: false, notifyCustomer: false }, "staff:owner@example.com");
    expect(await shop.database.db.selectFrom("jobs").select("id").where("dedupe_key", "=", `fulfillment-withdraw:${order.id}`).execute()).toEqual([]);
    expect(printful.received.filter((r) => r.method === "DELETE")).toEqual([]);
  });
});

describe("Printful's shipment webhook", () => {
  const post = (body: string, signature: string | null) =>
    fetch(`${shop.url}/api/webhooks/printful`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(signature === null ? {} : { "x-pf-webhook-signature": signature }) },
      body,
    });
  const shipped = (orderId: string, trackingNumber: string) =>
    JSON.stringify({ type: "package_shipped", created: 1, retries: 0, store: 1, data: { shipment: { carrier: "FAKE", tracking_number: trackingNumber, tracking_url: "https://evil.example" }, order: { external_id: orderId } } });

  async function sentOrder() {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    return order;
  }

  it("refuses a call without the right signature and changes nothing", async () => {
    const order = await sentOrder();
    const body = shipped(order.id, "1Z999");
    expect((await post(body, null)).status).toBe(401);
    expect((await post(body, printfulSignature("wrong-secret-0123456789", body))).status).toBe(401);
    expect((await post(body, printfulSignature(SECRET, `${body} `))).status).toBe(401);
    const row = await shop.database.db.selectFrom("orders").select("fulfillment_status").where("id", "=", order.id).executeTakeFirstOrThrow();
    expect(row.fulfillment_status).toBe("IN_PROGRESS");
  });

  it("re-reads the order from Printful and marks it FULFILLED with Printful's tracking, not the call's", async () => {
    const order = await sentOrder();
    const remote = orders.find((o) => o.external_id === order.id)!;
    // A signed call whose partner record shows no shipment yet is not trusted.
    const early = shipped(order.id, "1Z999AA10123456784");
    expect((await post(early, printfulSignature(SECRET, early))).status).toBe(409);

    remote.status = "fulfilled";
    remote.shipments.push({ id: 1, carrier: "UPS", service: "UPS Ground", tracking_number: "1Z999AA10123456784", tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784", ship_date: "2026-11-23" });
    const res = await post(early, printfulSignature(SECRET, early));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, result: "fulfilled" });
    const row = await shop.database.db
      .selectFrom("orders")
      .select(["fulfillment_status", "carrier", "tracking_number", "tracking_url"])
      .where("id", "=", order.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fulfillment_status: "FULFILLED", carrier: "UPS", tracking_number: "1Z999AA10123456784", tracking_url: "https://www.ups.com/track?tracknum=1Z999AA10123456784" });
    const history = await shop.database.db.selectFrom("order_history").select(["actor", "action"]).where("order_id", "=", order.id).execute();
    expect(history).toContainEqual({ actor: "partner:printful", action: "fulfilled" });

    // Printful retries its calls: a second one is answered and changes nothing.
    const again = await post(early, printfulSignature(SECRET, early));
    expect(await again.json()).toEqual({ ok: true, result: "already_fulfilled" });
    // The customer is told, with the tracking.
    await jobReaching(shop.database.db, `email:order-${order.orderNumber}-shipping`, "SUCCEEDED");
  });

  it("answers 404 for an order it does not have, 400 for a body that is not JSON, and ignores other event types", async () => {
    const unknown = shipped("00000000-0000-4000-8000-000000000000", "1");
    expect((await post(unknown, printfulSignature(SECRET, unknown))).status).toBe(404);
    expect((await post("not json", printfulSignature(SECRET, "not json"))).status).toBe(400);
    const other = JSON.stringify({ type: "order_updated", data: {} });
    const res = await post(other, printfulSignature(SECRET, other));
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true, result: "ignored" });
  });
});
