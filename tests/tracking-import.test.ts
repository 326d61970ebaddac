import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { uploadDesign } from "./support/cart.js";
import { placeOrderFor } from "./support/orders.js";
import type { Services } from "../gateway/services.js";
import type { OrderRecord } from "../gateway/orders/order.records.js";

// Staff's tracking import (GraphQL and REST) and the packing slips' orders by id: what each row of
// a file does, that applying ships each order once with one email, and that applying again, or a
// file refused whole, changes nothing.
let shop: TestGateway;
let services: Services;
let staff: BrowserSession;
let customer: BrowserSession;
let writer: string;
let reader: string;
let orders: OrderRecord[];

const REPORT = `report { applied willShip shipped unchanged errors rows { row orderText orderNumber orderId carrier trackingNumber trackingUrl outcome message } } userErrors { code field message }`;
const PREVIEW = `query($csv: String!) { orderTrackingImportPreview(csv: $csv) { ${REPORT} } }`;
const APPLY = `mutation($csv: String!) { orderTrackingImportApply(csv: $csv) { ${REPORT} } }`;
const BY_IDS = `query($ids: [ID!]!) { adminOrdersByIds(ids: $ids) { id orderNumber shippingAddress { name address1 city provinceCode postalCode country phone }
  lineItems { title variantTitle quantity image { url } design { previewUrl } } } }`;

