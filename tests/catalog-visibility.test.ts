import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { CompiledQuery, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CatalogRepository } from "../gateway/catalog/catalog.repository.js";
import { PRODUCT_SORTS, PRODUCT_STATUSES, type ProductStatus } from "../gateway/catalog/catalog.records.js";
import { buildSeedData } from "../gateway/seed/data/index.js";
import { buildClient } from "./support/client-build.js";
import { cartApi } from "./support/cart.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// Only ACTIVE products exist for shoppers: a DRAFT (being prepared) and an ARCHIVED (withdrawn)
// product are absent from every list, lookup, page, search, the sitemap, related products and the
// memes' product links, while an ACTIVE one is there. A handle a product gave up keeps finding it
// (301 on a full page load), and the product page's ?variant= picks the variant on the gateway too.
// Statuses, handles and variants are changed in the database directly, as the admin's writer would.

let shop: TestGateway;
let dist: string;
const PUBLIC_URL = "http://shop.example";
const seed = buildSeedData();

interface Fixture {
  handle: string;
  id: string;
  title: string;
}

/** Drafted, archived, kept on sale (sold most, so every best-seller list would show all three), and renamed. */
const DRAFT = "professional-filibusterer-tee";
const ARCHIVED = "gerrymandering-is-an-art-form-tee";
/** Every status but ACTIVE hides a product: one product in each. */
const HIDDEN: [ProductStatus, string][] = [
  ["DRAFT", DRAFT],
  ["ARCHIVED", ARCHIVED],
];
const ACTIVE = "i-survived-the-subcommittee-tee";
const RENAMED_FROM = "no-further-questions-tee";
const RENAMED_TO = "no-further-questions-shirt";
/** Shares the t-shirts collection with the three: its related products would hold them. */
const NEIGHBOUR = "tabled-indefinitely-tee";
/** Put in a cart while on sale, drafted afterwards. */
const IN_CART = "rubber-stamp-enthusiast-mug";

const fixtures: Record<string, Fixture> = {};
let activeVariants: { id: string; title: string; selectedOptions: { name: string; value: string }[] }[];
let activeImages: { id: string; url: string }[];
let cartId: string;

async function fixture(handle: string): Promise<Fixture> {
  const { status, body } = await shop.rest(`/api/products/${handle}`);
  expect(status, handle).toBe(200);
  return { handle, id: body.id, title: body.title };
}

async function setStatus(handle: string, status: ProductStatus) {
  await shop.database.db.updateTable("products").set({ status }).where("handle", "=", handle).execute();
}

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-visibility-"));
  await buildClient(dist);
  shop = await startTestGateway({ webDistDir: dist, publicUrl: PUBLIC_URL });
  const db = shop.database.db;
  for (const handle of [DRAFT, ARCHIVED, ACTIVE, RENAMED_FROM, NEIGHBOUR, IN_CART]) fixtures[handle] = await fixture(handle);

  const active = (await shop.rest(`/api/products/${ACTIVE}`)).body;
  activeVariants = active.variants;
  activeImages = active.images;

  // A cart line holds the mug's variant while it is on sale.
  const mug = (await shop.rest(`/api/products/${IN_CART}`)).body;
  cartId = await cartApi(shop).filled([{ variantId: mug.variants[0].id, quantity: 1 }]);

  const top = await db.selectFrom("products").select((eb) => eb.fn.max("sales_count").as("top")).executeTakeFirstOrThrow();
  for (const [handle, extra] of [[DRAFT, 300], [ARCHIVED, 200], [ACTIVE, 100]] as const) {
    await db.updateTable("products").set({ sales_count: Number(top.top) + extra }).where("handle", "=", handle).execute();
  }
  expect(HIDDEN.map(([status]) => status)).toEqual(PRODUCT_STATUSES.filter((status) => status !== "ACTIVE"));
  for (const [status, handle] of HIDDEN) await setStatus(handle, status);
  await setStatus(IN_CART, "DRAFT");
  // A product renamed: its old handle is kept as a redirect (the catalog writer's job).
  await db.updateTable("products").set({ handle: RENAMED_TO }).where("handle", "=", RENAMED_FROM).execute();
  await db.insertInto("product_handle_redirects").values({ handle: RENAMED_FROM, product_id: fixtures[RENAMED_FROM]!.id }).execute();
}, 300_000);

