import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { cartApi, uploadDesign, variantsOf } from "./support/cart.js";
import { pathOf, payWith } from "./support/checkout.js";
import { placeOrderFor } from "./support/orders.js";
import type { Services } from "../gateway/services.js";
import type { OrderRecord } from "../gateway/orders/order.records.js";

// The shop's orders over GraphQL (list, detail, the transition mutations, the audit log)
// and what the customer sees after each change: the order page, the dashboard, the status page, /track.
let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let customer: BrowserSession;
let paidOrderId: string;
const heardInTransaction: number[] = [];
const heardAfterCommit: string[] = [];

const ORDER_FIELDS = `id orderNumber email customerName fulfillmentStatus financialStatus statusUrl shippingMethod
  shippingAddress { name address1 address2 city province provinceCode postalCode country countryCode phone formatted } payment { brand last4 } tracking { carrier trackingNumber trackingUrl shippedAt }
  cancelReason cancelledAt history { actor action message at }
  lineItems { title quantity variantId productHandle originalUnitPrice { amount } design { id previewUrl printFileUrl } }
  subtotalPrice { amount } totalPrice { amount }`;
const PAYLOAD = `order { ${ORDER_FIELDS} } userErrors { code field message }`;
const START = `mutation($id: ID!) { orderStartFulfillment(orderId: $id) { ${PAYLOAD} } }`;
const FULFILL = `mutation($id: ID!, $c: String!, $n: String!, $u: String) { orderFulfill(orderId: $id, carrier: $c, trackingNumber: $n, trackingUrl: $u) { ${PAYLOAD} } }`;
const CANCEL = `mutation($id: ID!, $r: String!) { orderCancel(orderId: $id, reason: $r) { ${PAYLOAD} } }`;
const LIST = `query($status: OrderFulfillmentStatus, $search: String, $first: Int, $after: String) {
  adminOrders(status: $status, search: $search, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor } edges { cursor node { orderNumber } } nodes { orderNumber email fulfillmentStatus } } }`;
const CUSTOMER_ORDER = `query($id: ID!) { order(id: $id) { fulfillmentStatus tracking { carrier trackingNumber trackingUrl } cancelReason cancelledAt } }`;

async function statusPage(statusUrl: string): Promise<string> {
  const res = await fetch(shop.url + pathOf(statusUrl));
  expect(res.status).toBe(200);
  return res.text();
}

const badgeOf = (page: string) => /<span class="status-badge">([^<]+)<\/span>/.exec(page)?.[1];
const currentStepOf = (page: string) => /aria-current="step">[\s\S]*?<span class="step-label">([^<]+)</.exec(page)?.[1];

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
  services.orderLifecycle.on("paid", async (order, trx) => {
    // Inside checkout's transaction: the order is visible on this connection.
    const row = await trx.selectFrom("orders").select("order_number").where("id", "=", order.id).executeTakeFirst();
    heardInTransaction.push(row!.order_number);
  });
  services.orderLifecycle.onCommitted((event, order) => heardAfterCommit.push(`${event}:${order.orderNumber}`));
  await services.staff.create({ email: "boss@shop.example", name: "Bo Boss", role: "owner", password: "boss password 1" });
  owner = new BrowserSession(shop.url);
  await owner.graphql(`mutation { staffLogin(input: { email: "boss@shop.example", password: "boss password 1" }) { userErrors { code } } }`);

  // A customer pays for a designed shirt through the real checkout.
  customer = new BrowserSession(shop.url);
  await customer.register({ name: "Cass Buyer", email: "cass@example.com", password: "customer pass 1" });
  await customer.login("cass@example.com", "customer pass 1");
  const [variant] = await variantsOf(shop, (await shop.rest("/api/products?pageSize=1")).body.products?.[0]?.handle ?? "");
  const designId = await uploadDesign(shop);
  const cart = await customer.json("/api/cart", { method: "POST", json: {} });
  await customer.json(`/api/cart/${encodeURIComponent(cart.body.id)}/items`, {
    method: "POST",
    json: { items: [{ variantId: variant!.id, quantity: 1, customAttributes: [{ key: "designId", value: designId }] }] },
  });
  const url = (await cartApi(shop).checkoutUrl(cart.body.id)).body.checkoutUrl as string;
  const paid = await payWith((path, init) => customer.fetch(path, init), url, { email: "cass@example.com", address2: "Suite 9", phone: "+1 217 555 0199" });
  expect(paid.status).toBe(303);
  paidOrderId = (await customer.graphql(`{ customerOrders { id } }`)).data.customerOrders[0].id;
});
afterAll(() => shop?.close());

