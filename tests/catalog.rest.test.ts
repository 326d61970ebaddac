import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSeedData } from "../gateway/seed/data/index.js";
import { PRODUCT_PAGE_SIZE } from "../gateway/catalog/catalog.service.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

const seed = buildSeedData();
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

const PRODUCT_KEYS = [
  "collections",
  "description",
  "fulfillmentPartner",
  "handle",
  "id",
  "images",
  "options",
  "price",
  "rating",
  "reviewCount",
  "tags",
  "title",
  "variants",
];

/** One product's answer adds what the design studio draws on (its print area and blank mock-ups) to spec §3's fields. */
const PRODUCT_DETAIL_KEYS = [...PRODUCT_KEYS, "mockups", "printArea"].sort();

function expectProductShape(product: Record<string, any>) {
  expectProductFields(product, PRODUCT_KEYS);
}

function expectProductFields(product: Record<string, any>, keysExpected: string[]) {
  const keys = Object.keys(product).filter((k) => k !== "compareAtPrice").sort();
  expect(keys).toEqual(keysExpected);
  expect(typeof product.price).toBe("number");
  if ("compareAtPrice" in product) expect(product.compareAtPrice).toBeGreaterThan(product.price);
  for (const image of product.images) expect(Object.keys(image).sort()).toEqual(["altText", "id", "url"]);
  for (const variant of product.variants) {
    // spec §3's variant, with Shopify's availableForSale and sku beside it.
    expect(Object.keys(variant).sort()).toEqual(["availableForSale", "id", "price", "selectedOptions", "sku", "title"]);
    expect(typeof variant.price).toBe("number");
    expect(typeof variant.availableForSale).toBe("boolean");
    expect(variant.sku === null || typeof variant.sku === "string").toBe(true);
  }
  for (const option of product.options) expect(Object.keys(option).sort()).toEqual(["name", "values"]);
  for (const collection of product.collections) expect(Object.keys(collection).sort()).toEqual(["handle", "title"]);
}

describe("GET /api/products", () => {
  it("answers the first page of best sellers with pageInfo.totalPages", async () => {
    const { status, body } = await shop.rest("/api/products");
    expect(status).toBe(200);
    expect(body.products).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(body.pageInfo.totalPages).toBe(Math.ceil(seed.products.length / PRODUCT_PAGE_SIZE));
    expect(body.pageInfo.totalPages).toBeGreaterThan(1);
    body.products.forEach(expectProductShape);
    const expected = [...seed.products].sort((a, b) => b.salesCount - a.salesCount).slice(0, PRODUCT_PAGE_SIZE);
    expect(body.products.map((p: any) => p.handle)).toEqual(expected.map((p) => p.handle));
  });

  it.each([
    ["newest", (a: any, b: any) => Date.parse(b.createdAt) - Date.parse(a.createdAt)],
    ["price-low", (a: any, b: any) => a.min - b.min || a.handle.localeCompare(b.handle)],
    ["price-high", (a: any, b: any) => b.min - a.min || a.handle.localeCompare(b.handle)],
  ])("sorts by %s", async (sort, compare) => {
    const all: any[] = [];
    for (let page = 1; ; page += 1) {
      const { body } = await shop.rest(`/api/products?sort=${sort}&page=${page}`);
      all.push(...body.products);
      if (page >= body.pageInfo.totalPages) break;
    }
    expect(all).toHaveLength(seed.products.length);
    const expected = seed.products
      .map((p) => ({ handle: p.handle, createdAt: p.createdAt, min: Math.min(...p.variants.map((v) => v.priceCents)) }))
      .sort(compare);
    if (sort === "newest") expect(all.map((p) => p.handle)).toEqual(expected.map((p) => p.handle));
    else expect(all.map((p) => Math.round(p.price * 100))).toEqual(expected.map((p) => p.min));
  });

  it("pages without overlap and answers an empty page past the end", async () => {
    const first = await shop.rest("/api/products?page=1");
    const second = await shop.rest("/api/products?page=2");
    const firstHandles = new Set(first.body.products.map((p: any) => p.handle));
    expect(second.body.products.some((p: any) => firstHandles.has(p.handle))).toBe(false);
    const beyond = await shop.rest("/api/products?page=99");
    expect(beyond.status).toBe(200);
    expect(beyond.body.products).toEqual([]);
  });

  it("searches titles, tags and descriptions, case-insensitively", async () => {
    const target = seed.products[0]!;
    const word = target.title.split(" ").find((w) => w.length > 4) ?? target.title;
    const { body } = await shop.rest(`/api/products?search=${encodeURIComponent(word.toUpperCase())}`);
    expect(body.products.map((p: any) => p.handle)).toContain(target.handle);
    const none = await shop.rest("/api/products?search=zzqxnotathing");
    expect(none.body.products).toEqual([]);
    expect(none.body.pageInfo.totalPages).toBe(0);
  });

  it("treats LIKE wildcards in a search as plain text", async () => {
    // Unescaped, "e%e" and "e_e" would match almost every product.
    for (const search of ["e%25e", "e_e"]) {
      const { status, body } = await shop.rest(`/api/products?search=${search}`);
      expect(status).toBe(200);
      expect(body.products).toEqual([]);
    }
  });

  it("answers ?customizable=true with {products[]}: every customizable product, not a page of 12 (spec §7)", async () => {
    const { status, body } = await shop.rest("/api/products?customizable=true");
    expect(status).toBe(200);
    expect(Object.keys(body)).toEqual(["products"]);
    const customizable = seed.products.filter((p) => p.customizable);
    expect(customizable.length).toBeGreaterThan(PRODUCT_PAGE_SIZE);
    expect(body.products).toHaveLength(customizable.length);
    const bestSelling = [...customizable].sort((a, b) => b.salesCount - a.salesCount || a.handle.localeCompare(b.handle));
    expect(body.products.map((p: any) => p.handle)).toEqual(bestSelling.map((p) => p.handle));
    body.products.forEach(expectProductShape);
    // Asking for a page still pages.
    const paged = await shop.rest("/api/products?customizable=true&page=2");
    expect(paged.body.products).toHaveLength(customizable.length - PRODUCT_PAGE_SIZE);
    expect(paged.body.pageInfo.totalPages).toBe(2);
  });

  it("filters customizable products", async () => {
    const { body } = await shop.rest("/api/products?customizable=true&pageSize=100");
    const expected = seed.products.filter((p) => p.customizable).map((p) => p.handle).sort();
    expect(body.products.map((p: any) => p.handle).sort()).toEqual(expected);
  });

  it.each([
    ["sort=cheapest", "sort"],
    ["page=0", "page"],
    ["page=-1", "page"],
    ["page=abc", "page"],
    ["page=1.5", "page"],
    ["page=1&page=2", "page"],
    [`search=${"a".repeat(201)}`, "search"],
    ["customizable=maybe", "customizable"],
    ["pageSize=1000", "pageSize"],
  ])("refuses %s with 400 naming the parameter", async (query, field) => {
    const { status, body } = await shop.rest(`/api/products?${query}`);
    expect(status).toBe(400);
    expect(body.error).toContain(field);
    expect(body.field).toBe(field);
  });
});

