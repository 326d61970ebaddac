import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { variantsOf, type TestVariant } from "./support/cart.js";
import { paidOrder } from "./support/pipeline.js";

// The staff's Home figures over GraphQL: orders and net revenue by local day and period, what waits
// to ship, the print partner's failed jobs and the best sellers, counted in the staff's time zone.
const OWNER = { email: "hana@shop.example", password: "owner password 1" };
const ZONE = "Asia/Kolkata"; // UTC+05:30 all year: local midnight is 18:30 UTC the day before.
const ZONE_OFFSET_MS = (5 * 60 + 30) * 60_000;
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const HOME = `query($tz: String) { adminHome(timeZone: $tz) {
  timeZone
  today { ...period } last7Days { ...period } last30Days { ...period }
  days { date orders netRevenue { amount currencyCode } }
  toShip { count oldestPaidAt }
  failedPartnerJobs } }
  fragment period on AdminHomePeriod { from to orders netRevenue { amount currencyCode } bestSellers { productId title quantity revenue { amount } } }`;

let shop: TestGateway;
let owner: BrowserSession;
const db = () => shop.database.db;
const dollars = (cents: number) => `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, "0")}`;
const money = (cents: number) => ({ amount: dollars(cents), currencyCode: "USD" });

// "Now" for every figure: noon UTC of the run's day, 17:30 of the same date in Kolkata.
const real = new Date();
const NOW = Date.UTC(real.getUTCFullYear(), real.getUTCMonth(), real.getUTCDate(), 12);
/** A date `days` from today (UTC and Kolkata agree on it at NOW), YYYY-MM-DD. */
const dateOf = (days: number) => new Date(NOW + days * DAY).toISOString().slice(0, 10);
/** When a local date `days` from today begins in Kolkata, plus `ms`. */
const kolkata = (days: number, ms = 0) => new Date(Date.parse(`${dateOf(days)}T00:00:00Z`) - ZONE_OFFSET_MS + ms);

interface Placed {
  id: string;
  totalCents: number;
  lineCents: number;
  productId: string;
  processedAt: Date;
}

async function place(variant: TestVariant, quantity: number, at: Date): Promise<Placed> {
  const { id } = await paidOrder(shop, db(), [{ variantId: variant.id, quantity }]);
  await db().updateTable("orders").set({ processed_at: at }).where("id", "=", id).execute();
  const order = await db().selectFrom("orders").select("total_cents").where("id", "=", id).executeTakeFirstOrThrow();
  const line = await db().selectFrom("order_lines").select(["line_total_cents", "product_id"]).where("order_id", "=", id).executeTakeFirstOrThrow();
  return { id, totalCents: order.total_cents, lineCents: line.line_total_cents, productId: line.product_id!, processedAt: at };
}

async function run(query: string, variables: Record<string, unknown>, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(query, variables);
  expect(errors).toBeUndefined();
  return data;
}

/** The Home figures as they stand at NOW. */
async function homeAt(tz: string | undefined, as: BrowserSession = owner) {
  vi.useFakeTimers({ toFake: ["Date"], now: NOW });
  try {
    return await as.graphql(HOME, tz === undefined ? {} : { tz });
  } finally {
    vi.useRealTimers();
  }
}

let products: TestVariant[];
let o: Record<"midnight" | "lastMinute" | "refunded" | "cancelled" | "failed" | "windowStart" | "old", Placed>;

