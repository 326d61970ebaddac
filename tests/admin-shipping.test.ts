import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, withJobRunner, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { variantsOf } from "./support/cart.js";
import { pathOf } from "./support/checkout.js";
import { jobReaching, paidOrder, readEml } from "./support/pipeline.js";
import { placeOrderFor } from "./support/orders.js";
import { waitFor } from "./support/process.js";
import type { Services } from "../gateway/services.js";
import { FULFILLMENT_JOB_KIND, fulfillmentJobKey } from "../gateway/fulfillment/partners/partner.records.js";

// A day of orders in /admin, through GraphQL: the To ship view and the tabs' counts, sorting and
// dates, bulk shipping (each order once, one email each, refused orders named), a shipment
// corrected and its email sent again, delivered, and every email listed in the order's history.
let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let dataDir: string;
let variantId: string;

const OWNER = { email: "ship@shop.example", password: "ship password 1" };

const LIST = `query($view: AdminOrderView, $status: OrderFulfillmentStatus, $sort: AdminOrderSort, $first: Int, $after: String, $from: DateTimeISO, $before: DateTimeISO, $search: String, $productId: ID, $failed: Boolean) {
  adminOrders(view: $view, status: $status, sort: $sort, first: $first, after: $after, placedFrom: $from, placedBefore: $before, search: $search, productId: $productId, printJobFailed: $failed) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { orderNumber } } nodes { orderNumber } } }`;
const COUNTS = `query($from: DateTimeISO, $before: DateTimeISO, $search: String) {
  adminOrderCounts(placedFrom: $from, placedBefore: $before, search: $search) { all toShip unfulfilled inProgress fulfilled cancelled } }`;
const RESULT = `orderId orderNumber order { orderNumber fulfillmentStatus tracking { carrier trackingNumber trackingUrl } } userErrors { code field message }`;
const SHIP = `mutation($shipments: [OrderShipmentInput!]!) { ordersFulfill(shipments: $shipments) { changedCount userErrors { code field message } results { ${RESULT} } } }`;
const START = `mutation($ids: [ID!]!) { ordersStartFulfillment(orderIds: $ids) { changedCount userErrors { code message } results { ${RESULT} } } }`;
const ORDER = `fulfillmentStatus tracking { carrier trackingNumber trackingUrl shippedAt deliveredAt } history { action actor message at }`;
const CORRECT = `mutation($id: ID!, $c: String!, $n: String!, $u: String, $resend: Boolean) {
  orderTrackingUpdate(orderId: $id, carrier: $c, trackingNumber: $n, trackingUrl: $u, resendEmail: $resend) { order { ${ORDER} } userErrors { code field message } } }`;
const RESEND = `mutation($id: ID!) { orderShippingEmailResend(orderId: $id) { order { ${ORDER} } userErrors { code message } } }`;
const DELIVERED = `mutation($id: ID!) { orderMarkDelivered(orderId: $id) { order { ${ORDER} } userErrors { code message } } }`;
const ADMIN_ORDER = `query($id: ID!) { adminOrder(id: $id) { ${ORDER} } }`;

const numbers = (data: { adminOrders: { nodes: { orderNumber: number }[] } }) => data.adminOrders.nodes.map((n) => n.orderNumber);
const outboxFile = (key: string) => path.join(dataDir, "outbox", `${key}.eml`);
const emailJobs = (prefix: string) =>
  shop.database.db.selectFrom("jobs").select("dedupe_key").where("kind", "=", "email").where("dedupe_key", "like", `${prefix}%`).execute();