function bearer(token: string) {
  return async (query: string, variables?: Record<string, unknown>) => {
    const res = await fetch(`${shop.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
      body: JSON.stringify({ query, variables }),
    });
    return (await res.json()) as { data: any; errors?: any[] };
  };
}

async function run(query: string, csv: string, as: BrowserSession = staff) {
  const { data, errors } = await as.graphql(query, { csv });
  expect(errors, JSON.stringify(errors)).toBeUndefined();
  return Object.values(data as Record<string, any>)[0];
}

/** Everything an import could change: the orders' fulfilment, their history, the audit log, the email jobs. */
async function snapshot() {
  const db = shop.database.db;
  return {
    orders: await db.selectFrom("orders").select(["id", "fulfillment_status", "carrier", "tracking_number", "tracking_url", "shipped_at"]).orderBy("id").execute(),
    history: await db.selectFrom("order_history").select("id").orderBy("id").execute(),
    audit: await db.selectFrom("audit_log").select("id").orderBy("id").execute(),
    jobs: await db.selectFrom("jobs").select("id").orderBy("id").execute(),
  };
}

/** The shipping emails queued for an order. */
async function shippingEmails(order: OrderRecord) {
  const jobs = await shop.database.db.selectFrom("jobs").select(["kind", "payload"]).where("kind", "=", "email").execute();
  return jobs.filter((j) => {
    const payload = j.payload as { template?: string; data?: { orderId?: string } };
    return payload.template === "shipping_notification" && payload.data?.orderId === order.id;
  });
}

const historyOf = (order: OrderRecord) =>
  shop.database.db.selectFrom("order_history").select(["action", "actor", "message"]).where("order_id", "=", order.id).where("action", "=", "fulfilled").execute();

beforeAll(async () => {
  shop = await startTestGateway();
  services = shop.running.gateway.services;
  await services.staff.create({ email: "sam@shop.example", name: "Sam Staff", role: "staff", password: "staff password 1" });
  staff = new BrowserSession(shop.url);
  const login = await staff.graphql(`mutation { staffLogin(input: { email: "sam@shop.example", password: "staff password 1" }) { userErrors { code } } }`);
  expect(login.data.staffLogin.userErrors).toEqual([]);
  customer = new BrowserSession(shop.url);
  await customer.register({ name: "Cass Buyer", email: "cass@example.com", password: "customer pass 1" });
  await customer.login("cass@example.com", "customer pass 1");
  const system = { staffId: null, actor: "system" };
  writer = (await services.apiTokens.create({ name: "erp", scopes: ["orders:write"] }, system)).token;
  reader = (await services.apiTokens.create({ name: "viewer", scopes: ["orders:read"] }, system)).token;
  const designId = await uploadDesign(shop);
  orders = [];
  for (let i = 0; i < 6; i++) orders.push(await placeOrderFor(shop, null, `guest${i}@example.com`, 1, i === 0 ? [{ key: "designId", value: designId }] : []));
  // #2 is in progress, #3 cancelled, #4 already shipped.
  await services.orderTransitions.startFulfillment(orders[2]!.id, "system");
  await services.orderTransitions.cancel(orders[3]!.id, "Out of stock", "system");
  await services.orderTransitions.fulfill(orders[4]!.id, { carrier: "UPS", trackingNumber: "1ZSHIPPED" }, "system");
}, 240_000);
afterAll(async () => {
  await shop?.close();
});

const n = (i: number) => orders[i]!.orderNumber;

describe("a tracking import", () => {
  let file: string;
  beforeAll(() => {
    file =
      "\uFEFFOrder Number,Carrier,Tracking Number,Tracking URL\r\n" +
      `#${n(0)},ups,1Z0001,\r\n` +
      `${n(1)},"Royal Mail",RM 0002,https://www.royalmail.com/track?n=RM0002\r\n` +
      `${n(2)},FedEx,7489\r\n` +
      `${n(3)},UPS,1Z0003\r\n` +
      `${n(4)},UPS,1ZOTHER\r\n` +
      `99999,UPS,1Z9\r\n` +
      `${n(5)},Pigeon,P5\r\n` +
      `${n(5)},UPS,1Z5\r\n`;
  });

  it("previews each row: the order and what will happen, every error named, nothing changed", async () => {
    const before = await snapshot();
    const { report, userErrors } = await run(PREVIEW, file);
    expect(userErrors).toEqual([]);
    expect(report.rows.map((r: any) => [r.row, r.orderNumber, r.outcome, r.message])).toEqual([
      [2, n(0), "WILL_SHIP", "Will ship with UPS 1Z0001"],
      [3, n(1), "WILL_SHIP", "Will ship with Royal Mail RM 0002"],
      [4, n(2), "WILL_SHIP", "Will ship with FedEx 7489"],
      [5, n(3), "ERROR", `Order #${n(3)} is cancelled`],
      [6, n(4), "ERROR", "Already shipped with UPS 1ZSHIPPED: to correct it, use the order's page"],
      [7, 99999, "ERROR", "No order has the number #99999"],
      [8, n(5), "ERROR", `Order #${n(5)} is in the file more than once (rows 8, 9)`],
      [9, n(5), "ERROR", `Order #${n(5)} is in the file more than once (rows 8, 9)`],
    ]);
    expect(report.rows[0]).toMatchObject({ orderText: `#${n(0)}`, orderId: orders[0]!.id, carrier: "UPS", trackingUrl: "https://www.ups.com/track?tracknum=1Z0001" });
    expect(report.rows[1]).toMatchObject({ carrier: "Royal Mail", trackingNumber: "RM 0002", trackingUrl: "https://www.royalmail.com/track?n=RM0002" });
    expect(report).toMatchObject({ applied: false, willShip: 3, shipped: 0, unchanged: 0, errors: 5 });
    expect(await snapshot()).toEqual(before);
  });

  it("names a carrier off the list without a url, a missing number and a bad url", async () => {
    const { report } = await run(PREVIEW, `order,carrier,tracking,tracking url\n${n(0)},Pigeon,P1,\n${n(1)},UPS,,\n${n(2)},Other,X,javascript:alert(1)\n`);
    expect(report.rows.map((r: any) => r.message)).toEqual([
      '"Pigeon" is not one of USPS, UPS, FedEx, DHL: give its tracking URL',
      "The tracking number is missing",
      'The tracking URL "javascript:alert(1)" is not an http or https address',
    ]);
  });

  it("applies: each valid order shipped once in its own transaction with one email; the others failed with their reason", async () => {
    const { report, userErrors } = await run(APPLY, file);
    expect(userErrors).toEqual([]);
    expect(report.rows.map((r: any) => [r.row, r.outcome])).toEqual([
      [2, "SHIPPED"],
      [3, "SHIPPED"],
      [4, "SHIPPED"],
      [5, "FAILED"],
      [6, "FAILED"],
      [7, "FAILED"],
      [8, "FAILED"],
      [9, "FAILED"],
    ]);
    expect(report).toMatchObject({ applied: true, willShip: 0, shipped: 3, unchanged: 0, errors: 5 });
    expect(report.rows[0].message).toBe("Shipped with UPS 1Z0001");
    const shipped = await Promise.all([0, 1, 2].map((i) => services.orders.findByStatusToken(orders[i]!.statusToken)));
    expect(shipped.map((o) => [o!.fulfillmentStatus, o!.tracking?.carrier, o!.tracking?.trackingNumber, o!.tracking?.trackingUrl])).toEqual([
      ["FULFILLED", "UPS", "1Z0001", "https://www.ups.com/track?tracknum=1Z0001"],
      ["FULFILLED", "Royal Mail", "RM 0002", "https://www.royalmail.com/track?n=RM0002"],
      ["FULFILLED", "FedEx", "7489", "https://www.fedex.com/fedextrack/?trknbr=7489"],
    ]);
    for (const i of [0, 1, 2]) {
      expect(await shippingEmails(orders[i]!)).toHaveLength(1);
      expect(await historyOf(orders[i]!)).toEqual([{ action: "fulfilled", actor: "staff:sam@shop.example", message: expect.stringMatching(/^Shipped with /) }]);
    }
    expect(await shippingEmails(orders[5]!)).toHaveLength(0);
    expect((await services.orders.findByStatusToken(orders[5]!.statusToken))!.fulfillmentStatus).toBe("UNFULFILLED");
    expect((await services.orders.findByStatusToken(orders[3]!.statusToken))!.fulfillmentStatus).toBe("CANCELLED");
    expect((await services.orders.findByStatusToken(orders[4]!.statusToken))!.tracking?.trackingNumber).toBe("1ZSHIPPED");
  });

  it("applied again changes nothing: the shipped rows are unchanged, no second email", async () => {
    const before = await snapshot();
    const preview = (await run(PREVIEW, file)).report;
    expect(preview.rows.slice(0, 3).map((r: any) => [r.outcome, r.message])).toEqual(Array(3).fill(["UNCHANGED", "Already shipped with this tracking"]));
    const { report } = await run(APPLY, file);
    expect(report).toMatchObject({ applied: false, shipped: 0, unchanged: 3, errors: 5 });
    expect(await snapshot()).toEqual(before);
    for (const i of [0, 1, 2]) expect(await shippingEmails(orders[i]!)).toHaveLength(1);
  });

  it("re-checks on apply: an order cancelled after its preview is not shipped", async () => {
    const late = await placeOrderFor(shop, null, "late@example.com", 1);
    const csv = `order number,carrier,tracking number\n${late.orderNumber},DHL,JD1\n`;
    expect((await run(PREVIEW, csv)).report.rows[0].outcome).toBe("WILL_SHIP");
    await services.orderTransitions.cancel(late.id, "Changed mind", "system");
    const { report } = await run(APPLY, csv);
    expect(report.rows[0]).toMatchObject({ outcome: "FAILED", message: `Order #${late.orderNumber} is cancelled` });
    expect(await shippingEmails(late)).toHaveLength(0);
  });

  it("refuses a bad file whole, changing nothing: too many rows, too large, malformed, no header", async () => {
    const before = await snapshot();
    const tooMany = "order,carrier,tracking\n" + Array.from({ length: 1001 }, (_, i) => `${n(5)},UPS,${i}\n`).join("");
    const cases: [string, RegExp][] = [
      [tooMany, /more than 1000 rows/],
      [`order,carrier,tracking\n${n(5)},"UPS,1Z\n`, /not valid CSV/],
      [`${n(5)},UPS,1Z\n`, /header row must name/],
      ["", /empty/],
    ];
    for (const [csv, message] of cases) {
      for (const query of [PREVIEW, APPLY]) {
        const answer = await run(query, csv);
        expect(answer.report).toBeNull();
        expect(answer.userErrors).toEqual([expect.objectContaining({ code: "INVALID_INPUT", field: "csv", message: expect.stringMatching(message) })]);
      }
    }
    // Over REST (GraphQL's own request limit is 100 kB): a file over 1 MB is refused with 413.
    const large = "order,carrier,tracking\n" + `${n(5)},UPS,${"1".repeat(90)}\n`.repeat(12_000);
    const refused = await staff.fetch("/api/admin/orders/tracking-import?apply=true", { method: "POST", headers: { "content-type": "text/csv" }, body: large });
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ error: "The file is larger than 1 MB" });
    const malformed = await staff.fetch("/api/admin/orders/tracking-import?apply=true", { method: "POST", headers: { "content-type": "text/csv" }, body: tooMany });
    expect(malformed.status).toBe(400);
    expect(((await malformed.json()) as { error: string }).error).toMatch(/more than 1000 rows/);
    expect(await snapshot()).toEqual(before);
  });

  it("over REST: previews and applies the file sent as the body", async () => {
    const order = await placeOrderFor(shop, null, "rest@example.com", 1);
    const csv = `order number,carrier,tracking number\r\n#${order.orderNumber},usps,9400 1\r\n`;
    const post = (query: string) => staff.fetch(`/api/admin/orders/tracking-import${query}`, { method: "POST", headers: { "content-type": "text/csv" }, body: csv });
    const preview = await post("");
    expect(preview.status).toBe(200);
    expect(await preview.json()).toMatchObject({ applied: false, willShip: 1, rows: [{ outcome: "WILL_SHIP", carrier: "USPS", trackingUrl: "https://tools.usps.com/go/TrackConfirmAction?tLabels=9400%201" }] });
    const applied = await post("?apply=true");
    expect(await applied.json()).toMatchObject({ applied: true, shipped: 1, rows: [{ outcome: "SHIPPED" }] });
    expect(await shippingEmails(order)).toHaveLength(1);
    expect(((await (await post("?apply=true")).json()) as { rows: { outcome: string }[] }).rows[0]!.outcome).toBe("UNCHANGED");
    expect(await shippingEmails(order)).toHaveLength(1);
  });

  it("is for staff and tokens with orders:write only", async () => {
    const order = await placeOrderFor(shop, null, "token@example.com", 1);
    const csv = `order,carrier,tracking\n${order.orderNumber},UPS,1ZTOKEN\n`;
    const before = await snapshot();
    const readOnly = await bearer(reader)(APPLY, { csv });
    expect(readOnly.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await customer.graphql(APPLY, { csv })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await shop.graphql(PREVIEW, { csv })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const restRead = await fetch(`${shop.url}/api/admin/orders/tracking-import?apply=true`, { method: "POST", headers: { "content-type": "text/csv", authorization: `Bearer ${reader}` }, body: csv });
    expect(restRead.status).toBe(403);
    expect(await snapshot()).toEqual(before);
    const byToken = await bearer(writer)(APPLY, { csv });
    expect(byToken.data.orderTrackingImportApply.report.shipped).toBe(1);
    expect(await historyOf(order)).toEqual([{ action: "fulfilled", actor: "token:erp", message: "Shipped with UPS 1ZTOKEN" }]);
  });
});

