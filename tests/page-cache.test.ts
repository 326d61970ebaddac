import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { buildClient } from "./support/client-build.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { startCdnEndpoint } from "./support/cdn-endpoint.js";

// The page cache drops only the pages a catalog change touched: a price change shows on that
// product's page at the very next request, on every gateway process, while a product it does not
// touch is still answered from memory. With CDN_PURGE_URL set, pages are sent for a CDN to keep,
// with the keys of what they show, and the process that made a change purges those keys once.

const MUG = "filibuster-fuel-mug";
const TEE = "no-further-questions-tee";
const TOKEN = "purge-token-0123456789";

let dist: string;
let cdn: Awaited<ReturnType<typeof startCdnEndpoint>>;
let withCdn: TestGateway;
let without: TestGateway;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-page-cache-"));
  cdn = await startCdnEndpoint([200]);
  await buildClient(dist);
  withCdn = await startTestGateway({ webDistDir: dist, cdnPurge: { url: cdn.url, token: TOKEN } });
  without = await startTestGateway({ webDistDir: dist });
}, 300_000);

afterAll(async () => {
  await withCdn?.close();
  await without?.close();
  await cdn?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

async function page(shop: TestGateway, pathAndQuery: string) {
  const res = await fetch(shop.url + pathAndQuery);
  return { status: res.status, html: await res.text(), headers: res.headers, source: res.headers.get("x-page-cache") };
}

const idOf = async (shop: TestGateway, table: "products" | "collections", handle: string) =>
  (await shop.database.db.selectFrom(table).select("id").where("handle", "=", handle).executeTakeFirstOrThrow()).id;

/** Every variant of the product at `cents`, as staff save it (the catalog writer announces the change). */
async function setPrice(shop: TestGateway, handle: string, cents: number) {
  const { services } = shop.running.gateway;
  const id = await idOf(shop, "products", handle);
  const product = (await services.productAdmin.find(id))!;
  const variants = product.variants.map((v) => ({
    id: v.id,
    optionValues: v.selectedOptions.map((o) => o.value),
    priceCents: cents,
    compareAtCents: null,
    sku: v.sku,
    availableForSale: v.availableForSale,
    imageId: v.imageId,
    partnerVariantId: v.partnerVariantId,
  }));
  await services.productAdmin.update(id, { variants }, "system");
}

const WATCHED = [`/product/${MUG}`, `/product/${TEE}`, "/collections/mugs", "/collections/t-shirts", "/shop", "/about"];

/** Each page asked for until it is answered from memory. */
async function warm(shop: TestGateway) {
  for (const url of WATCHED) {
    await page(shop, url);
    expect((await page(shop, url)).source, url).toBe("hit");
  }
}

describe("a price change", () => {
  it("shows on the next request of that product's page; its collection's and the shop list render again; an unrelated product's page is still answered from memory", async () => {
    for (const shop of [withCdn, without]) {
      shop.running.gateway.pageCache.clear();
      await warm(shop);
      const teeBefore = await page(shop, `/product/${TEE}`);
      await setPrice(shop, MUG, 4321);

      const mug = await page(shop, `/product/${MUG}`);
      expect(mug.source).toBe("miss");
      expect(mug.html).toContain('"43.21"');
      const sources = Object.fromEntries(await Promise.all(WATCHED.map(async (url) => [url, (await page(shop, url)).source] as const)));
      expect(sources).toEqual({
        [`/product/${MUG}`]: "hit",
        [`/product/${TEE}`]: "hit",
        "/collections/mugs": "miss",
        "/collections/t-shirts": "hit",
        "/shop": "miss",
        "/about": "hit",
      });
      const tee = await page(shop, `/product/${TEE}`);
      expect(tee.headers.get("etag")).toBe(teeBefore.headers.get("etag"));
    }
  });
});

describe("with a CDN in front (CDN_PURGE_URL)", () => {
  it("sends shop pages public for the CDN with their keys; the visitor's own screens, private pages and the API stay uncached", async () => {
    const mugId = await idOf(withCdn, "products", MUG);
    const mugsId = await idOf(withCdn, "collections", "mugs");
    const product = await page(withCdn, `/product/${MUG}`);
    expect(product.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=60");
    const keys = product.headers.get("surrogate-key")!.split(" ");
    expect(keys).toEqual(expect.arrayContaining(["all", `product-${mugId}`, `collection-${mugsId}`]));
    expect(keys).not.toContain("listing");
    expect(product.headers.get("cache-tag")!.split(",")).toEqual(keys);
    expect(product.headers.get("vary")).toContain("Accept-Encoding");
    expect(Number(product.headers.get("age"))).toBeGreaterThanOrEqual(0);

    const shopList = await page(withCdn, "/shop");
    expect(shopList.headers.get("surrogate-key")!.split(" ")).toEqual(expect.arrayContaining(["all", "listing", `product-${mugId}`]));
    expect((await page(withCdn, "/sitemap.xml")).headers.get("surrogate-key")).toBe("all listing");
    expect((await page(withCdn, "/about")).headers.get("surrogate-key")).toBe("all");

    for (const url of ["/cart", "/dashboard", "/account", "/login"]) {
      const visitor = await page(withCdn, url);
      expect(visitor.headers.get("cache-control"), url).toBe("no-cache");
      expect(visitor.headers.get("surrogate-key"), url).toBeNull();
    }
    expect((await page(withCdn, "/admin")).headers.get("cache-control")).toBe("no-store");
    expect((await page(withCdn, "/account/reset-password")).headers.get("cache-control")).toBe("no-store");
    const api = await fetch(`${withCdn.url}/api/products/${MUG}`);
    expect(api.headers.get("cache-control") ?? "").not.toMatch(/public|s-maxage/);
    expect(api.headers.get("surrogate-key")).toBeNull();
  });

  it("without it, pages are for browsers only: asked again each time, no keys", async () => {
    for (const url of [`/product/${MUG}`, "/shop", "/sitemap.xml", "/cart"]) {
      const res = await page(without, url);
      expect(res.headers.get("cache-control"), url).toBe("no-cache");
      expect(res.headers.get("surrogate-key"), url).toBeNull();
      expect(res.headers.get("cache-tag"), url).toBeNull();
    }
  });

  it("is told the product's, its collections' and the lists' keys once after a price change, with the token; nothing is sent without the setting", async () => {
    const mugId = await idOf(withCdn, "products", MUG);
    const mugsId = await idOf(withCdn, "collections", "mugs");
    cdn.received.length = 0;
    await setPrice(withCdn, MUG, 1234);
    await expect.poll(() => cdn.received.length).toBe(1);
    const [purge] = cdn.received;
    expect(purge!.method).toBe("POST");
    expect(purge!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(purge!.contentType).toBe("application/json");
    expect([...purge!.keys].sort()).toEqual([`collection-${mugsId}`, "listing", `product-${mugId}`].sort());
    expect(purge!.surrogateKey!.split(" ")).toEqual(purge!.keys);
    // The keys purged are those the product's page carried.
    const carried = (await page(withCdn, `/product/${MUG}`)).headers.get("surrogate-key")!.split(" ");
    for (const key of carried.filter((k) => k !== "all")) expect(purge!.keys).toContain(key);

    await setPrice(without, MUG, 1234);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(cdn.received).toHaveLength(1);
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)("two gateway processes on one PostgreSQL database (runs when TEST_DATABASE_URL is set)", () => {
  let database: TestDatabase;
  let a: TestGateway;
  let b: TestGateway;

  beforeAll(async () => {
    database = await createTestDatabase();
    a = await startTestGateway({ webDistDir: dist, cdnPurge: { url: cdn.url, token: TOKEN } }, database);
    b = await startTestGateway({ webDistDir: dist, cdnPurge: { url: cdn.url, token: TOKEN } }, database);
  }, 120_000);
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.dispose();
  });

  it("a change saved through one shows on the other's next request of that page, while its other pages stay in memory; the CDN is purged once", async () => {
    await warm(b);
    cdn.received.length = 0;
    await setPrice(a, MUG, 5678);
    const mug = await page(b, `/product/${MUG}`);
    expect(mug.source).toBe("miss");
    expect(mug.html).toContain('"56.78"');
    expect((await page(b, `/product/${TEE}`)).source).toBe("hit");
    expect((await page(b, "/collections/t-shirts")).source).toBe("hit");
    expect((await page(b, "/collections/mugs")).source).toBe("miss");
    await expect.poll(() => cdn.received.length).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(cdn.received).toHaveLength(1);
  });
});