describe("an order paid through checkout", () => {
  it("has its 'paid' history entry, and the lifecycle's handlers ran in its transaction and after commit", async () => {
    const { data } = await owner.graphql(`query($id: ID!) { adminOrder(id: $id) { ${ORDER_FIELDS} } }`, { id: paidOrderId });
    const order = data.adminOrder;
    expect(order).toMatchObject({
      email: "cass@example.com",
      customerName: "Cass Buyer",
      fulfillmentStatus: "UNFULFILLED",
      financialStatus: "PAID",
      payment: { brand: expect.any(String), last4: "4242" },
      tracking: null,
      cancelReason: null,
      history: [{ actor: "customer", action: "paid", message: `Order #${order.orderNumber} paid` }],
    });
    const address = {
      name: "Pat Doe",
      address1: "1 Main St, Apt 2",
      address2: "Suite 9",
      city: "Springfield",
      province: "Illinois",
      provinceCode: "IL",
      postalCode: "12345",
      country: "United States",
      countryCode: "US",
      phone: "+1 217 555 0199",
      formatted: ["Pat Doe", "1 Main St, Apt 2", "Suite 9", "Springfield, IL 12345", "United States"],
    };
    expect(order.shippingAddress).toEqual(address);
    // The buyer sees the whole address, phone included, on their own order.
    const mine = await customer.graphql(`query($id: ID!) { order(id: $id) { shippingAddress { address2 province provinceCode countryCode phone } } }`, { id: paidOrderId });
    expect(mine.data.order.shippingAddress).toEqual({ address2: "Suite 9", province: "Illinois", provinceCode: "IL", countryCode: "US", phone: "+1 217 555 0199" });
    const design = order.lineItems[0].design;
    expect(design.previewUrl).toBe(`/designs/${design.id}/preview`);
    expect((await fetch(shop.url + design.printFileUrl)).status).toBe(200);
    expect(heardInTransaction).toEqual([order.orderNumber]);
    expect(heardAfterCommit).toContain(`paid:${order.orderNumber}`);
    expect((await owner.graphql(`{ adminOrder(id: "00000000-0000-4000-8000-000000000000") { id } }`)).data.adminOrder).toBeNull();
  });
});

describe("adminOrders", () => {
  let guests: OrderRecord[];
  beforeAll(async () => {
    guests = [];
    for (const email of ["ann@alpha.example", "ben@beta.example", "ann.two@alpha.example"]) guests.push(await placeOrderFor(shop, null, email));
    await services.orderTransitions.startFulfillment(guests[1]!.id, "system");
  });

  it("lists newest first in pages with cursors and a total", async () => {
    const first = (await owner.graphql(LIST, { first: 2 })).data.adminOrders;
    expect(first.totalCount).toBe(4);
    expect(first.nodes.map((n: any) => n.orderNumber)).toEqual([guests[2]!.orderNumber, guests[1]!.orderNumber]);
    // Cursors are opaque; the last edge's is the page's endCursor.
    expect(first.edges.map((e: any) => e.cursor)).toEqual([expect.any(String), first.pageInfo.endCursor]);
    expect(first.pageInfo.hasNextPage).toBe(true);
    const second = (await owner.graphql(LIST, { first: 2, after: first.pageInfo.endCursor })).data.adminOrders;
    expect(second.nodes.map((n: any) => n.orderNumber)).toEqual([guests[0]!.orderNumber, guests[0]!.orderNumber - 1]);
    expect(second.pageInfo).toEqual({ hasNextPage: false, endCursor: second.edges.at(-1).cursor });
  });

  it("filters by status and searches by order number or email", async () => {
    const inProgress = (await owner.graphql(LIST, { status: "IN_PROGRESS" })).data.adminOrders;
    expect(inProgress).toMatchObject({ totalCount: 1, nodes: [{ email: "ben@beta.example", fulfillmentStatus: "IN_PROGRESS" }] });
    expect((await owner.graphql(LIST, { search: `#${guests[0]!.orderNumber}` })).data.adminOrders.nodes).toEqual([
      { orderNumber: guests[0]!.orderNumber, email: "ann@alpha.example", fulfillmentStatus: "UNFULFILLED" },
    ]);
    expect((await owner.graphql(LIST, { search: String(guests[1]!.orderNumber) })).data.adminOrders.totalCount).toBe(1);
    const byEmail = (await owner.graphql(LIST, { search: " ALPHA.example" })).data.adminOrders;
    expect(byEmail.nodes.map((n: any) => n.email)).toEqual(["ann.two@alpha.example", "ann@alpha.example"]);
    expect((await owner.graphql(LIST, { search: "%" })).data.adminOrders.totalCount).toBe(0);
    expect((await owner.graphql(LIST, { status: "UNFULFILLED", search: "beta" })).data.adminOrders.totalCount).toBe(0);
  });

  it("refuses a bad page size or cursor", async () => {
    expect((await owner.graphql(LIST, { first: 0 })).errors![0].extensions.code).toBe("BAD_USER_INPUT");
    expect((await owner.graphql(LIST, { first: 101 })).errors![0].extensions.code).toBe("BAD_USER_INPUT");
    expect((await owner.graphql(LIST, { after: "abc" })).errors![0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "after" });
  });
});

