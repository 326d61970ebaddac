import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { placeOrderFor } from "./support/orders.js";

// Staff sign-in, API tokens and the guard on every staff operation, through HTTP.
let shop: TestGateway;
const OWNER = { email: "owner@shop.example", password: "owner password 1" };
const CLERK = { email: "clerk@shop.example", password: "clerk password 1" };

const STAFF_LOGIN = `mutation($input: StaffLoginInput!) { staffLogin(input: $input) { staff { email name role } userErrors { code field message } } }`;
const ADMIN_ORDERS = `{ adminOrders(first: 5) { totalCount nodes { orderNumber } } }`;
const START = `mutation($id: ID!) { orderStartFulfillment(orderId: $id) { order { fulfillmentStatus } userErrors { code message } } }`;
const CREATE_TOKEN = `mutation($name: String!, $scopes: [String!]!) { apiTokenCreate(name: $name, scopes: $scopes) { token apiToken { id name scopes lastUsedAt revokedAt } userErrors { code field message } } }`;

async function staffBrowser(who: { email: string; password: string }): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const { data } = await browser.graphql(STAFF_LOGIN, { input: who });
  expect(data.staffLogin.userErrors).toEqual([]);
  return browser;
}

const tokenBrowser = (token: string) => new BrowserSession(shop.url, { authorization: `Bearer ${token}` });
const codes = (errors: any[] | undefined) => (errors ?? []).map((e) => e.extensions?.code);

async function makeToken(scopes: string[], name = `t-${scopes.join("-")}-${Math.random().toString(36).slice(2, 7)}`) {
  const owner = await staffBrowser(OWNER);
  const { data } = await owner.graphql(CREATE_TOKEN, { name, scopes });
  expect(data.apiTokenCreate.userErrors).toEqual([]);
  return data.apiTokenCreate as { token: string; apiToken: { id: string; name: string } };
}

beforeAll(async () => {
  shop = await startTestGateway({ authLimits: { windowMinutes: 15, failuresPerEmail: 3, failuresPerAddress: 100, throttleSeconds: 30, registrationsPerAddressPerHour: 50 } });
  const { staff } = shop.running.gateway.services;
  await staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  await staff.create({ ...CLERK, name: "Clem Clerk", role: "staff" });
});
afterAll(() => shop?.close());

