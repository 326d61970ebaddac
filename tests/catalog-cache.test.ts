import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { cartApi, variantsOf } from "./support/cart.js";
import { guestFetcher, payWith } from "./support/checkout.js";
import { freePort, logLines, spawnGateway, waitFor, waitForHealthy, type GatewayProcess } from "./support/process.js";

// Catalog answers are kept in memory, shared by REST and GraphQL, dropped when the
// catalog changes (a paid order changes the best sellers; a new seed; another process's notice),
// and never kept for anything that depends on the session.

const FEATURED = "{ featuredProducts(first: 8) { handle } }";
const PRODUCTS = "query Page($page: Int) { products(page: $page, pageSize: 4) { products { handle title } pageInfo { totalCount } } }";

/** Buys `quantity` of the product's first variant as a guest, through the hosted checkout. */
async function buy(shop: { url: string; rest: TestGateway["rest"] }, handle: string, quantity: number): Promise<void> {
  const variant = (await variantsOf(shop as TestGateway, handle))[0]!;
  const api = cartApi(shop as TestGateway);
  const cartId = await api.filled([{ variantId: variant.id, quantity }]);
  const paid = await payWith(guestFetcher(shop.url), (await api.checkoutUrl(cartId)).body.checkoutUrl as string);
  expect(paid.status, paid.page.slice(0, 300)).toBe(303);
  expect(paid.location).toContain("checkout-success");
}

/** The product the best-selling order puts last: a purchase big enough moves it to the top. */
async function leastSold(shop: TestGateway): Promise<string> {
  const { body } = await shop.rest("/api/products?sort=best-selling&pageSize=100");
  return body.products.at(-1).handle as string;
}

/** Sets the product's sales count just under the best seller's (a direct write: no notice, no cache cleared). */
async function nearTheTop(db: TestGateway["database"]["db"], handle: string): Promise<void> {
  const top = await db.selectFrom("products").select((eb) => eb.fn.max("sales_count").as("top")).executeTakeFirstOrThrow();
  await db.updateTable("products").set({ sales_count: Number(top.top) - 50 }).where("handle", "=", handle).execute();
}

describe("the catalog cache in one gateway", () => {
  let shop: TestGateway;

  beforeAll(async () => {
    shop = await startTestGateway({ catalogCacheSeconds: 60 });
  });
  afterAll(() => shop?.close());

  it("answers the same catalog read again from memory, over REST and GraphQL, with the same answer", async () => {
    for (const read of [
      () => shop.rest("/api/products?page=2&pageSize=5").then((r) => r.body),
      () => shop.rest("/api/collections").then((r) => r.body),
      () => shop.graphql(PRODUCTS, { page: 2 }).then((r) => r.data),
      () => shop.graphql("{ collections { handle products { handle } } }").then((r) => r.data),
    ]) {
      const first = await read();
      const before = shop.database.queryCount;
      expect(await read()).toEqual(first);
      expect(shop.database.queryCount).toBe(before);
    }
    // Other variables are another answer.
    const page3 = await shop.graphql(PRODUCTS, { page: 3 });
    const page2 = await shop.graphql(PRODUCTS, { page: 2 });
    expect(page3.data.products.products).not.toEqual(page2.data.products.products);
  });

  it("never keeps an answer that depends on the session: the signed-in customer's own data is not served to another", async () => {
    const kim = new BrowserSession(shop.url);
    expect((await kim.register({ name: "Kim", email: "kim.cache@example.com", password: "password123" })).status).toBe(201);
    expect((await kim.login("kim.cache@example.com", "password123")).status).toBe(200);
    const mixed = "{ me { email } collections { handle } }";
    expect((await kim.graphql(mixed)).data.me).toEqual({ email: "kim.cache@example.com" });
    const before = shop.database.queryCount;
    const anonymous = await shop.graphql(mixed);
    expect(anonymous.data.me).toBeNull();
    expect(shop.database.queryCount).toBeGreaterThan(before);

    const lee = new BrowserSession(shop.url);
    expect((await lee.register({ name: "Lee", email: "lee.cache@example.com", password: "password123" })).status).toBe(201);
    expect((await lee.login("lee.cache@example.com", "password123")).status).toBe(200);
    expect((await lee.graphql(mixed)).data.me).toEqual({ email: "lee.cache@example.com" });
    expect((await kim.graphql(mixed)).data.me).toEqual({ email: "kim.cache@example.com" });

    // Carts are never kept either: each shopper sees their own, as it is now.
    const api = cartApi(shop);
    const variant = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
    const cartQuery = "query Cart($id: ID!) { cart(id: $id) { totalQuantity } collections { handle } }";
    const one = await api.filled([{ variantId: variant.id, quantity: 1 }]);
    expect((await shop.graphql(cartQuery, { id: one })).data.cart.totalQuantity).toBe(1);
    await api.add(one, [{ variantId: variant.id, quantity: 2 }]);
    expect((await shop.graphql(cartQuery, { id: one })).data.cart.totalQuantity).toBe(3);
  });

  it("a paid order changes the best sellers: the featured list and the best-selling page follow at once", async () => {
    const handle = await leastSold(shop);
    const featuredBefore = (await shop.graphql(FEATURED)).data.featuredProducts.map((p: { handle: string }) => p.handle);
    const restBefore = (await shop.rest("/api/products/featured")).body.map((p: { handle: string }) => p.handle);
    expect(featuredBefore).not.toContain(handle);
    expect(restBefore).not.toContain(handle);
    // Just short of the best seller, behind the gateway's back: the cached lists do not move...
    await nearTheTop(shop.database.db, handle);
    expect((await shop.graphql(FEATURED)).data.featuredProducts.map((p: { handle: string }) => p.handle)).toEqual(featuredBefore);

    // ...until an order is paid: 99 more sold puts it first.
    await buy(shop, handle, 99);

    expect((await shop.graphql(FEATURED)).data.featuredProducts[0].handle).toBe(handle);
    expect((await shop.rest("/api/products/featured")).body[0].handle).toBe(handle);
    expect((await shop.rest("/api/products?sort=best-selling&pageSize=1")).body.products[0].handle).toBe(handle);
  });
});