afterAll(async () => {
  await shop?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

const hidden = () => [fixtures[DRAFT]!, fixtures[ARCHIVED]!];
const handlesOf = (products: { handle: string }[]) => products.map((p) => p.handle);

function expectOnlyActive(handles: string[], where: string, { active = true }: { active?: boolean } = {}) {
  for (const product of hidden()) expect(handles, `${where}: ${product.handle}`).not.toContain(product.handle);
  if (active) expect(handles, `${where}: ${ACTIVE}`).toContain(ACTIVE);
}

async function page(pathAndQuery: string) {
  const res = await fetch(shop.url + pathAndQuery, { redirect: "manual" });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

describe("REST answers only ACTIVE products", () => {
  it("in the shop's list, its count, search, featured, customizable and collections", async () => {
    const list = await shop.rest("/api/products?pageSize=100");
    expect(list.status).toBe(200);
    expectOnlyActive(handlesOf(list.body.products), "list");
    // The two hidden products and the drafted mug are not counted either.
    expect(list.body.pageInfo.totalCount).toBe(seed.products.length - 3);
    for (const sort of PRODUCT_SORTS) expectOnlyActive(handlesOf((await shop.rest(`/api/products?pageSize=100&sort=${sort}`)).body.products), sort);

    for (const product of hidden()) {
      expect((await shop.rest(`/api/products?search=${encodeURIComponent(product.title)}`)).body.products, product.title).toEqual([]);
    }
    const found = await shop.rest(`/api/products?search=${encodeURIComponent(fixtures[ACTIVE]!.title)}`);
    expect(handlesOf(found.body.products)).toContain(ACTIVE);

    expectOnlyActive(handlesOf((await shop.rest("/api/products/featured")).body), "featured");
    expectOnlyActive(handlesOf((await shop.rest("/api/products?customizable=true")).body.products), "customizable", { active: false });
    expectOnlyActive(handlesOf((await shop.rest("/api/collections/t-shirts")).body.products), "collection");
  });

  it("by handle and by id: 404 for a draft or archived product", async () => {
    for (const product of hidden()) {
      for (const ref of [product.handle, product.id]) {
        const res = await shop.rest(`/api/products/${ref}`);
        expect(res.status, ref).toBe(404);
        expect(res.body).toEqual({ error: "Product not found" });
      }
    }
    expect((await shop.rest(`/api/products/${fixtures[ACTIVE]!.id}`)).body.handle).toBe(ACTIVE);
  });

  it("in related products; a hidden product has none", async () => {
    const related = await shop.rest(`/api/products/related/${NEIGHBOUR}`);
    expect(related.status).toBe(200);
    expectOnlyActive(handlesOf(related.body), "related");
    for (const product of hidden()) expect((await shop.rest(`/api/products/related/${product.handle}`)).body).toEqual([]);
  });
});

describe("GraphQL answers only ACTIVE products", () => {
  it("in products, productsConnection, featuredProducts, customizableProducts, relatedProducts and collections", async () => {
    const { data, errors } = await shop.graphql(`{
      products(pageSize: 100) { products { handle } pageInfo { totalCount } }
      searched: products(search: "filibusterer") { products { handle } }
      productsConnection(first: 100) { nodes { handle } }
      featuredProducts { handle }
      customizableProducts { handle }
      relatedProducts(handle: "${NEIGHBOUR}", first: 100) { handle }
      collection(handle: "t-shirts") { products { handle } }
      collections { handle products { handle } }
    }`);
    expect(errors).toBeUndefined();
    expectOnlyActive(handlesOf(data.products.products), "products");
    expect(data.products.pageInfo.totalCount).toBe(seed.products.length - 3);
    expectOnlyActive(handlesOf(data.searched.products), "search", { active: false });
    expectOnlyActive(handlesOf(data.productsConnection.nodes), "productsConnection");
    expectOnlyActive(handlesOf(data.featuredProducts), "featuredProducts");
    expectOnlyActive(handlesOf(data.customizableProducts), "customizableProducts", { active: false });
    expectOnlyActive(handlesOf(data.relatedProducts), "relatedProducts");
    expectOnlyActive(handlesOf(data.collection.products), "collection");
    const tees = data.collections.find((c: { handle: string }) => c.handle === "t-shirts");
    expectOnlyActive(handlesOf(tees.products), "collections");
  });

  it("product(handle) and product(id) are null for a draft or archived product", async () => {
    for (const product of hidden()) {
      const { data, errors } = await shop.graphql(`query($h: String!, $id: ID) { byHandle: product(handle: $h) { id } byId: product(id: $id) { id } related: relatedProducts(handle: $h) { id } }`, {
        h: product.handle,
        id: product.id,
      });
      expect(errors).toBeUndefined();
      expect(data, product.handle).toEqual({ byHandle: null, byId: null, related: [] });
    }
    const { data } = await shop.graphql(`query($id: ID) { product(id: $id) { handle } }`, { id: fixtures[ACTIVE]!.id });
    expect(data.product.handle).toBe(ACTIVE);
  });

  it("a cart line's variant still answers its product once the product is drafted", async () => {
    const { data, errors } = await shop.graphql(`query($id: ID!) { cart(id: $id) { lines { edges { node { merchandise { product { handle } } } } } } }`, { id: cartId });
    expect(errors).toBeUndefined();
    expect(data.cart.lines.edges[0].node.merchandise.product.handle).toBe(IN_CART);
  });
});

describe("the shop's pages show only ACTIVE products", () => {
  it("a draft or archived product's page is the 404 Product Not Found", async () => {
    for (const product of hidden()) {
      const { status, html } = await page(`/product/${product.handle}`);
      expect(status, product.handle).toBe(404);
      expect(html).toContain("Product Not Found");
    }
    expect((await page(`/product/${ACTIVE}`)).status).toBe(200);
  });

  it("the shop list and the collection page leave them out", async () => {
    for (const route of ["/shop", "/collections/t-shirts"]) {
      const { status, html } = await page(route);
      expect(status, route).toBe(200);
      for (const product of hidden()) expect(html, `${route}: ${product.handle}`).not.toContain(`/product/${product.handle}"`);
      expect(html, route).toContain(`/product/${ACTIVE}"`);
    }
  });

  it("the sitemap lists the ACTIVE product and neither of the others", async () => {
    const { status, html } = await page("/sitemap.xml");
    expect(status).toBe(200);
    const locs = [...html.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]);
    expect(locs).toContain(`${PUBLIC_URL}/product/${ACTIVE}`);
    expect(locs).toContain(`${PUBLIC_URL}/product/${RENAMED_TO}`);
    expect(locs).not.toContain(`${PUBLIC_URL}/product/${RENAMED_FROM}`);
    for (const product of hidden()) expect(locs).not.toContain(`${PUBLIC_URL}/product/${product.handle}`);
  });
});

describe("memes link only to ACTIVE products (spec §2: otherwise Not Available)", () => {
  const memeFor = (handle: string) => seed.memes.find((m) => m.productHandle === handle)!;

  it("REST and GraphQL: no productHandle and no product for a draft or archived product; a renamed one's current handle", async () => {
    const rest = (await shop.rest("/api/memes?pageSize=100")).body.memes as { id: string; title: string; productHandle: string | null }[];
    const gql = (await shop.graphql(`{ memes(pageSize: 100) { memes { id title productHandle product { handle } } } }`)).data.memes.memes as {
      title: string;
      productHandle: string | null;
      product: { handle: string } | null;
    }[];
    const expected: [string, string | null][] = [
      [DRAFT, null],
      [ARCHIVED, null],
      [ACTIVE, ACTIVE],
      [RENAMED_FROM, RENAMED_TO],
    ];
    for (const [linked, handle] of expected) {
      const title = memeFor(linked).title;
      expect(rest.find((m) => m.title === title)!.productHandle, title).toBe(handle);
      const meme = gql.find((m) => m.title === title)!;
      expect(meme.productHandle, title).toBe(handle);
      expect(meme.product?.handle ?? null, title).toBe(handle);
    }
    const drafted = rest.find((m) => m.title === memeFor(DRAFT).title)!;
    expect((await shop.rest(`/api/meme/${drafted.id}`)).body.productHandle).toBeNull();
    const one = await shop.graphql(`query($id: ID!) { meme(id: $id) { productHandle product { id } } }`, { id: drafted.id });
    expect(one.data.meme).toEqual({ productHandle: null, product: null });
  });

  it("the gallery's card for a draft product's meme says Not Available", async () => {
    // The gallery's page that holds the meme (8 a page, newest first, as REST's list).
    const all = (await shop.rest("/api/memes?pageSize=100")).body.memes as { title: string }[];
    const title = memeFor(DRAFT).title;
    const { status, html } = await page(`/memes?page=${Math.floor(all.findIndex((m) => m.title === title) / 8) + 1}`);
    expect(status).toBe(200);
    const escaped = title.replace(/&/g, "&amp;").replace(/'/g, "&#x27;").replace(/"/g, "&quot;");
    const card = html
      .split("<article")
      .map((chunk) => chunk.slice(0, chunk.indexOf("</article>")))
      .find((chunk) => chunk.includes(`>${escaped}<`));
    expect(card, title).toBeDefined();
    expect(card).toContain("Not Available");
    expect(card).not.toContain("Add to Cart");
  });
});

describe("a handle a product gave up keeps finding it", () => {
  it("GraphQL product(handle) and REST answer the product under its current handle", async () => {
    const { data } = await shop.graphql(`query($h: String!) { product(handle: $h) { id handle } relatedProducts(handle: $h) { handle } }`, { h: RENAMED_FROM });
    expect(data.product).toEqual({ id: fixtures[RENAMED_FROM]!.id, handle: RENAMED_TO });
    expect(data.relatedProducts.length).toBeGreaterThan(0);
    const rest = await shop.rest(`/api/products/${RENAMED_FROM}`);
    expect(rest.status).toBe(200);
    expect(rest.body.handle).toBe(RENAMED_TO);
  });

  it("a full load of the old page answers 301 to the new one, keeping the query", async () => {
    const variant = activeVariants[0]!.id;
    for (const query of ["", `?variant=${variant}`]) {
      const res = await page(`/product/${RENAMED_FROM}${query}`);
      expect(res.status, query).toBe(301);
      expect(res.headers.get("location"), query).toBe(`/product/${RENAMED_TO}${query}`);
      // Asked again: the same answer from the page cache.
      expect((await page(`/product/${RENAMED_FROM}${query}`)).headers.get("location")).toBe(`/product/${RENAMED_TO}${query}`);
    }
    const now = await page(`/product/${RENAMED_TO}`);
    expect(now.status).toBe(200);
    expect(now.html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/${RENAMED_TO}" />`);
  });

  it("not when the product it leads to is not on sale", async () => {
    const gone = "professional-filibuster-tee";
    await shop.database.db.insertInto("product_handle_redirects").values({ handle: gone, product_id: fixtures[DRAFT]!.id }).execute();
    shop.running.gateway.pageCache.clear();
    expect((await shop.rest(`/api/products/${gone}`)).status).toBe(404);
    expect((await shop.graphql(`{ product(handle: "${gone}") { id } }`)).data.product).toBeNull();
    expect((await page(`/product/${gone}`)).status).toBe(404);
  });
});

describe("variants: SKU, availability, image and archival", () => {
  let chosen: (typeof activeVariants)[number];
  let soldOut: (typeof activeVariants)[number];
  let archived: (typeof activeVariants)[number];
  let image: { id: string; url: string };

  beforeAll(async () => {
    expect(activeVariants.length).toBeGreaterThanOrEqual(3);
    expect(activeImages.length).toBeGreaterThanOrEqual(2);
    [, chosen, soldOut] = activeVariants as [never, typeof chosen, typeof soldOut];
    archived = activeVariants.at(-1)!;
    image = activeImages[1]!;
    const db = shop.database.db;
    await db.updateTable("variants").set({ sku: "SUB-TEE-2", image_id: image.id }).where("id", "=", chosen.id).execute();
    await db.updateTable("variants").set({ available_for_sale: false }).where("id", "=", soldOut.id).execute();
    await db.updateTable("variants").set({ archived_at: new Date() }).where("id", "=", archived.id).execute();
    await db.updateTable("products").set({ seo_title: "The Subcommittee Survivor's Tee", product_type: "T-Shirt" }).where("handle", "=", ACTIVE).execute();
    shop.running.gateway.pageCache.clear();
  });

  it("GraphQL answers them; an archived variant is not offered", async () => {
    const { data, errors } = await shop.graphql(`query($h: String!) { product(handle: $h) {
      productType seo { title description } variants { id sku availableForSale image { id url } }
    } }`, { h: ACTIVE });
    expect(errors).toBeUndefined();
    expect(data.product.productType).toBe("T-Shirt");
    expect(data.product.seo).toEqual({ title: "The Subcommittee Survivor's Tee", description: "" });
    const byId = new Map(data.product.variants.map((v: { id: string }) => [v.id, v]));
    expect(byId.has(archived.id)).toBe(false);
    expect(byId.get(chosen.id)).toEqual({ id: chosen.id, sku: "SUB-TEE-2", availableForSale: true, image: { id: image.id, url: image.url } });
    expect(byId.get(soldOut.id)).toEqual({ id: soldOut.id, sku: null, availableForSale: false, image: null });
  });

  it("REST answers availableForSale and sku; an archived variant is not offered", async () => {
    const { body } = await shop.rest(`/api/products/${ACTIVE}`);
    const byId = new Map(body.variants.map((v: { id: string }) => [v.id, v]));
    expect(byId.has(archived.id)).toBe(false);
    expect(byId.get(chosen.id)).toMatchObject({ sku: "SUB-TEE-2", availableForSale: true });
    expect(byId.get(soldOut.id)).toMatchObject({ sku: null, availableForSale: false });
  });

  it("a cart line's variant answers them too", async () => {
    const id = await cartApi(shop).filled([{ variantId: chosen.id, quantity: 1 }]);
    const { data, errors } = await shop.graphql(`query($id: ID!) { cart(id: $id) { lines { edges { node { merchandise { sku availableForSale image { url } } } } } } }`, { id });
    expect(errors).toBeUndefined();
    expect(data.cart.lines.edges[0].node.merchandise).toEqual({ sku: "SUB-TEE-2", availableForSale: true, image: { url: image.url } });
  });

  /** The option values shown chosen (aria-pressed) in a page's option picker. */
  const pressedValues = (html: string) => [...html.matchAll(/<button type="button" aria-pressed="true"[^>]*>([^<]*)<\/button>/g)].map((m) => m[1]);

  it("the page's ?variant= picks the variant on the gateway: its options, its image first, its title from SEO", async () => {
    const { status, html } = await page(`/product/${ACTIVE}?variant=${chosen.id}`);
    expect(status).toBe(200);
    expect(pressedValues(html).sort()).toEqual(chosen.selectedOptions.map((o) => o.value).sort());
    // The gallery opens on the variant's image, and that is the image the page asks for first.
    expect(html).toContain(`<link rel="preload" as="image" href="${image.url}" fetchpriority="high">`);
    expect(/<img [^>]*fetchpriority="high"[^>]*>/i.exec(html)?.[0]).toContain(`src="${image.url}"`);
    expect(html).toContain("<title>The Subcommittee Survivor&#39;s Tee | Satire Supply Co.</title>");
    // The canonical address is the product's own, whichever variant is chosen.
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/product/${ACTIVE}" />`);

    const plain = await page(`/product/${ACTIVE}`);
    expect(pressedValues(plain.html).sort()).toEqual(activeVariants[0]!.selectedOptions.map((o) => o.value).sort());
    expect(plain.html).toContain(`<link rel="preload" as="image" href="${activeImages[0]!.url}" fetchpriority="high">`);
  });

  it("a sold out variant's Add to Cart says Sold Out and is disabled; an unknown or archived ?variant= is the first variant", async () => {
    const { html } = await page(`/product/${ACTIVE}?variant=${soldOut.id}`);
    expect(pressedValues(html).sort()).toEqual(soldOut.selectedOptions.map((o) => o.value).sort());
    expect(html).toMatch(/<button[^>]*disabled=""[^>]*>Sold Out<\/button>/);
    expect(html).not.toContain("Add to Cart</button>");
    for (const variant of [archived.id, "no-such-variant"]) {
      const other = await page(`/product/${ACTIVE}?variant=${variant}`);
      expect(other.status).toBe(200);
      expect(pressedValues(other.html).sort(), variant).toEqual(activeVariants[0]!.selectedOptions.map((o) => o.value).sort());
      expect(other.html).not.toContain("Sold Out");
    }
  });
});

describe("the shop's list queries", () => {
  it("say status = 'ACTIVE' as a literal, so each sort can walk its partial index", async () => {
    const compiled: CompiledQuery[] = [];
    await shop.database.db.transaction().execute(async (trx) => {
      // The seed's catalog is small enough that a sequential scan would always win; forbid it.
      await sql`SET LOCAL enable_seqscan = off`.execute(trx);
      // The list's page is compiled beforehand and sent through executeQuery: seen there.
      const repository = new CatalogRepository(
        new Proxy(trx, {
          get: (target, property) => {
            if (property === "executeQuery") return (query: CompiledQuery) => (compiled.push(query), target.executeQuery(query));
            const value = Reflect.get(target, property) as unknown;
            return typeof value === "function" ? value.bind(target) : value;
          },
        }),
      );
      for (const sort of PRODUCT_SORTS) {
        compiled.length = 0;
        await repository.findProductsPageWithTotal({ sort, search: null, customizable: null }, 12, 0);
        const page = compiled[0]!;
        expect(page.sql, sort).toContain(`"products"."status" = 'ACTIVE'`);
        const plan = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`EXPLAIN ${page.sql}`, [...page.parameters]));
        const text = plan.rows.map((row) => row["QUERY PLAN"]).join("\n");
        const index = { "best-selling": "products_best_selling_idx", newest: "products_newest_idx", "price-low": "products_price_idx", "price-high": "products_price_high_idx" }[sort];
        expect(text, sort).toContain(index);
      }
    });
  });
});
