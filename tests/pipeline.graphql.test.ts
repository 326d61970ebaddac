import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHmac } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startTestGateway, withJobRunner, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { variantsOf, type TestVariant } from "./support/cart.js";
import { jobReaching, paidOrder, startFakeServer } from "./support/pipeline.js";
import { waitFor } from "./support/process.js";

// Through GraphQL: the partner job on the shop's side of an order and staff's retry, and
// outbound webhooks (subscriptions, signed deliveries, retries, attempts), each behind the guard.
let shop: TestGateway;
let dataDir: string;
let tee: TestVariant;
const OWNER = { email: "owner@shop.example", password: "owner password 1" };
const CLERK = { email: "clerk@shop.example", password: "clerk password 1" };

const ORDER_JOB = `query($id: ID!) { adminOrder(id: $id) { orderNumber fulfillmentStatus fulfillmentJob { id partner state attempts lastError nextAttemptAt externalId updatedAt } } }`;
const RETRY = `mutation($id: ID!) { orderRetryFulfillmentJob(orderId: $id) { order { fulfillmentJob { state attempts } } userErrors { code field message } } }`;
const CREATE = `mutation($url: String!, $topics: [WebhookTopic!]!) { webhookSubscriptionCreate(url: $url, topics: $topics) { webhookSubscription { id url topics createdAt } secret userErrors { code field message } } }`;
const LIST = `{ webhookSubscriptions { id url topics deliveries(first: 10) { id topic state createdAt attempts { at statusCode error durationMs } } } }`;
const DELETE = `mutation($id: ID!) { webhookSubscriptionDelete(id: $id) { deletedId userErrors { code message } } }`;
const CREATE_TOKEN = `mutation($name: String!, $scopes: [String!]!) { apiTokenCreate(name: $name, scopes: $scopes) { token userErrors { message } } }`;

const codes = (errors: any[] | undefined) => (errors ?? []).map((e) => e.extensions?.code);