describe("staff sign-in", () => {
  it("signs in with the customers' cookie rules, answers staffMe, and signs out", async () => {
    const browser = new BrowserSession(shop.url);
    const wrong = await browser.graphql(STAFF_LOGIN, { input: { email: OWNER.email, password: "not the password" } });
    expect(wrong.data.staffLogin.userErrors).toEqual([{ code: "UNAUTHENTICATED", field: null, message: "Invalid email or password" }]);
    const ok = await browser.graphql(STAFF_LOGIN, { input: { email: " Owner@Shop.example ", password: OWNER.password, rememberMe: true } });
    expect(ok.data.staffLogin).toEqual({ staff: { email: OWNER.email, name: "Olive Owner", role: "OWNER" }, userErrors: [] });
    expect(browser.lastSetCookie.join()).toMatch(/storefront\.sid=.*Expires=.*HttpOnly.*SameSite=Lax/i);
    expect((await browser.graphql(`{ staffMe { email role } }`)).data.staffMe).toEqual({ email: OWNER.email, role: "OWNER" });
    const out = await browser.graphql(`mutation { staffLogout { ok } }`);
    expect(out.data.staffLogout.ok).toBe(true);
    expect((await browser.graphql(`{ staffMe { email } }`)).data.staffMe).toBeNull();
    expect(codes((await browser.graphql(ADMIN_ORDERS)).errors)).toEqual(["UNAUTHENTICATED"]);
  });

  it("limits failed sign-ins per email like customers' (RATE_LIMITED, with retryAfter)", async () => {
    const browser = new BrowserSession(shop.url);
    for (let i = 0; i < 3; i += 1) await browser.graphql(STAFF_LOGIN, { input: { email: CLERK.email, password: `wrong ${i}` } });
    const limited = await browser.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { code retryAfter } } }`, { input: CLERK });
    expect(limited.data.staffLogin.userErrors[0]).toMatchObject({ code: "RATE_LIMITED" });
    expect(limited.data.staffLogin.userErrors[0].retryAfter).toBeGreaterThan(800);
    await shop.database.db.deleteFrom("rate_limit_events").execute();
  });

  it("keeps the owner's own browser out of a lockout others' guesses cause", async () => {
    const owner = await staffBrowser(OWNER);
    const attacker = new BrowserSession(shop.url);
    for (let i = 0; i < 3; i += 1) await attacker.graphql(STAFF_LOGIN, { input: { email: OWNER.email, password: `guess ${i}` } });
    expect((await new BrowserSession(shop.url).graphql(STAFF_LOGIN, { input: OWNER })).data.staffLogin.userErrors[0]).toMatchObject({ code: "RATE_LIMITED" });
    const again = await owner.graphql(STAFF_LOGIN, { input: OWNER });
    expect(again.data.staffLogin).toEqual({ staff: { email: OWNER.email, name: "Olive Owner", role: "OWNER" }, userErrors: [] });
    await shop.database.db.deleteFrom("rate_limit_events").execute();
  });

  it("keeps staff and customer sessions apart: a staff member cannot act as a customer", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.register({ name: "Cass", email: "cass@example.com", password: "customer pass 1" });
    await browser.login("cass@example.com", "customer pass 1");
    expect((await browser.graphql(`{ me { email } }`)).data.me.email).toBe("cass@example.com");
    expect((await browser.graphql(`{ staffMe { email } }`)).data.staffMe).toBeNull();
    // Signing in as staff on the same browser ends the customer's session: one identity per session.
    await browser.graphql(STAFF_LOGIN, { input: CLERK });
    expect((await browser.graphql(`{ me { email } }`)).data.me).toBeNull();
    expect(codes((await browser.graphql(`{ customerOrders { id } }`)).errors)).toEqual(["UNAUTHENTICATED"]);
    expect((await browser.json("/api/customer/orders")).status).toBe(401);
    const update = await browser.graphql(`mutation { customerUpdate(input: { displayName: "Hijack" }) { userErrors { code } } }`);
    expect(update.data.customerUpdate.userErrors).toEqual([{ code: "UNAUTHENTICATED" }]);
    const row = await shop.database.db.selectFrom("sessions").select(["customer_id", "staff_id"]).where("staff_id", "is not", null).executeTakeFirstOrThrow();
    expect(row.customer_id).toBeNull();
  });
});

describe("the guard", () => {
  it("answers UNAUTHENTICATED to anonymous visitors and FORBIDDEN to customers, as GraphQL errors (not userErrors)", async () => {
    const order = await placeOrderFor(shop, null, "guard@example.com");
    const anonymous = new BrowserSession(shop.url);
    const customer = new BrowserSession(shop.url);
    await customer.register({ name: "Cy", email: "cy@example.com", password: "customer pass 2" });
    await customer.login("cy@example.com", "customer pass 2");
    for (const [browser, code] of [
      [anonymous, "UNAUTHENTICATED"],
      [customer, "FORBIDDEN"],
    ] as const) {
      expect(codes((await browser.graphql(ADMIN_ORDERS)).errors)).toEqual([code]);
      expect(codes((await browser.graphql(`{ adminOrder(id: "${order.id}") { id } }`)).errors)).toEqual([code]);
      const start = await browser.graphql(START, { id: order.id });
      expect(codes(start.errors)).toEqual([code]);
      expect(start.data).toBeNull();
      expect(codes((await browser.graphql(`{ apiTokens { id } }`)).errors)).toEqual([code]);
      expect(codes((await browser.graphql(`{ auditLog { nodes { id } } }`)).errors)).toEqual([code]);
      expect(codes((await browser.graphql(CREATE_TOKEN, { name: "x", scopes: ["orders:read"] })).errors)).toEqual([code]);
    }
    expect((await shop.running.gateway.services.orders.findByStatusToken(order.statusToken))!.fulfillmentStatus).toBe("UNFULFILLED");
  });

  it("lets staff work orders but keeps tokens and the audit log for the owner", async () => {
    const clerk = await staffBrowser(CLERK);
    expect((await clerk.graphql(ADMIN_ORDERS)).errors).toBeUndefined();
    const refused = await clerk.graphql(`{ apiTokens { id } }`);
    expect(refused.errors![0]).toMatchObject({ message: "Only the shop's owner may do this", extensions: { code: "FORBIDDEN" } });
    expect(codes((await clerk.graphql(`{ auditLog { nodes { id } } }`)).errors)).toEqual(["FORBIDDEN"]);
    expect(codes((await clerk.graphql(CREATE_TOKEN, { name: "mine", scopes: ["orders:read"] })).errors)).toEqual(["FORBIDDEN"]);
  });

  it("checks a token's scopes, refuses a revoked or unknown token, and records the last use at most once a minute", async () => {
    const order = await placeOrderFor(shop, null, "scopes@example.com");
    const reader = await makeToken(["orders:read"], "reader");
    const stored = await shop.database.db.selectFrom("api_tokens").selectAll().where("id", "=", reader.apiToken.id).executeTakeFirstOrThrow();
    expect(reader.token).toMatch(/^sst_[A-Za-z0-9_-]{43}$/);
    expect(JSON.stringify(stored)).not.toContain(reader.token.slice(4));
    expect(stored.last_used_at).toBeNull();

    const asReader = tokenBrowser(reader.token);
    expect((await asReader.graphql(ADMIN_ORDERS)).data.adminOrders.totalCount).toBeGreaterThan(0);
    const used = await shop.database.db.selectFrom("api_tokens").select("last_used_at").where("id", "=", reader.apiToken.id).executeTakeFirstOrThrow();
    expect(used.last_used_at).not.toBeNull();
    await asReader.graphql(ADMIN_ORDERS);
    const again = await shop.database.db.selectFrom("api_tokens").select("last_used_at").where("id", "=", reader.apiToken.id).executeTakeFirstOrThrow();
    expect(new Date(again.last_used_at!).getTime()).toBe(new Date(used.last_used_at!).getTime());

    const start = await asReader.graphql(START, { id: order.id });
    expect(start.errors![0]).toMatchObject({ message: "This API token does not hold the scope orders:write", extensions: { code: "FORBIDDEN" } });
    expect(codes((await asReader.graphql(`{ apiTokens { id } }`)).errors)).toEqual(["FORBIDDEN"]);
    expect(codes((await asReader.graphql(`{ staffMe { email } }`)).errors)).toEqual([]);

    const writer = await makeToken(["orders:write"], "writer");
    expect((await tokenBrowser(writer.token).graphql(START, { id: order.id })).data.orderStartFulfillment.order.fulfillmentStatus).toBe("IN_PROGRESS");
    expect(codes((await tokenBrowser(writer.token).graphql(ADMIN_ORDERS)).errors)).toEqual(["FORBIDDEN"]);

    const owner = await staffBrowser(OWNER);
    const revoked = await owner.graphql(`mutation($id: ID!) { apiTokenRevoke(id: $id) { apiToken { revokedAt } userErrors { code } } }`, { id: reader.apiToken.id });
    expect(revoked.data.apiTokenRevoke.apiToken.revokedAt).not.toBeNull();
    const afterRevoke = await asReader.graphql(ADMIN_ORDERS);
    expect(afterRevoke.errors![0]).toMatchObject({ message: "The API token is unknown or revoked", extensions: { code: "UNAUTHENTICATED" } });
    expect(codes((await tokenBrowser("sst_not-a-real-token").graphql(ADMIN_ORDERS)).errors)).toEqual(["UNAUTHENTICATED"]);
    expect(codes((await new BrowserSession(shop.url, { authorization: "Basic abc" }).graphql(ADMIN_ORDERS)).errors)).toEqual(["UNAUTHENTICATED"]);
    // A bad token does not spoil the public parts of the API.
    expect((await asReader.graphql(`{ products(pageSize: 1) { products { handle } } }`)).errors).toBeUndefined();

    const list = await owner.graphql(`{ apiTokens { name scopes revokedAt lastUsedAt } }`);
    expect(list.data.apiTokens.find((t: any) => t.name === "reader")).toMatchObject({ scopes: ["orders:read"], revokedAt: expect.any(String), lastUsedAt: expect.any(String) });
  });

  it("refuses bad token input as userErrors", async () => {
    const owner = await staffBrowser(OWNER);
    const bad = await owner.graphql(CREATE_TOKEN, { name: "x", scopes: ["orders:delete"] });
    expect(bad.data.apiTokenCreate).toMatchObject({ token: null, apiToken: null, userErrors: [{ code: "INVALID_INPUT", field: "scopes" }] });
    const none = await owner.graphql(CREATE_TOKEN, { name: "x", scopes: [] });
    expect(none.data.apiTokenCreate.userErrors[0]).toMatchObject({ field: "scopes" });
    const unknown = await owner.graphql(`mutation { apiTokenRevoke(id: "nope") { userErrors { code } } }`);
    expect(unknown.data.apiTokenRevoke.userErrors).toEqual([{ code: "NOT_FOUND" }]);
  });
});
