import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behindLocalProxy, fromAddress, startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { placeOrderFor } from "./support/orders.js";

// Each customer sees only their own orders, over REST and GraphQL; guests see none.
let shop: TestGateway;
let alice: BrowserSession;
let bob: BrowserSession;
let aliceOrderIds: string[];
let bobOrderId: string;
const password = "a long enough password";

beforeAll(async () => {
  shop = await startTestGateway(behindLocalProxy());
  alice = new BrowserSession(shop.url);
  bob = new BrowserSession(shop.url);
  await alice.register({ name: "Alice", email: "alice@example.com", password });
  await bob.register({ name: "Bob", email: "bob@example.com", password });
  await alice.login("alice@example.com", password);
  await bob.login("bob@example.com", password);
  const ids = Object.fromEntries(
    (await shop.database.db.selectFrom("customers").select(["id", "email"]).execute()).map((r) => [r.email, r.id]),
  );
  const first = await placeOrderFor(shop, ids["alice@example.com"]!, "alice@example.com", 1);
  const second = await placeOrderFor(shop, ids["alice@example.com"]!, "alice@example.com", 3);
  aliceOrderIds = [second.id, first.id];
  bobOrderId = (await placeOrderFor(shop, ids["bob@example.com"]!, "bob@example.com")).id;
  // A guest order with Alice's email is never hers: nothing attaches orders by email.
  await placeOrderFor(shop, null, "alice@example.com");
});
afterAll(async () => {
  await shop?.close();
});

describe("GET /api/customer/orders", () => {
  it("answers 401 when signed out", async () => {
    const { status, body } = await new BrowserSession(shop.url).json("/api/customer/orders");
    expect(status).toBe(401);
    expect(body).toEqual({ error: "Not signed in" });
  });

  it("lists only the customer's own orders, newest first, in the spec's shape", async () => {
    const { status, body } = await alice.json("/api/customer/orders");
    expect(status).toBe(200);
    expect(body.map((o: any) => o.id)).toEqual(aliceOrderIds);
    const order = body[0];
    expect(order).toMatchObject({ fulfillmentStatus: "UNFULFILLED", totalPrice: { currencyCode: "USD" } });
    expect(order.orderNumber).toBeGreaterThanOrEqual(1001);
    expect(order.statusUrl).toMatch(/^http:\/\/127\.0\.0\.1:3000\/store\/orders\/[A-Za-z0-9_-]{32}$/);
    expect(Date.parse(order.processedAt)).not.toBeNaN();
    expect(order.lineItems[0]).toMatchObject({ quantity: 3 });
    const bobs = await bob.json("/api/customer/orders");
    expect(bobs.body.map((o: any) => o.id)).toEqual([bobOrderId]);
  });
});

describe("GraphQL orders", () => {
  const ORDER_FIELDS = "id orderNumber processedAt fulfillmentStatus totalPrice { amount } lineItems { title quantity } statusUrl";

  it("answers me.orders and customerOrders with the customer's own orders", async () => {
    const { data, errors } = await alice.graphql(`{ me { email displayName orders { ${ORDER_FIELDS} } } customerOrders { id } }`);
    expect(errors).toBeUndefined();
    expect(data.me.email).toBe("alice@example.com");
    expect(data.me.orders.map((o: any) => o.id)).toEqual(aliceOrderIds);
    expect(data.customerOrders.map((o: any) => o.id)).toEqual(aliceOrderIds);
  });

  it("answers order(id) for its owner and null for anyone else", async () => {
    const own = await alice.graphql(`query($id: ID!) { order(id: $id) { ${ORDER_FIELDS} } }`, { id: aliceOrderIds[0] });
    expect(own.data.order.id).toBe(aliceOrderIds[0]);
    const others = await alice.graphql(`query($id: ID!) { order(id: $id) { id } }`, { id: bobOrderId });
    expect(others.data.order).toBeNull();
    const guest = await new BrowserSession(shop.url).graphql(`query($id: ID!) { order(id: $id) { id } }`, { id: bobOrderId });
    expect(guest.data.order).toBeNull();
    const garbage = await alice.graphql(`{ order(id: "nope") { id } }`);
    expect(garbage.data.order).toBeNull();
  });

  it("answers me null and customerOrders UNAUTHENTICATED when signed out", async () => {
    const guest = new BrowserSession(shop.url);
    expect((await guest.graphql(`{ me { id } }`)).data.me).toBeNull();
    const { errors } = await guest.graphql(`{ customerOrders { id } }`);
    expect(errors?.[0]).toMatchObject({ message: "Not signed in", extensions: { code: "UNAUTHENTICATED" } });
  });
});

describe("orderStatusLookup (the /track page)", () => {
  const LOOKUP = `query($n: Int!, $e: String!) { orderStatusLookup(orderNumber: $n, email: $e) }`;

  it("answers the status URL for a matching number and email, and null otherwise", async () => {
    const { body } = await alice.json("/api/customer/orders");
    const order = body[0];
    const guest = new BrowserSession(shop.url, fromAddress("10.7.0.1"));
    expect((await guest.graphql(LOOKUP, { n: order.orderNumber, e: " ALICE@example.com " })).data.orderStatusLookup).toBe(order.statusUrl);
    expect((await guest.graphql(LOOKUP, { n: order.orderNumber, e: "bob@example.com" })).data.orderStatusLookup).toBeNull();
    expect((await guest.graphql(LOOKUP, { n: 999999, e: "alice@example.com" })).data.orderStatusLookup).toBeNull();
  });

  it("rate limits wrong guesses per client address", async () => {
    const guesser = new BrowserSession(shop.url, fromAddress("10.7.0.2"));
    for (let i = 0; i < 20; i += 1) {
      expect((await guesser.graphql(LOOKUP, { n: 5000 + i, e: `victim${i}@example.com` })).data.orderStatusLookup).toBeNull();
    }
    const { errors } = await guesser.graphql(LOOKUP, { n: 6000, e: "victim@example.com" });
    expect(errors?.[0]).toMatchObject({ message: "Too many attempts, try again later", extensions: { code: "RATE_LIMITED" } });
    expect(errors?.[0].extensions.retryAfter).toBeGreaterThan(800);
    // Another client is not refused.
    expect((await new BrowserSession(shop.url, fromAddress("10.7.0.3")).graphql(LOOKUP, { n: 6000, e: "victim@example.com" })).data.orderStatusLookup).toBeNull();
  });

  it("rate limits wrong guesses per email, from however many addresses; a match is not a miss", async () => {
    const { body } = await bob.json("/api/customer/orders");
    const order = body[0];
    const from = (i: number) => new BrowserSession(shop.url, fromAddress(`10.8.0.${i}`));
    // Matches do not count towards the limit.
    for (let i = 0; i < 12; i += 1) expect((await from(100).graphql(LOOKUP, { n: order.orderNumber, e: "bob@example.com" })).data.orderStatusLookup).toBe(order.statusUrl);
    for (let i = 0; i < 10; i += 1) {
      expect((await from(i).graphql(LOOKUP, { n: 7000 + i, e: "BOB@example.com" })).data.orderStatusLookup).toBeNull();
    }
    const { errors } = await from(50).graphql(LOOKUP, { n: order.orderNumber, e: "bob@example.com" });
    expect(errors?.[0]).toMatchObject({ message: "Too many attempts, try again later", extensions: { code: "RATE_LIMITED" } });
    // Other shoppers' lookups from the same address go on.
    expect((await from(50).graphql(LOOKUP, { n: 7100, e: "carol@example.com" })).data.orderStatusLookup).toBeNull();
  });
});