describe("GET /api/products/{handle-or-id}", () => {
  it("finds a product by handle and by id, with the same answer", async () => {
    const handle = seed.products.find((p) => p.options.length === 2)!.handle;
    const byHandle = await shop.rest(`/api/products/${handle}`);
    expect(byHandle.status).toBe(200);
    expectProductFields(byHandle.body, PRODUCT_DETAIL_KEYS);
    const byId = await shop.rest(`/api/products/${byHandle.body.id}`);
    expect(byId.body).toEqual(byHandle.body);
    const seedProduct = seed.products.find((p) => p.handle === handle)!;
    expect(byHandle.body.variants).toHaveLength(seedProduct.variants.length);
    expect(byHandle.body.options.map((o: any) => o.name)).toEqual(seedProduct.options.map((o) => o.name));
    expect(byHandle.body.images.every((i: any) => i.url.startsWith("/media/"))).toBe(true);
  });

  it("gives a sale product its compare-at price and others none", async () => {
    const sale = seed.products.find((p) => p.variants.every((v) => v.compareAtCents && v.compareAtCents > v.priceCents))!;
    const plain = seed.products.find((p) => p.variants.every((v) => v.compareAtCents === null))!;
    expect((await shop.rest(`/api/products/${sale.handle}`)).body.compareAtPrice).toBeGreaterThan(0);
    expect((await shop.rest(`/api/products/${plain.handle}`)).body).not.toHaveProperty("compareAtPrice");
  });

  it.each(["no-such-product", "00000000-0000-4000-8000-000000000000", "%27%3B%20DROP%20TABLE%20products"])(
    "answers 404 for %s",
    async (ref) => {
      const { status, body } = await shop.rest(`/api/products/${ref}`);
      expect(status).toBe(404);
      expect(body.error).toBe("Product not found");
    },
  );
});