describe("transitions over GraphQL, and what the customer sees after each", () => {
  it("start → Processing, fulfil → Shipped with carrier and tracking link, everywhere the customer looks", async () => {
    const customerView = async () => (await customer.graphql(CUSTOMER_ORDER, { id: paidOrderId })).data.order;
    const dashboard = async () => (await customer.json("/api/customer/orders")).body.find((o: any) => o.id === paidOrderId);
    const statusUrl = (await customer.graphql(`query($id: ID!) { order(id: $id) { statusUrl orderNumber } }`, { id: paidOrderId })).data.order;

    expect(badgeOf(await statusPage(statusUrl.statusUrl))).toBe("Pending");
    const started = (await owner.graphql(START, { id: paidOrderId })).data.orderStartFulfillment;
    expect(started.userErrors).toEqual([]);
    expect(started.order.fulfillmentStatus).toBe("IN_PROGRESS");
    expect((await customerView()).fulfillmentStatus).toBe("IN_PROGRESS");
    expect((await dashboard()).fulfillmentStatus).toBe("IN_PROGRESS");
    let page = await statusPage(statusUrl.statusUrl);
    expect([badgeOf(page), currentStepOf(page)]).toEqual(["Processing", "Processing"]);

    const shipped = (await owner.graphql(FULFILL, { id: paidOrderId, c: "UPS", n: "1Z999AA1", u: "https://www.ups.com/track?tracknum=1Z999AA1" })).data.orderFulfill;
    expect(shipped.userErrors).toEqual([]);
    expect(shipped.order.tracking).toMatchObject({ carrier: "UPS", trackingNumber: "1Z999AA1", trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA1" });
    expect(shipped.order.history.map((h: any) => [h.actor, h.action])).toEqual([
      ["customer", "paid"],
      ["staff:boss@shop.example", "fulfillment_started"],
      ["staff:boss@shop.example", "fulfilled"],
    ]);
    expect(await customerView()).toEqual({
      fulfillmentStatus: "FULFILLED",
      tracking: { carrier: "UPS", trackingNumber: "1Z999AA1", trackingUrl: "https://www.ups.com/track?tracknum=1Z999AA1" },
      cancelReason: null,
      cancelledAt: null,
    });
    expect((await dashboard()).fulfillmentStatus).toBe("FULFILLED");
    page = await statusPage(statusUrl.statusUrl);
    expect([badgeOf(page), currentStepOf(page)]).toEqual(["Shipped", "Shipped"]);
    expect(page).toContain("<strong>UPS</strong>");
    expect(page).toContain(`<a href="https://www.ups.com/track?tracknum=1Z999AA1" rel="noopener noreferrer">1Z999AA1</a>`);
    // /track answers the same page for the order number and email.
    const tracked = await shop.graphql(`{ orderStatusLookup(orderNumber: ${statusUrl.orderNumber}, email: "CASS@example.com") }`);
    expect(tracked.data.orderStatusLookup).toBe(statusUrl.statusUrl);
    expect(heardAfterCommit).toContain(`fulfilled:${statusUrl.orderNumber}`);
  });

  it("refuses what makes no sense as userErrors, and changes nothing", async () => {
    const cancel = (await owner.graphql(CANCEL, { id: paidOrderId, r: "Changed my mind" })).data.orderCancel;
    const number = cancel.order === null ? (await owner.graphql(`query($id: ID!) { adminOrder(id: $id) { orderNumber } }`, { id: paidOrderId })).data.adminOrder.orderNumber : -1;
    expect(cancel).toEqual({ order: null, userErrors: [{ code: "INVALID_TRANSITION", field: null, message: `Order #${number} is fulfilled and cannot be cancelled.` }] });
    const again = (await owner.graphql(START, { id: paidOrderId })).data.orderStartFulfillment;
    expect(again.userErrors[0].code).toBe("INVALID_TRANSITION");
    const unknown = (await owner.graphql(START, { id: "00000000-0000-4000-8000-000000000000" })).data.orderStartFulfillment;
    expect(unknown.userErrors).toEqual([{ code: "NOT_FOUND", field: null, message: "No order with this id" }]);
    const blank = (await owner.graphql(FULFILL, { id: paidOrderId, c: "  ", n: "1" })).data.orderFulfill;
    expect(blank.userErrors[0]).toMatchObject({ code: "INVALID_INPUT", field: "carrier" });
    expect((await customer.graphql(CUSTOMER_ORDER, { id: paidOrderId })).data.order.fulfillmentStatus).toBe("FULFILLED");
  });

  it("cancels with a reason: the customer sees Cancelled but never the internal reason; fulfilling it then is refused", async () => {
    const order = await placeOrderFor(shop, null, "cancel.me@example.com");
    const token = (await staffToken(["orders:write"])).token;
    const asToken = new BrowserSession(shop.url, { authorization: `Bearer ${token}` });
    const cancelled = (await asToken.graphql(CANCEL, { id: order.id, r: "Out of stock" })).data.orderCancel;
    expect(cancelled.order).toMatchObject({ fulfillmentStatus: "CANCELLED", cancelReason: "Out of stock", cancelledAt: expect.any(String) });
    expect(cancelled.order.history.at(-1)).toMatchObject({ actor: "token:fulfilment-bot", action: "cancelled", message: "Cancelled: Out of stock" });
    const page = await statusPage(cancelled.order.statusUrl);
    expect(badgeOf(page)).toBe("Cancelled");
    expect(page).not.toContain("Out of stock");
    expect(page).toContain("This order was cancelled on");
    const refused = (await asToken.graphql(FULFILL, { id: order.id, c: "UPS", n: "1" })).data.orderFulfill;
    expect(refused.userErrors).toEqual([{ code: "INVALID_TRANSITION", field: null, message: `Order #${order.orderNumber} is cancelled and cannot be fulfilled.` }]);
  });

  it("writes every change to the audit log the owner reads, newest first, in pages", async () => {
    const log = (await owner.graphql(`{ auditLog(first: 50) { nodes { actor action orderNumber details } pageInfo { hasNextPage endCursor } } }`)).data.auditLog;
    const actions = log.nodes.map((n: any) => `${n.actor} ${n.action}`);
    expect(actions.slice(0, 4)).toEqual([
      "token:fulfilment-bot cancelled",
      "staff:boss@shop.example api_token_created",
      "staff:boss@shop.example fulfilled",
      "staff:boss@shop.example fulfillment_started",
    ]);
    expect(log.nodes[2].details).toBe("UPS 1Z999AA1");
    const page1 = (await owner.graphql(`{ auditLog(first: 1) { nodes { action } pageInfo { hasNextPage endCursor } } }`)).data.auditLog;
    expect(page1.pageInfo.hasNextPage).toBe(true);
    const page2 = (await owner.graphql(`query($a: String) { auditLog(first: 1, after: $a) { nodes { action } } }`, { a: page1.pageInfo.endCursor })).data.auditLog;
    expect(page2.nodes).toEqual([{ action: "api_token_created" }]);
  });
});

async function staffToken(scopes: string[]): Promise<{ token: string }> {
  const { data } = await owner.graphql(`mutation($s: [String!]!) { apiTokenCreate(name: "fulfilment-bot", scopes: $s) { token userErrors { code } } }`, { s: scopes });
  return data.apiTokenCreate;
}