beforeAll(async () => {
  shop = await startTestGateway();
  const services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Hana Owner", role: "owner" });
  owner = new BrowserSession(shop.url);
  expect((await run(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER })).staffLogin.userErrors).toEqual([]);

  const handles: string[] = (await shop.rest("/api/products?pageSize=4")).body.products.map((p: { handle: string }) => p.handle);
  products = await Promise.all(handles.map(async (handle) => (await variantsOf(shop, handle))[0]!));
  const [p1, p2, p3, p4] = products as [TestVariant, TestVariant, TestVariant, TestVariant];

  o = {
    // The first instant of today in Kolkata (still yesterday in UTC), and the last second of yesterday.
    midnight: await place(p1, 2, kolkata(0)),
    lastMinute: await place(p2, 1, kolkata(0, -1000)),
    refunded: await place(p2, 3, kolkata(-3, 12 * HOUR)),
    cancelled: await place(p3, 5, kolkata(-2, 9 * HOUR)),
    failed: await place(p1, 1, kolkata(-10, 15 * HOUR)),
    // The first instant of the 30 days, and an order from before them still waiting to ship.
    windowStart: await place(p4, 1, kolkata(-29)),
    old: await place(p3, 1, kolkata(-40, 8 * HOUR)),
  };

  await services.orderTransitions.startFulfillment(o.lastMinute.id, "system");
  for (const shipped of [o.refunded, o.windowStart]) await services.orderTransitions.fulfill(shipped.id, { carrier: "UPS", trackingNumber: "1Z1" }, "system");
  const refund = await run(
    `mutation($id: ID!) { orderRefund(orderId: $id, amount: "5.00", reason: DEFECTIVE) { order { financialStatus } userErrors { message } } }`,
    { id: o.refunded.id },
  );
  expect(refund.orderRefund).toEqual({ order: { financialStatus: "PARTIALLY_REFUNDED" }, userErrors: [] });
  const cancel = await run(`mutation($id: ID!) { orderCancel(orderId: $id, reason: "Out of stock") { order { fulfillmentStatus financialStatus } userErrors { message } } }`, {
    id: o.cancelled.id,
  });
  expect(cancel.orderCancel).toEqual({ order: { fulfillmentStatus: "CANCELLED", financialStatus: "REFUNDED" }, userErrors: [] });
  // The print partner gave up on one order (its job, made at payment, is what the order admin shows).
  const failed = await db().updateTable("jobs").set({ state: "FAILED", last_error: "partner said no" }).where("dedupe_key", "=", `fulfillment:${o.failed.id}`).executeTakeFirst();
  expect(failed.numUpdatedRows).toBe(1n);
}, 120_000);
afterAll(() => shop?.close());
afterEach(() => vi.useRealTimers());