async function staffBrowser(who: { email: string; password: string }): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const { data } = await browser.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return browser;
}
async function tokenBrowser(scopes: string[]): Promise<BrowserSession> {
  const owner = await staffBrowser(OWNER);
  const { data } = await owner.graphql(CREATE_TOKEN, { name: `integration-${Math.random().toString(36).slice(2, 8)}`, scopes });
  return new BrowserSession(shop.url, { authorization: `Bearer ${data.apiTokenCreate.token}` });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-pipeline-gql-"));
  // The webhook receiver runs on 127.0.0.1 over http: allowed here as in development only.
  shop = await startTestGateway({ dataDir, webhookAllowPrivateTargets: true, ...withJobRunner({ pollIntervalMs: 100, backoffMaxMs: 200, maxAttempts: 3 }) });
  await shop.running.gateway.services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await shop.running.gateway.services.staff.create({ ...CLERK, name: "Clem Clerk", role: "staff" });
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(() => shop?.close());

describe("AdminOrder.fulfillmentJob and orderRetryFulfillmentJob", () => {
  it("shows the partner job of a paid order once it has sent it", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    const clerk = await staffBrowser(CLERK);
    const { data } = await clerk.graphql(ORDER_JOB, { id: order.id });
    expect(data.adminOrder).toMatchObject({
      orderNumber: order.orderNumber,
      fulfillmentStatus: "IN_PROGRESS",
      fulfillmentJob: { partner: "filedrop", state: "SUCCEEDED", attempts: 1, lastError: null, nextAttemptAt: null, externalId: `fulfillment/${order.orderNumber}` },
    });
    const list = await clerk.graphql(`{ adminOrders(first: 5) { nodes { orderNumber fulfillmentJob { state } } } }`);
    expect(list.data.adminOrders.nodes).toContainEqual({ orderNumber: order.orderNumber, fulfillmentJob: { state: "SUCCEEDED" } });
  });

  it("shows a failed job with its last error, and a retry by staff sends the order once the cause is gone", async () => {
    // The package folder cannot be made while a file stands where DATA_DIR/fulfillment should be.
    const folder = path.join(dataDir, "fulfillment");
    fs.rmSync(folder, { recursive: true, force: true });
    fs.writeFileSync(folder, "in the way");
    try {
      await failAndRetry(folder);
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
    }
  });

  async function failAndRetry(folder: string) {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "FAILED");
    const clerk = await staffBrowser(CLERK);
    const failed = (await clerk.graphql(ORDER_JOB, { id: order.id })).data.adminOrder;
    expect(failed.fulfillmentStatus).toBe("UNFULFILLED");
    expect(failed.fulfillmentJob).toMatchObject({ state: "FAILED", attempts: 3, lastError: expect.stringMatching(/EEXIST|ENOTDIR/) });

    // The guard: nobody, a customer, a token without orders:write.
    expect(codes((await new BrowserSession(shop.url).graphql(RETRY, { id: order.id })).errors)).toEqual(["UNAUTHENTICATED"]);
    const customer = new BrowserSession(shop.url);
    const email = `cass-${Date.now()}@example.com`;
    await customer.register({ name: "Cass", email, password: "customer pass 1" });
    await customer.login(email, "customer pass 1");
    expect(codes((await customer.graphql(RETRY, { id: order.id })).errors)).toEqual(["FORBIDDEN"]);
    expect(codes((await (await tokenBrowser(["orders:read"])).graphql(RETRY, { id: order.id })).errors)).toEqual(["FORBIDDEN"]);

    fs.rmSync(folder);
    const retried = await (await tokenBrowser(["orders:write"])).graphql(RETRY, { id: order.id });
    expect(retried.data.orderRetryFulfillmentJob.userErrors).toEqual([]);
    // Due again at once (this gateway's runner may already be on it when the answer is made).
    expect(retried.data.orderRetryFulfillmentJob.order.fulfillmentJob.state).not.toBe("FAILED");
    expect(retried.data.orderRetryFulfillmentJob.order.fulfillmentJob.attempts).toBeLessThanOrEqual(1);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    expect(fs.existsSync(path.join(folder, String(order.orderNumber), "order.json"))).toBe(true);
    const after = (await clerk.graphql(ORDER_JOB, { id: order.id })).data.adminOrder;
    expect(after).toMatchObject({ fulfillmentStatus: "IN_PROGRESS", fulfillmentJob: { state: "SUCCEEDED", attempts: 1 } });

    const history = await shop.database.db.selectFrom("order_history").select(["actor", "action"]).where("order_id", "=", order.id).orderBy("at").execute();
    expect(history.map((h) => h.action)).toEqual(expect.arrayContaining(["paid", "partner_job_failed", "partner_job_retried", "fulfillment_started"]));
    expect(history.find((h) => h.action === "partner_job_retried")!.actor).toMatch(/^token:integration-/);
  }

  it("refuses to retry a job that has not failed, and an unknown order, as userErrors", async () => {
    const order = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await jobReaching(shop.database.db, `fulfillment:${order.id}`, "SUCCEEDED");
    const clerk = await staffBrowser(CLERK);
    const refused = await clerk.graphql(RETRY, { id: order.id });
    expect(refused.data.orderRetryFulfillmentJob).toEqual({
      order: null,
      userErrors: [{ code: "INVALID_TRANSITION", field: "orderId", message: "Only a failed fulfilment job can be retried; this one is succeeded." }],
    });
    const unknown = await clerk.graphql(RETRY, { id: "00000000-0000-4000-8000-000000000000" });
    expect(unknown.data.orderRetryFulfillmentJob.userErrors[0]).toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("outbound webhooks", () => {
  let receiver: Awaited<ReturnType<typeof startFakeServer>>;
  /** Status codes the receiver answers at /paid, in turn; 200 once they run out (and always elsewhere). */
  let answers: number[];

  beforeAll(async () => {
    receiver = await startFakeServer((req, res) => {
      res.statusCode = req.path === "/paid" ? (answers.shift() ?? 200) : 200;
      res.end("ok");
    });
  });
  afterAll(() => receiver?.close());
  beforeEach(async () => {
    answers = [];
    receiver.received.length = 0;
    await shop.database.db.deleteFrom("webhook_subscriptions").execute();
  });

  it("says at start-up that webhooks may reach private receivers here (a setting for tests and development only)", async () => {
    const warnings = shop.logs.map((line) => JSON.parse(line)).filter((line) => line.level === "warn" && /WEBHOOK_ALLOW_PRIVATE_TARGETS/.test(line.msg));
    expect(warnings).toHaveLength(1);
    expect(warnings[0].msg).toMatch(/for tests and development only/);
  });

  it("lets the owner and a webhooks:write token manage subscriptions; staff, customers and other tokens are refused", async () => {
    const clerk = await staffBrowser(CLERK);
    expect(codes((await clerk.graphql(LIST)).errors)).toEqual(["FORBIDDEN"]);
    expect(codes((await clerk.graphql(CREATE, { url: `${receiver.url}/hook`, topics: ["ORDERS_PAID"] })).errors)).toEqual(["FORBIDDEN"]);
    expect(codes((await new BrowserSession(shop.url).graphql(LIST)).errors)).toEqual(["UNAUTHENTICATED"]);
    expect(codes((await (await tokenBrowser(["orders:write"])).graphql(LIST)).errors)).toEqual(["FORBIDDEN"]);

    const integration = await tokenBrowser(["webhooks:write", "orders:read"]);
    const made = await integration.graphql(CREATE, { url: `${receiver.url}/hook`, topics: ["ORDERS_PAID", "ORDERS_PAID"] });
    expect(made.data.webhookSubscriptionCreate.userErrors).toEqual([]);
    expect(made.data.webhookSubscriptionCreate.webhookSubscription).toMatchObject({ url: `${receiver.url}/hook`, topics: ["ORDERS_PAID"] });
    expect(made.data.webhookSubscriptionCreate.secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    const owner = await staffBrowser(OWNER);
    const listed = (await owner.graphql(LIST)).data.webhookSubscriptions;
    expect(listed).toEqual([{ id: made.data.webhookSubscriptionCreate.webhookSubscription.id, url: `${receiver.url}/hook`, topics: ["ORDERS_PAID"], deliveries: [] }]);

    const id = listed[0].id;
    expect((await owner.graphql(DELETE, { id })).data.webhookSubscriptionDelete).toEqual({ deletedId: id, userErrors: [] });
    expect((await owner.graphql(DELETE, { id })).data.webhookSubscriptionDelete).toEqual({ deletedId: null, userErrors: [{ code: "NOT_FOUND", message: "No webhook subscription with this id" }] });
  });

  it("subscribes a token to order events only when it may read orders: the deliveries carry every order's email and address", async () => {
    const writer = await tokenBrowser(["webhooks:write"]);
    for (const topics of [["ORDERS_PAID"], ["ORDERS_FULFILLED"], ["ORDERS_CANCELLED"], ["ORDERS_PAID", "ORDERS_CANCELLED"]]) {
      const refused = await writer.graphql(CREATE, { url: `${receiver.url}/hook`, topics });
      expect(codes(refused.errors), topics.join()).toEqual(["FORBIDDEN"]);
      expect(refused.errors![0].message).toBe(`This API token does not hold the scope orders:read, which subscribing to ${topics.join(", ")} needs`);
    }
    expect(await shop.database.db.selectFrom("webhook_subscriptions").select("id").execute()).toEqual([]);
    // Managing what exists needs no more than webhooks:write.
    expect((await writer.graphql(LIST)).data.webhookSubscriptions).toEqual([]);

    const reader = await tokenBrowser(["webhooks:write", "orders:read"]);
    const made = (await reader.graphql(CREATE, { url: `${receiver.url}/hook`, topics: ["ORDERS_FULFILLED"] })).data.webhookSubscriptionCreate;
    expect(made.userErrors).toEqual([]);
    expect((await writer.graphql(DELETE, { id: made.webhookSubscription.id })).data.webhookSubscriptionDelete.deletedId).toBe(made.webhookSubscription.id);
  });

  it("writes subscribing and unsubscribing to the audit log, naming who did it and the receiver's origin but not its path", async () => {
    const integration = await tokenBrowser(["webhooks:write", "orders:read"]);
    const tokenName = (await shop.database.db.selectFrom("api_tokens").select("name").orderBy("created_at", "desc").executeTakeFirstOrThrow()).name;
    const made = (await integration.graphql(CREATE, { url: `${receiver.url}/hooks/s3cr3t-path?key=abc`, topics: ["ORDERS_PAID", "ORDERS_CANCELLED"] })).data.webhookSubscriptionCreate;
    expect(made.userErrors).toEqual([]);
    const id = made.webhookSubscription.id;
    const owner = await staffBrowser(OWNER);
    expect((await owner.graphql(DELETE, { id })).data.webhookSubscriptionDelete.deletedId).toBe(id);

    const log = (await owner.graphql(`{ auditLog(first: 5) { nodes { actor action orderNumber details } } }`)).data.auditLog.nodes;
    expect(log.slice(0, 2)).toEqual([
      { actor: "staff:owner@shop.example", action: "webhook_subscription_deleted", orderNumber: null, details: `${id} ${receiver.url}` },
      { actor: `token:${tokenName}`, action: "webhook_subscription_created", orderNumber: null, details: `${id} ${receiver.url} (ORDERS_PAID, ORDERS_CANCELLED)` },
    ]);
    expect(JSON.stringify(log)).not.toContain("s3cr3t");
  });

  it.each([
    ["ftp://example.com/hook", "url must be an http:// or https:// address"],
    ["javascript:alert(1)", "url must be an http:// or https:// address"],
    ["file:///etc/passwd", "url must be an http:// or https:// address"],
    ["not a url", "url must be an http:// or https:// address"],
    ["https://user:pw@example.com/hook", "url must not contain a user name or password"],
  ])("refuses the receiver URL %s and stores nothing", async (url, message) => {
    const owner = await staffBrowser(OWNER);
    const { data } = await owner.graphql(CREATE, { url, topics: ["ORDERS_PAID"] });
    expect(data.webhookSubscriptionCreate).toEqual({ webhookSubscription: null, secret: null, userErrors: [{ code: "INVALID_INPUT", field: "url", message }] });
    expect(await shop.database.db.selectFrom("webhook_subscriptions").select("id").execute()).toEqual([]);
  });

  it("refuses a subscription without topics", async () => {
    const owner = await staffBrowser(OWNER);
    const { data } = await owner.graphql(CREATE, { url: `${receiver.url}/hook`, topics: [] });
    expect(data.webhookSubscriptionCreate.userErrors).toEqual([{ code: "INVALID_INPUT", field: "topics", message: "Choose at least one topic" }]);
  });

  it("delivers each subscribed event signed with the subscription's secret, retries a failing receiver and lists every attempt", async () => {
    const owner = await staffBrowser(OWNER);
    const all = (await owner.graphql(CREATE, { url: `${receiver.url}/all`, topics: ["ORDERS_PAID", "ORDERS_FULFILLED", "ORDERS_CANCELLED"] })).data.webhookSubscriptionCreate;
    const paidOnly = (await owner.graphql(CREATE, { url: `${receiver.url}/paid`, topics: ["ORDERS_PAID"] })).data.webhookSubscriptionCreate;
    answers = [500, 503];

    const shipped = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 2 }]);
    await waitFor(() => receiver.received.filter((r) => r.headers["x-shop-topic"] === "ORDERS_PAID").length >= 4, 20_000, "two failures, then both paid deliveries");
    const fulfil = await owner.graphql(`mutation($id: ID!) { orderFulfill(orderId: $id, carrier: "UPS", trackingNumber: "1Z1") { userErrors { code } } }`, { id: shipped.id });
    expect(fulfil.data.orderFulfill.userErrors).toEqual([]);
    const cancelled = await paidOrder(shop, shop.database.db, [{ variantId: tee.id, quantity: 1 }]);
    await owner.graphql(`mutation($id: ID!) { orderCancel(orderId: $id, reason: "Out of ink") { userErrors { code } } }`, { id: cancelled.id });
    // Six deliveries in all (four events at /all, two at /paid), every one delivered in the end.
    await waitFor(
      async () => {
        const states = await shop.database.db.selectFrom("webhook_deliveries").select("state").execute();
        return states.length === 6 && states.every((d) => d.state === "SUCCEEDED");
      },
      20_000,
      "every delivery to succeed",
    );

    // Every request is signed: base64 HMAC-SHA256 of the raw body with the secret answered at creation.
    for (const request of receiver.received) {
      const secret = request.path === "/all" ? all.secret : paidOnly.secret;
      expect(request.headers["x-shop-hmac-sha256"]).toBe(createHmac("sha256", secret).update(request.body).digest("base64"));
      expect(request.headers["content-type"]).toBe("application/json");
      const body = JSON.parse(request.body.toString("utf8"));
      expect(body.id).toBe(request.headers["x-shop-delivery-id"]);
      expect(body.topic).toBe(request.headers["x-shop-topic"]);
    }
    const paidBody = JSON.parse(receiver.received.find((r) => r.path === "/paid")!.body.toString("utf8"));
    expect(paidBody.order).toMatchObject({ id: shipped.id, orderNumber: shipped.orderNumber, financialStatus: "PAID", email: "pat+shop@example.com" });
    expect(paidBody.order.lineItems[0]).toMatchObject({ productHandle: tee.productHandle, quantity: 2, variantId: tee.id });
    expect(paidBody.order.shippingAddress).toEqual({
      name: "Pat Doe",
      address1: "1 Main St, Apt 2",
      address2: null,
      city: "Springfield",
      province: "Illinois",
      provinceCode: "IL",
      postalCode: "12345",
      country: "United States",
      countryCode: "US",
      phone: null,
    });
    const fulfilledBody = JSON.parse(receiver.received.find((r) => r.headers["x-shop-topic"] === "ORDERS_FULFILLED")!.body.toString("utf8"));
    expect(fulfilledBody.order).toMatchObject({ id: shipped.id, fulfillmentStatus: "FULFILLED", tracking: { carrier: "UPS", trackingNumber: "1Z1" } });
    const cancelledBody = JSON.parse(receiver.received.find((r) => r.headers["x-shop-topic"] === "ORDERS_CANCELLED")!.body.toString("utf8"));
    expect(cancelledBody.order).toMatchObject({ id: cancelled.id, fulfillmentStatus: "CANCELLED", cancelReason: "Out of ink" });
    // The paid-only subscription got nothing else.
    expect(new Set(receiver.received.filter((r) => r.path === "/paid").map((r) => r.headers["x-shop-topic"]))).toEqual(new Set(["ORDERS_PAID"]));
    expect(receiver.received).toHaveLength(8);

    const listed = (await owner.graphql(LIST)).data.webhookSubscriptions;
    const allDeliveries = listed.find((s: any) => s.id === all.webhookSubscription.id).deliveries;
    expect(allDeliveries.map((d: any) => d.topic).sort()).toEqual(["ORDERS_CANCELLED", "ORDERS_FULFILLED", "ORDERS_PAID", "ORDERS_PAID"]);
    expect(allDeliveries.every((d: any) => d.state === "SUCCEEDED")).toBe(true);
    expect(allDeliveries.every((d: any) => d.attempts.length === 1 && d.attempts[0].statusCode === 200)).toBe(true);
    // The first delivery to /paid met the two failures: three attempts, the first two with their status.
    const paidDeliveries = listed.find((s: any) => s.id === paidOnly.webhookSubscription.id).deliveries;
    const retried = paidDeliveries.find((d: any) => d.attempts.length > 1);
    expect(paidDeliveries.filter((d: any) => d.attempts.length > 1)).toHaveLength(1);
    expect(retried.attempts.map((a: any) => [a.statusCode, a.error])).toEqual([
      [500, "HTTP 500"],
      [503, "HTTP 503"],
      [200, null],
    ]);
    expect(retried.attempts.every((a: any) => typeof a.durationMs === "number" && a.durationMs >= 0)).toBe(true);
  });
});