describe("the design studio's read of a product", () => {
  let shop: TestGateway;

  beforeAll(async () => {
    shop = await startTestGateway({ catalogCacheSeconds: 60 });
  });
  afterAll(() => shop?.close());

  it("is kept in memory with its print area and blanks, and follows a staff change at the next read, over GraphQL and REST", async () => {
    const STUDIO = "query($id: ID!) { product(id: $id) { printArea { widthInches printWidthPx } mockups { color url } } }";
    const { id, handle } = await shop.database.db.selectFrom("products").select(["id", "handle"]).where("handle", "=", "filibuster-fuel-mug").executeTakeFirstOrThrow();
    const first = await shop.graphql(STUDIO, { id });
    expect(first.data.product.printArea).toEqual({ widthInches: 2.7, printWidthPx: 810 });
    await shop.rest(`/api/products/${handle}`);
    const before = shop.database.queryCount;
    expect((await shop.graphql(STUDIO, { id })).data).toEqual(first.data);
    expect((await shop.rest(`/api/products/${handle}`)).body.printArea.widthInches).toBe(2.7);
    expect(shop.database.queryCount).toBe(before);

    const area = { x: 0.3, y: 0.33, width: 0.3125, height: 0.38125, widthInches: 3, heightInches: 3.66 };
    await shop.running.gateway.services.productMockups.setPrintArea(id, area, "system");
    expect((await shop.graphql(STUDIO, { id })).data.product.printArea).toEqual({ widthInches: 3, printWidthPx: 900 });
    expect((await shop.rest(`/api/products/${handle}`)).body.printArea).toMatchObject(area);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("the catalog cache across gateway processes on PostgreSQL (runs when TEST_DATABASE_URL is set)", { timeout: 180_000 }, () => {
  const started: GatewayProcess[] = [];
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-cache-"));
  afterAll(() => {
    for (const p of started) if (p.child.exitCode === null) p.child.kill("SIGKILL");
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it("a change made through one process (a paid order, a new seed) clears the others' caches, and a new seed overwrites nothing", async () => {
    const { createTestDatabase } = await import("./support/database.js");
    const database = await createTestDatabase();
    try {
      const env = { DATA_DIR: dataDir, DATABASE_URL: database.url!, CATALOG_CACHE_SECONDS: "300" };
      const [portA, portB] = [await freePort(), await freePort()];
      const a = spawnGateway({ ...env, PORT: String(portA) });
      const b = spawnGateway({ ...env, PORT: String(portB) });
      started.push(a, b);
      await Promise.all([waitForHealthy(portA, a), waitForHealthy(portB, b)]);
      const shopOf = (port: number) => {
        const url = `http://127.0.0.1:${port}`;
        return {
          url,
          async rest(pathAndQuery: string, init?: RequestInit) {
            const res = await fetch(url + pathAndQuery, init);
            return { status: res.status, headers: res.headers, body: (await res.json()) as any };
          },
        };
      };
      const [onA, onB] = [shopOf(portA), shopOf(portB)];
      const featuredOn = async (shop: typeof onA) => (await shop.rest("/api/products/featured")).body.map((p: { handle: string }) => p.handle) as string[];

      // B keeps its answer: a change behind the gateways' back (no notice) is not seen...
      const handle = (await onB.rest("/api/products?sort=best-selling&pageSize=100")).body.products.at(-1).handle as string;
      const before = await featuredOn(onB);
      const title = (await onB.rest(`/api/products/${handle}`)).body.title as string;
      await nearTheTop(database.db, handle);
      await database.db.updateTable("products").set({ title: "Renamed behind the cache" }).where("handle", "=", handle).execute();
      expect(await featuredOn(onB)).toEqual(before);
      expect((await onB.rest(`/api/products/${handle}`)).body.title).toBe(title);

      // ...but an order paid through A is: A announces it, B drops its cache.
      await buy(onA, handle, 99);
      await waitFor(async () => (await featuredOn(onB))[0] === handle, 10_000, "B's featured list to follow A's order");
      expect((await onB.rest(`/api/products/${handle}`)).body.title).toBe("Renamed behind the cache");

      // A deploy whose seed changed (here: the seed's fingerprint forgotten, so a starting process
      // applies it again) tells A and B, and never puts back what was changed in the database.
      await database.db.deleteFrom("app_state").where("key", "=", "seed.fingerprint").execute();
      const portC = await freePort();
      const c = spawnGateway({ ...env, PORT: String(portC) });
      started.push(c);
      await waitForHealthy(portC, c);
      expect(logLines(c, "seed applied")).toHaveLength(1);
      for (const shop of [onA, onB]) expect((await shop.rest(`/api/products/${handle}`)).body.title).toBe("Renamed behind the cache");
      for (const p of [a, b, c]) p.child.kill("SIGTERM");
      for (const p of [a, b, c]) expect(await p.exited).toBe(0);
    } finally {
      await database.dispose();
    }
  });
});