/** A paid order of its own, placed as checkout would record it (no emails): fast, for the list's tests. */
async function placed(email: string, totalQuantity: number, paidAt: string) {
  const order = await placeOrderFor(shop, null, email, totalQuantity);
  await shop.database.db.updateTable("orders").set({ processed_at: new Date(paidAt) }).where("id", "=", order.id).execute();
  return order;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-shipping-"));
  shop = await startTestGateway({ dataDir, ...withJobRunner({ pollIntervalMs: 100, backoffMaxMs: 200 }) });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Sam Shipper", role: "owner" });
  owner = new BrowserSession(shop.url);
  const { data } = await owner.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
  expect(data.staffLogin.userErrors).toEqual([]);
  variantId = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!.id;
});
afterAll(async () => {
  await shop?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("the orders list", () => {
  // Orders of a day long ago, so the rest of the suite's orders stay out of the range.
  const day = { from: "2020-03-02T00:00:00.000Z", before: "2020-03-03T00:00:00.000Z" };
  let byName: Record<string, { id: string; orderNumber: number }>;

  beforeAll(async () => {
    byName = {
      waiting: await placed("zed@list.example", 1, "2020-03-02T09:00:00.000Z"),
      started: await placed("amy@list.example", 3, "2020-03-02T08:00:00.000Z"),
      shipped: await placed("bob@list.example", 2, "2020-03-02T10:00:00.000Z"),
      cancelled: await placed("cy@list.example", 1, "2020-03-02T11:00:00.000Z"),
      refunded: await placed("dee@list.example", 1, "2020-03-02T07:00:00.000Z"),
      dayBefore: await placed("eve@list.example", 1, "2020-03-01T23:59:59.999Z"),
    };
    await services.orderTransitions.startFulfillment(byName.started!.id, "system");
    await services.orderTransitions.fulfill(byName.shipped!.id, { carrier: "UPS", trackingNumber: "1Z999" }, "system");
    await services.orderTransitions.cancel(byName.cancelled!.id, "Customer changed their mind", "system");
    // Given back in full without being cancelled: nothing to send.
    await shop.database.db.updateTable("orders").set({ financial_status: "REFUNDED", refunded_cents: sql<number>`total_cents` }).where("id", "=", byName.refunded!.id).execute();
  });

  const n = (name: string) => byName[name]!.orderNumber;

  it("has a To ship view, oldest first: paid, not shipped, not cancelled, not refunded in full", async () => {
    const { data, errors } = await owner.graphql(LIST, { view: "TO_SHIP", ...day });
    expect(errors).toBeUndefined();
    expect(numbers(data)).toEqual([n("started"), n("waiting")]);
    expect(data.adminOrders.totalCount).toBe(2);
  });

  it("counts each view under the same range and search (the tabs)", async () => {
    const { data } = await owner.graphql(COUNTS, day);
    expect(data.adminOrderCounts).toEqual({ all: 5, toShip: 2, unfulfilled: 2, inProgress: 1, fulfilled: 1, cancelled: 1 });
    const searched = await owner.graphql(COUNTS, { ...day, search: "bob@" });
    expect(searched.data.adminOrderCounts).toEqual({ all: 1, toShip: 0, unfulfilled: 0, inProgress: 0, fulfilled: 1, cancelled: 0 });
  });

  it("takes a date range: paid at or after placedFrom and before placedBefore", async () => {
    const { data } = await owner.graphql(LIST, { ...day, sort: "OLDEST_FIRST" });
    expect(numbers(data)).toEqual([n("refunded"), n("started"), n("waiting"), n("shipped"), n("cancelled")]);
    const evening = await owner.graphql(LIST, { from: "2020-03-01T23:59:59.999Z", before: "2020-03-02T07:00:00.001Z" });
    expect(numbers(evening.data)).toEqual([n("refunded"), n("dayBefore")]);
    const backwards = await owner.graphql(LIST, { from: day.before, before: day.from });
    expect(backwards.errors?.[0]).toMatchObject({ message: "placedBefore must be later than placedFrom", extensions: { code: "BAD_USER_INPUT" } });
  });

  it("sorts by total, number and customer either way, and pages through each sort without a gap or a repeat", async () => {
    const all = ["waiting", "started", "shipped", "cancelled", "refunded"];
    const total = (await owner.graphql(LIST, { ...day, sort: "TOTAL_HIGHEST_FIRST" })).data;
    // Three shirts, then two, then the three single shirts by number (the tie's own order).
    const singles = ["waiting", "cancelled", "refunded"].map(n).sort((a, b) => b - a);
    expect(numbers(total)).toEqual([n("started"), n("shipped"), ...singles]);
    const customers = (await owner.graphql(LIST, { ...day, sort: "CUSTOMER_A_TO_Z" })).data;
    expect(numbers(customers)).toEqual(["started", "shipped", "cancelled", "refunded", "waiting"].map(n));
    const lowest = (await owner.graphql(LIST, { ...day, sort: "NUMBER_LOWEST_FIRST" })).data;
    expect(numbers(lowest)).toEqual(all.map(n).sort((a, b) => a - b));

    for (const sort of ["NEWEST_FIRST", "OLDEST_FIRST", "TOTAL_LOWEST_FIRST", "CUSTOMER_Z_TO_A", "NUMBER_HIGHEST_FIRST"]) {
      const whole = numbers((await owner.graphql(LIST, { ...day, sort, first: 50 })).data);
      const paged: number[] = [];
      let after: string | null = null;
      for (let guard = 0; guard < 10; guard++) {
        const { data }: { data: any } = await owner.graphql(LIST, { ...day, sort, first: 2, after });
        paged.push(...numbers(data));
        if (!data.adminOrders.pageInfo.hasNextPage) break;
        after = data.adminOrders.pageInfo.endCursor;
      }
      expect(paged, sort).toEqual(whole);
    }
  });

  it("refuses a cursor of another sort or an altered one", async () => {
    const { data } = await owner.graphql(LIST, { ...day, sort: "TOTAL_HIGHEST_FIRST", first: 1 });
    const cursor = data.adminOrders.pageInfo.endCursor as string;
    const other = await owner.graphql(LIST, { ...day, sort: "OLDEST_FIRST", after: cursor });
    expect(other.errors?.[0]?.message).toMatch(/^after is not a cursor of this list/);
    const altered = await owner.graphql(LIST, { ...day, after: Buffer.from('["PLACED_AT","tomorrow",1]').toString("base64url") });
    expect(altered.errors?.[0]?.message).toMatch(/^after is not a cursor of this list/);
  });

  it("narrows to a product's orders and to failed print jobs", async () => {
    const productId = (await shop.database.db.selectFrom("order_lines").select("product_id").where("order_id", "=", byName.waiting!.id).executeTakeFirstOrThrow()).product_id!;
    const withProduct = await owner.graphql(LIST, { ...day, productId });
    expect(numbers(withProduct.data)).toHaveLength(5);
    const failed = await owner.graphql(LIST, { ...day, failed: true });
    expect(numbers(failed.data)).toEqual([]);
    await shop.database.db
      .insertInto("jobs")
      .values({ kind: FULFILLMENT_JOB_KIND, payload: JSON.stringify({ orderId: byName.waiting!.id }), state: "FAILED", max_attempts: 1, run_at: new Date(), dedupe_key: fulfillmentJobKey(byName.waiting!.id) })
      .execute();
    expect(numbers((await owner.graphql(LIST, { ...day, failed: true })).data)).toEqual([n("waiting")]);
    // Home counts the same failed jobs, and the same orders to ship, as the lists it links to.
    const home = (await owner.graphql(`{ adminHome { toShip { count } failedPartnerJobs } }`)).data.adminHome;
    const everything = (await owner.graphql(COUNTS, {})).data.adminOrderCounts;
    expect(home.toShip.count).toBe(everything.toShip);
    expect(home.failedPartnerJobs).toBe((await owner.graphql(LIST, { failed: true, view: "ALL" })).data.adminOrders.totalCount);
    const notAProduct = await owner.graphql(LIST, { productId: "nope" });
    expect(notAProduct.errors?.[0]?.message).toBe("productId is not a product's id");
  });
});

describe("shipping several orders at once", () => {
  it("ships each order once with its own tracking, emails each customer once, and names the orders it refused", async () => {
    const orders = [];
    for (const email of ["one@ship.example", "two@ship.example", "three@ship.example"]) orders.push(await paidOrder(shop, shop.database.db, [{ variantId, quantity: 1 }], { email }));
    const cancelled = await paidOrder(shop, shop.database.db, [{ variantId, quantity: 1 }], { email: "four@ship.example" });
    await services.orderTransitions.cancel(cancelled.id, "Out of ink", "system");
    const unknown = "00000000-0000-4000-8000-000000000000";

    const shipments = [
      { orderId: orders[0]!.id, carrier: "usps", trackingNumber: "9400 1000" },
      { orderId: orders[1]!.id, carrier: "Fed Ex", trackingNumber: "7712" },
      { orderId: cancelled.id, carrier: "UPS", trackingNumber: "1Z1" },
      { orderId: unknown, carrier: "UPS", trackingNumber: "1Z2" },
      { orderId: orders[2]!.id, carrier: "Pigeon Post", trackingNumber: "P-1" },
    ];
    const { data } = await owner.graphql(SHIP, { shipments });
    const results = data.ordersFulfill.results;
    expect(data.ordersFulfill.changedCount).toBe(2);
    expect(results[0]).toMatchObject({
      orderNumber: orders[0]!.orderNumber,
      order: { fulfillmentStatus: "FULFILLED", tracking: { carrier: "USPS", trackingNumber: "9400 1000", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201000" } },
      userErrors: [],
    });
    expect(results[1].order.tracking).toEqual({ carrier: "FedEx", trackingNumber: "7712", trackingUrl: "https://www.fedex.com/fedextrack/?trknbr=7712" });
    expect(results[2]).toMatchObject({ orderNumber: cancelled.orderNumber, order: null, userErrors: [{ code: "INVALID_TRANSITION", message: `Order #${cancelled.orderNumber} is cancelled and cannot be fulfilled.` }] });
    expect(results[3]).toMatchObject({ orderId: unknown, orderNumber: null, order: null, userErrors: [{ code: "NOT_FOUND" }] });
    expect(results[4]).toMatchObject({ order: null, userErrors: [{ code: "INVALID_INPUT", field: "trackingUrl", message: "\"Pigeon Post\" is not one of USPS, UPS, FedEx, DHL: give its tracking URL" }] });
    const third = await owner.graphql(ADMIN_ORDER, { id: orders[2]!.id });
    // Left as it was (the print partner may have taken it meanwhile): not shipped.
    expect(third.data.adminOrder.fulfillmentStatus).not.toBe("FULFILLED");

    // The same request again changes nothing and sends nothing more.
    const again = await owner.graphql(SHIP, { shipments: shipments.slice(0, 2) });
    expect(again.data.ordersFulfill.changedCount).toBe(0);
    expect(again.data.ordersFulfill.results.map((r: { userErrors: { code: string }[] }) => r.userErrors[0]?.code)).toEqual(["INVALID_TRANSITION", "INVALID_TRANSITION"]);
    for (const order of orders.slice(0, 2)) {
      expect(await emailJobs(`email:order-${order.orderNumber}-shipping`)).toHaveLength(1);
      await jobReaching(shop.database.db, `email:order-${order.orderNumber}-shipping`, "SUCCEEDED");
    }
    expect(await emailJobs(`email:order-${orders[2]!.orderNumber}-shipping`)).toHaveLength(0);
    const email = fs.readFileSync(outboxFile(`order-${orders[0]!.orderNumber}-shipping`), "utf8");
    expect(readEml(email).text).toContain("Track it: https://tools.usps.com/go/TrackConfirmAction?tLabels=9400");
    expect(email.replace(/=\r?\n/g, "")).toContain('href=3D"https://tools.usps.com/go/TrackConfirmAction?tLabels=3D9400%201000"');
  });

  it("refuses a request naming an order twice before changing anything", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId, quantity: 1 }], { email: "twice@ship.example" });
    const shipment = { orderId: order.id, carrier: "UPS", trackingNumber: "1Z3" };
    const { data } = await owner.graphql(SHIP, { shipments: [shipment, { ...shipment, trackingNumber: "1Z4" }] });
    expect(data.ordersFulfill).toMatchObject({ results: null, userErrors: [{ code: "CONFLICT" }] });
    // Not shipped. (The print pipeline's job may move a paid order to IN_PROGRESS meanwhile: that is
    // not this request's doing, so the test reads what shipping would have changed.)
    const after = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder;
    expect(after.fulfillmentStatus).not.toBe("FULFILLED");
    expect(after.tracking).toBeNull();
    expect(after.history.filter((h: { action: string }) => h.action === "fulfilled")).toEqual([]);
    const none = await owner.graphql(SHIP, { shipments: [] });
    expect(none.data.ordersFulfill.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "shipments" });
  });

  it("refuses more than 100 orders at once, changing nothing", async () => {
    const order = await placeOrderFor(shop, null, "many@ship.example", 1);
    const shipments = Array.from({ length: 101 }, (_, i) => ({ orderId: i === 0 ? order.id : `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, carrier: "UPS", trackingNumber: `1Z${i}` }));
    const { data } = await owner.graphql(SHIP, { shipments });
    expect(data.ordersFulfill).toMatchObject({ results: null, userErrors: [{ code: "INVALID_INPUT", field: "shipments", message: "shipments may hold at most 100 orders" }] });
    expect((await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.fulfillmentStatus).toBe("UNFULFILLED");
  });

  it("ships each order once when two staff ship the same orders at the same moment: one email each", async () => {
    const orders = [];
    for (const email of ["race-a@ship.example", "race-b@ship.example"]) orders.push(await paidOrder(shop, shop.database.db, [{ variantId, quantity: 1 }], { email }));
    const shipments = orders.map((o, i) => ({ orderId: o.id, carrier: "UPS", trackingNumber: `1ZRACE${i}` }));
    const other = new BrowserSession(shop.url);
    await other.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
    const [first, second] = await Promise.all([owner.graphql(SHIP, { shipments }), other.graphql(SHIP, { shipments: [...shipments].reverse() })]);
    expect(first.data.ordersFulfill.changedCount + second.data.ordersFulfill.changedCount).toBe(2);
    for (const order of orders) {
      expect(await emailJobs(`email:order-${order.orderNumber}-shipping`)).toHaveLength(1);
      const history = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { action: string }[];
      expect(history.filter((h) => h.action === "fulfilled")).toHaveLength(1);
    }
  });

  it("starts fulfilment of several orders, each once", async () => {
    const a = await placeOrderFor(shop, null, "start-a@ship.example", 1);
    const b = await placeOrderFor(shop, null, "start-b@ship.example", 1);
    const first = await owner.graphql(START, { ids: [a.id, b.id] });
    expect(first.data.ordersStartFulfillment.results.map((r: { order: { fulfillmentStatus: string } }) => r.order.fulfillmentStatus)).toEqual(["IN_PROGRESS", "IN_PROGRESS"]);
    const second = await owner.graphql(START, { ids: [a.id] });
    expect(second.data.ordersStartFulfillment.results[0].userErrors[0].code).toBe("INVALID_TRANSITION");
  });

  it("is for staff and tokens with orders:write only", async () => {
    const anonymous = await shop.graphql(SHIP, { shipments: [{ orderId: "x", carrier: "UPS", trackingNumber: "1" }] });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
  });
});

describe("a shipment after it went", () => {
  let order: { id: string; orderNumber: number };
  let statusUrl: string;

  beforeAll(async () => {
    order = await paidOrder(shop, shop.database.db, [{ variantId, quantity: 1 }], { email: "fix@ship.example" });
    await owner.graphql(SHIP, { shipments: [{ orderId: order.id, carrier: "UPS", trackingNumber: "1ZTYPO" }] });
    statusUrl = (await owner.graphql(`query($id: ID!) { adminOrder(id: $id) { statusUrl } }`, { id: order.id })).data.adminOrder.statusUrl;
    // The order's emails so far (its confirmation, then the shipping email) go out, and into the
    // history, before the tests correct anything: one landing during a correction would be the
    // history's last entry.
    await waitFor(async () => {
      const history = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { action: string }[];
      return history.filter((h) => h.action === "email_sent").length === 2;
    }, 20_000, "the confirmation and shipping emails in the history");
  });

  it("has its tracking corrected, the link rebuilt, the change in its history, and no second email unless asked", async () => {
    const { data } = await owner.graphql(CORRECT, { id: order.id, c: "DHL", n: "JD0001" });
    expect(data.orderTrackingUpdate.userErrors).toEqual([]);
    expect(data.orderTrackingUpdate.order.tracking).toMatchObject({
      carrier: "DHL",
      trackingNumber: "JD0001",
      trackingUrl: "https://www.dhl.com/global-en/home/tracking/tracking-express.html?submit=1&tracking-id=JD0001",
      deliveredAt: null,
    });
    expect(data.orderTrackingUpdate.order.history.at(-1)).toMatchObject({ action: "tracking_corrected", actor: `staff:${OWNER.email}`, message: "Tracking corrected to DHL JD0001 (was UPS 1ZTYPO)" });
    expect(await emailJobs(`email:order-${order.orderNumber}-shipping`)).toHaveLength(1);

    const other = await owner.graphql(CORRECT, { id: order.id, c: "Local Courier", n: "LC-9", u: "https://courier.example/t/LC-9" });
    expect(other.data.orderTrackingUpdate.order.tracking).toMatchObject({ carrier: "Local Courier", trackingUrl: "https://courier.example/t/LC-9" });
    const noLink = await owner.graphql(CORRECT, { id: order.id, c: "Local Courier", n: "LC-10" });
    expect(noLink.data.orderTrackingUpdate.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "trackingUrl" });
    const blank = await owner.graphql(CORRECT, { id: order.id, c: "UPS", n: "  " });
    expect(blank.data.orderTrackingUpdate.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "trackingNumber" });
  });

  it("sends the shipping email again, with the corrected tracking, listed in the history with its recipient", async () => {
    const { data } = await owner.graphql(CORRECT, { id: order.id, c: "UPS", n: "1ZRIGHT", resend: true });
    expect(data.orderTrackingUpdate.order.history.at(-1)).toMatchObject({ action: "shipping_email_resent", message: "Shipping email sent again" });
    const keys = (await emailJobs(`email:order-${order.orderNumber}-shipping`)).map((j) => j.dedupe_key);
    expect(keys).toHaveLength(2);
    const resent = keys.find((k) => k.startsWith(`email:order-${order.orderNumber}-shipping-resend-`))!;
    await jobReaching(shop.database.db, resent, "SUCCEEDED");
    const resentKey = resent.slice("email:".length);
    expect(readEml(fs.readFileSync(outboxFile(resentKey), "utf8")).text).toContain("Tracking number: 1ZRIGHT");

    const plain = await owner.graphql(RESEND, { id: order.id });
    expect(plain.data.orderShippingEmailResend.userErrors).toEqual([]);
    expect(await emailJobs(`email:order-${order.orderNumber}-shipping`)).toHaveLength(3);

    await waitFor(async () => {
      const history = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { action: string }[];
      return history.filter((h) => h.action === "email_sent").length === 4;
    }, 20_000, "four emails in the history");
    const history = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { action: string; actor: string; message: string }[];
    const sent = history.filter((h) => h.action === "email_sent").map((h) => h.message);
    expect(sent).toEqual([
      `Emailed "Order #${order.orderNumber} confirmed" to fix@ship.example`,
      `Emailed "Order #${order.orderNumber} has shipped" to fix@ship.example`,
      `Emailed "Order #${order.orderNumber} has shipped" to fix@ship.example`,
      `Emailed "Order #${order.orderNumber} has shipped" to fix@ship.example`,
    ]);
  });

  it("is marked delivered once; the customer's order and status page show the tracking as a link", async () => {
    const { data } = await owner.graphql(DELIVERED, { id: order.id });
    expect(data.orderMarkDelivered.order).toMatchObject({ fulfillmentStatus: "FULFILLED", tracking: { deliveredAt: expect.any(String) } });
    expect(data.orderMarkDelivered.order.history.at(-1)).toMatchObject({ action: "delivered", message: "Marked delivered" });
    const twice = await owner.graphql(DELIVERED, { id: order.id });
    expect(twice.data.orderMarkDelivered.userErrors[0]).toMatchObject({ code: "INVALID_TRANSITION", message: `Order #${order.orderNumber} is already marked delivered.` });

    const page = await (await fetch(shop.url + pathOf(statusUrl))).text();
    expect(page).toContain('href="https://www.ups.com/track?tracknum=1ZRIGHT"');
  });

  it("refuses a correction, a resend or delivery of an order that has not shipped", async () => {
    const waiting = await placeOrderFor(shop, null, "waiting@ship.example", 1);
    for (const [query, vars, field] of [
      [CORRECT, { id: waiting.id, c: "UPS", n: "1" }, "orderTrackingUpdate"],
      [RESEND, { id: waiting.id }, "orderShippingEmailResend"],
      [DELIVERED, { id: waiting.id }, "orderMarkDelivered"],
    ] as const) {
      const { data } = await owner.graphql(query, vars);
      expect(data[field].userErrors[0]).toMatchObject({ code: "INVALID_TRANSITION", message: expect.stringMatching(new RegExp(`^Order #${waiting.orderNumber} has not shipped: `)) });
    }
  });
});

describe("the history lists every email about the order", () => {
  it("lists the cancellation email with its recipient once it was sent", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId, quantity: 1 }], { email: "gone@ship.example" });
    const { data } = await owner.graphql(
      `mutation($id: ID!) { orderCancel(orderId: $id, reason: "Misprint", notifyCustomer: true, customerMessage: "Sorry!") { userErrors { message } } }`,
      { id: order.id },
    );
    expect(data.orderCancel.userErrors).toEqual([]);
    await waitFor(async () => {
      const history = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { message: string }[];
      return history.some((h) => h.message === `Emailed "Order #${order.orderNumber} was cancelled" to gone@ship.example`);
    }, 20_000, "the cancellation email in the history");
    const history = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { action: string; message: string }[];
    // The refund made with the cancellation has its own email, listed too.
    await waitFor(async () => {
      const now = (await owner.graphql(ADMIN_ORDER, { id: order.id })).data.adminOrder.history as { message: string }[];
      return now.some((h) => /^Emailed "Refund of \$[\d.]+ for order #\d+" to gone@ship\.example$/.test(h.message));
    }, 20_000, "the refund email in the history");
    expect(history.filter((h) => h.action === "email_sent").length).toBeGreaterThanOrEqual(2);
  });
});