describe("adminHome", () => {
  it("counts orders and net revenue by day and period in the staff's time zone, with the best sellers, what waits to ship and failed partner jobs", async () => {
    const { data, errors } = await homeAt(ZONE);
    expect(errors).toBeUndefined();
    const home = data.adminHome;
    const [p1, p2, , p4] = products as [TestVariant, TestVariant, TestVariant, TestVariant];
    const cancelledNet = 0; // refunded in full when cancelled
    const refundedNet = o.refunded.totalCents - 500;

    expect(home.timeZone).toBe(ZONE);
    expect(home.today).toEqual({
      from: dateOf(0),
      to: dateOf(0),
      orders: 1,
      netRevenue: money(o.midnight.totalCents),
      bestSellers: [{ productId: o.midnight.productId, title: p1.productTitle, quantity: 2, revenue: { amount: dollars(o.midnight.lineCents) } }],
    });
    expect(home.last7Days).toEqual({
      from: dateOf(-6),
      to: dateOf(0),
      orders: 4,
      netRevenue: money(o.midnight.totalCents + o.lastMinute.totalCents + refundedNet + cancelledNet),
      // The cancelled order's 5 units are not sales; the partly refunded order's lines count whole.
      bestSellers: [
        { productId: o.refunded.productId, title: p2.productTitle, quantity: 4, revenue: { amount: dollars(o.lastMinute.lineCents + o.refunded.lineCents) } },
        { productId: o.midnight.productId, title: p1.productTitle, quantity: 2, revenue: { amount: dollars(o.midnight.lineCents) } },
      ],
    });
    expect(home.last30Days).toEqual({
      from: dateOf(-29),
      to: dateOf(0),
      orders: 6,
      netRevenue: money(o.midnight.totalCents + o.lastMinute.totalCents + refundedNet + cancelledNet + o.failed.totalCents + o.windowStart.totalCents),
      bestSellers: [
        { productId: o.refunded.productId, title: p2.productTitle, quantity: 4, revenue: { amount: dollars(o.lastMinute.lineCents + o.refunded.lineCents) } },
        { productId: o.midnight.productId, title: p1.productTitle, quantity: 3, revenue: { amount: dollars(o.midnight.lineCents + o.failed.lineCents) } },
        { productId: o.windowStart.productId, title: p4.productTitle, quantity: 1, revenue: { amount: dollars(o.windowStart.lineCents) } },
      ],
    });

    const expectedDays = new Map<number, [number, number]>([
      [0, [1, o.midnight.totalCents]],
      [-1, [1, o.lastMinute.totalCents]],
      [-2, [1, cancelledNet]],
      [-3, [1, refundedNet]],
      [-10, [1, o.failed.totalCents]],
      [-29, [1, o.windowStart.totalCents]],
    ]);
    expect(home.days).toEqual(
      Array.from({ length: 30 }, (_, i) => {
        const [orders, cents] = expectedDays.get(i - 29) ?? [0, 0];
        return { date: dateOf(i - 29), orders, netRevenue: money(cents) };
      }),
    );
    // Waiting: the midnight order (unfulfilled), the last-minute one (in progress), the failed one, and the old one.
    expect(home.toShip).toEqual({ count: 4, oldestPaidAt: o.old.processedAt.toISOString() });
    expect(home.failedPartnerJobs).toBe(1);
  });

  it("counts days in UTC when no zone is given: the order at Kolkata's midnight falls on yesterday", async () => {
    const { data, errors } = await homeAt(undefined);
    expect(errors).toBeUndefined();
    const home = data.adminHome;
    expect(home.timeZone).toBe("UTC");
    expect(home.today).toMatchObject({ from: dateOf(0), to: dateOf(0), orders: 0, netRevenue: money(0), bestSellers: [] });
    expect(home.days.at(-1)).toEqual({ date: dateOf(0), orders: 0, netRevenue: money(0) });
    expect(home.days.at(-2)).toEqual({ date: dateOf(-1), orders: 2, netRevenue: money(o.midnight.totalCents + o.lastMinute.totalCents) });
    // The first instant of Kolkata's 30 days is 18:30 UTC the day before: outside UTC's 30 days.
    expect(home.last30Days.orders).toBe(5);
    expect(home.days[0]).toEqual({ date: dateOf(-29), orders: 0, netRevenue: money(0) });
    expect(home.toShip.count).toBe(4);
  });

  it("refuses a time zone that is not an IANA name, saying so, and answers the same for an alias", async () => {
    for (const tz of ["Mars/Olympus_Mons", "+05:30", "GMT+5", "", "Europe/" + "x".repeat(80), "Asia/Kolkata; DROP TABLE orders"]) {
      const { data, errors } = await homeAt(tz);
      expect(data, tz).toBeNull();
      expect(errors?.[0]?.extensions, tz).toMatchObject({ code: "BAD_USER_INPUT", field: "timeZone" });
      expect(errors?.[0]?.message, tz).toMatch(/^Unknown time zone ".*": give an IANA name such as "Europe\/Berlin" or "UTC"\.$/);
    }
    const alias = await homeAt("Asia/Calcutta");
    expect(alias.errors).toBeUndefined();
    const canonical = await homeAt(ZONE);
    expect({ ...alias.data.adminHome, timeZone: null }).toEqual({ ...canonical.data.adminHome, timeZone: null });
  });

  it("answers a token with orders:read, and refuses one without it", async () => {
    const { apiTokens } = shop.running.gateway.services;
    const system = { staffId: null, actor: "system" };
    const reader = new BrowserSession(shop.url, { authorization: `Bearer ${(await apiTokens.create({ name: "dashboard", scopes: ["orders:read"] }, system)).token}` });
    const answered = await homeAt(ZONE, reader);
    expect(answered.errors).toBeUndefined();
    expect(answered.data.adminHome.today.orders).toBe(1);
    const catalog = new BrowserSession(shop.url, { authorization: `Bearer ${(await apiTokens.create({ name: "catalog", scopes: ["catalog:read"] }, system)).token}` });
    expect((await homeAt(ZONE, catalog)).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });

  it("is refused to a guest and to a customer", async () => {
    expect((await homeAt(ZONE, new BrowserSession(shop.url))).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const customer = new BrowserSession(shop.url);
    expect((await customer.register({ name: "Cass", email: "cass@example.com", password: "password123" })).status).toBe(201);
    await customer.login("cass@example.com", "password123");
    const refused = await homeAt(ZONE, customer);
    expect(refused.data).toBeNull();
    expect(refused.errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
  });
});