describe("adminOrdersByIds (packing slips)", () => {
  it("answers the orders asked for, in that order, with address and lines; unknown ids left out", async () => {
    const unknown = randomUUID();
    const { data, errors } = await staff.graphql(BY_IDS, { ids: [orders[1]!.id, unknown, orders[0]!.id, "not-an-id", orders[1]!.id] });
    expect(errors).toBeUndefined();
    expect(data.adminOrdersByIds.map((o: any) => o.id)).toEqual([orders[1]!.id, orders[0]!.id]);
    const slip = data.adminOrdersByIds[1];
    expect(slip.shippingAddress).toEqual({ name: "Pat Doe", address1: "1 Main St", city: "Springfield", provinceCode: "IL", postalCode: "12345", country: "United States", phone: null });
    // The line's picture is its design's mock-up, even for a line recorded without an image.
    const preview = expect.stringMatching(/^\/designs\/.+\/preview$/);
    expect(slip.lineItems).toEqual([{ title: orders[0]!.lines[0]!.productTitle, variantTitle: null, quantity: 1, image: { url: preview }, design: { previewUrl: preview } }]);
  });

  it("refuses more than 100 ids, a customer and a guest; a token with orders:read may read", async () => {
    const many = Array.from({ length: 101 }, () => randomUUID());
    const refused = await staff.graphql(BY_IDS, { ids: many });
    expect(refused.errors?.[0]).toMatchObject({ message: "At most 100 orders at once (101 asked for)", extensions: { code: "BAD_USER_INPUT", field: "ids" } });
    expect((await customer.graphql(BY_IDS, { ids: [orders[0]!.id] })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect((await shop.graphql(BY_IDS, { ids: [orders[0]!.id] })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    expect((await bearer(reader)(BY_IDS, { ids: [orders[0]!.id] })).data.adminOrdersByIds).toHaveLength(1);
  });
});