describe("GET /api/products/featured and /related/{handle}", () => {
  it("lists the best sellers, the same way every time", async () => {
    const a = await shop.rest("/api/products/featured");
    const b = await shop.rest("/api/products/featured");
    expect(a.status).toBe(200);
    expect(a.body.length).toBeGreaterThanOrEqual(4);
    a.body.forEach(expectProductShape);
    expect(a.body.map((p: any) => p.id)).toEqual(b.body.map((p: any) => p.id));
    const top = [...seed.products].sort((x, y) => y.salesCount - x.salesCount)[0]!;
    expect(a.body[0].handle).toBe(top.handle);
  });

  it("relates products that share a collection, never the product itself", async () => {
    const product = seed.products.find((p) => p.collections.includes("t-shirts"))!;
    const { status, body } = await shop.rest(`/api/products/related/${product.handle}`);
    expect(status).toBe(200);
    expect(body).toHaveLength(4);
    for (const related of body) {
      expect(related.handle).not.toBe(product.handle);
      expect(related.collections.some((c: any) => product.collections.includes(c.handle))).toBe(true);
    }
    const again = await shop.rest(`/api/products/related/${product.handle}`);
    expect(again.body.map((p: any) => p.id)).toEqual(body.map((p: any) => p.id));
  });

  it("answers [] for an unknown handle", async () => {
    const { status, body } = await shop.rest("/api/products/related/no-such-product");
    expect(status).toBe(200);
    expect(body).toEqual([]);
  });
});

describe("GET /api/collections", () => {
  it("lists every collection in display order with the spec's shape", async () => {
    const { status, body } = await shop.rest("/api/collections");
    expect(status).toBe(200);
    expect(body.map((c: any) => c.handle)).toEqual(
      [...seed.collections].sort((a, b) => a.position - b.position).map((c) => c.handle),
    );
    for (const c of body) {
      expect(Object.keys(c).sort()).toEqual(["description", "handle", "id", "image", "title"]);
      if (c.image) expect(Object.keys(c.image)).toEqual(["url"]);
    }
  });

  it("answers a collection with its products", async () => {
    const { status, body } = await shop.rest("/api/collections/t-shirts");
    expect(status).toBe(200);
    expect(body.handle).toBe("t-shirts");
    const expected = seed.products.filter((p) => p.collections.includes("t-shirts")).map((p) => p.handle).sort();
    expect(body.products.map((p: any) => p.handle).sort()).toEqual(expected);
    body.products.forEach(expectProductShape);
  });

  it("answers 404 for an unknown collection", async () => {
    const { status, body } = await shop.rest("/api/collections/no-such-collection");
    expect(status).toBe(404);
    expect(body).toEqual({ error: "Collection not found" });
  });
});

describe("GET /media/{path}", () => {
  it("serves product images with caching headers and a 304 on revalidation", async () => {
    const { body } = await shop.rest(`/api/products/${seed.products[0]!.handle}`);
    const res = await fetch(shop.url + body.images[0].url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("image/svg+xml");
    expect(res.headers.get("cache-control")).toContain("max-age");
    expect(await res.text()).toContain("<svg");
    const again = await fetch(shop.url + body.images[0].url, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
  });

  it("answers an SVG picture's PNG copy at its .png address, for link previews", async () => {
    const { body } = await shop.rest(`/api/products/${seed.products[0]!.handle}`);
    const svgUrl: string = body.images[0].url;
    const pngUrl = svgUrl.replace(/\.svg$/, ".png");
    const res = await fetch(shop.url + pngUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/png");
    expect(res.headers.get("cache-control")).toContain("max-age");
    const png = Buffer.from(await res.arrayBuffer());
    // A PNG: its signature, then the IHDR chunk's width (1200, as previews want) and a height.
    expect(png.subarray(0, 8).toString("hex")).toBe("89504e470d0a1a0a");
    expect(png.readUInt32BE(16)).toBe(1200);
    expect(png.readUInt32BE(20)).toBeGreaterThan(0);
    // Not a blank canvas: the picture's colours are in it (a PNG of one colour compresses to almost nothing).
    expect(png.length).toBeGreaterThan(5_000);
    const again = await fetch(shop.url + pngUrl, { headers: { "if-none-match": res.headers.get("etag")! } });
    expect(again.status).toBe(304);
    expect(res.headers.get("etag")).not.toBe((await fetch(shop.url + svgUrl)).headers.get("etag"));
    // Only pictures that exist as SVG have a copy.
    expect((await fetch(`${shop.url}/media/products/nope.png`)).status).toBe(404);
  });

  it("answers 404 for an unknown or hostile path", async () => {
    expect((await fetch(`${shop.url}/media/products/nope.svg`)).status).toBe(404);
    expect((await fetch(`${shop.url}/media/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});
