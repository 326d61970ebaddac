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

const PRODUCT_FIELDS = `
  id handle title description tags fulfillmentPartner rating reviewCount customizable createdAt
  price { amount currencyCode } compareAtPrice { amount currencyCode }
  featuredImage { url altText }
  images { id url altText }
  options { name values }
  variants { id title price { amount } compareAtPrice { amount } selectedOptions { name value } product { handle } }
  collections { handle title }
`;

describe("products", () => {
  it("pages with the same default size and order as REST", async () => {
    const { data, errors } = await shop.graphql(`{ products { products { id handle } pageInfo { totalPages totalCount currentPage hasNextPage } } }`);
    expect(errors).toBeUndefined();
    const rest = await shop.rest("/api/products");
    expect(data.products.products).toHaveLength(PRODUCT_PAGE_SIZE);
    expect(data.products.products.map((p: any) => p.id)).toEqual(rest.body.products.map((p: any) => p.id));
    expect(data.products.pageInfo).toMatchObject({ totalPages: rest.body.pageInfo.totalPages, totalCount: seed.products.length, currentPage: 1, hasNextPage: true });
  });

  it("sorts, searches and filters through arguments", async () => {
    const { data } = await shop.graphql(
      `query($s: ProductSortKey!, $q: String) { products(sort: $s, search: $q, customizable: true, pageSize: 100) { products { handle customizable price { amount } } } }`,
      { s: "PRICE_HIGH", q: null },
    );
    const prices = data.products.products.map((p: any) => Number(p.price.amount));
    expect(prices).toEqual([...prices].sort((a, b) => b - a));
    expect(data.products.products.every((p: any) => p.customizable)).toBe(true);
  });

  it("lists every customizable product with customizableProducts, the same as REST's ?customizable=true", async () => {
    const { data, errors } = await shop.graphql(`{ customizableProducts { handle customizable } }`);
    expect(errors).toBeUndefined();
    const rest = await shop.rest("/api/products?customizable=true");
    expect(data.customizableProducts.map((p: any) => p.handle)).toEqual(rest.body.products.map((p: any) => p.handle));
    expect(data.customizableProducts).toHaveLength(seed.products.filter((p) => p.customizable).length);
    expect(data.customizableProducts.every((p: any) => p.customizable)).toBe(true);
  });

  it("answers BAD_USER_INPUT naming the argument for a bad page or search", async () => {
    const page = await shop.graphql(`{ products(page: 0) { products { id } } }`);
    expect(page.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "page" });
    const search = await shop.graphql(`query($q: String) { products(search: $q) { products { id } } }`, { q: "x".repeat(201) });
    expect(search.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "search" });
    const sort = await shop.graphql(`{ products(sort: CHEAPEST) { products { id } } }`);
    expect(sort.status).toBe(400);
  });

  it("walks the whole catalog through the cursor connection", async () => {
    const seen: string[] = [];
    let after: string | null = null;
    for (let i = 0; i < 20; i += 1) {
      const { data, errors }: { data: any; errors?: any[] } = await shop.graphql(
        `query($after: String) { productsConnection(first: 7, after: $after) { edges { cursor node { handle } } nodes { handle } pageInfo { hasNextPage endCursor totalCount } } }`,
        { after },
      );
      expect(errors).toBeUndefined();
      const conn: any = data.productsConnection;
      seen.push(...conn.edges.map((e: any) => e.node.handle));
      expect(conn.nodes.map((n: any) => n.handle)).toEqual(conn.edges.map((e: any) => e.node.handle));
      if (!conn.pageInfo.hasNextPage) break;
      after = conn.pageInfo.endCursor;
    }
    expect(seen).toHaveLength(seed.products.length);
    expect(new Set(seen).size).toBe(seed.products.length);
    const bad = await shop.graphql(`{ productsConnection(after: "bogus") { nodes { id } } }`);
    expect(bad.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "after" });
  });
});

describe("product", () => {
  it("finds one product by handle and by the id REST shows, with every field", async () => {
    const shirt = seed.products.find((p) => p.options.length === 2)!;
    const rest = await shop.rest(`/api/products/${shirt.handle}`);
    const byHandle = await shop.graphql(`query($h: String) { product(handle: $h) { ${PRODUCT_FIELDS} } }`, { h: shirt.handle });
    expect(byHandle.errors).toBeUndefined();
    const product = byHandle.data.product;
    expect(product.id).toBe(rest.body.id);
    expect(product.variants).toHaveLength(shirt.variants.length);
    expect(product.variants[0].product.handle).toBe(shirt.handle);
    expect(product.variants[0].selectedOptions).toEqual(shirt.variants[0]!.selectedOptions);
    expect(product.price.currencyCode).toBe("USD");
    expect(product.price.amount).toMatch(/^\d+\.\d{2}$/);
    expect(product.featuredImage.url).toBe(product.images[0].url);
    const byId = await shop.graphql(`query($id: ID) { product(id: $id) { ${PRODUCT_FIELDS} } }`, { id: rest.body.id });
    expect(byId.data.product).toEqual(product);
  });

  it("answers null for an id or handle that names nothing", async () => {
    for (const variables of [{ id: "nope" }, { id: "00000000-0000-4000-8000-000000000000" }, { handle: "no-such-thing" }]) {
      const { data, errors } = await shop.graphql(`query($id: ID, $handle: String) { product(id: $id, handle: $handle) { id } }`, variables);
      expect(errors).toBeUndefined();
      expect(data.product).toBeNull();
    }
  });

  it("shows a product without options with one Default Title variant", async () => {
    const simple = seed.products.find((p) => p.options.length === 0)!;
    const { data } = await shop.graphql(`query($h: String) { product(handle: $h) { options { name } variants { title } } }`, { h: simple.handle });
    expect(data.product.options).toEqual([]);
    expect(data.product.variants).toEqual([{ title: "Default Title" }]);
  });

  it("answers only the first variants with variants(first), and BAD_USER_INPUT for a size out of 1–100", async () => {
    const shirt = seed.products.find((p) => p.variants.length > 2)!;
    const query = `query($h: String, $n: Int) { product(handle: $h) { all: variants { id } firstOnes: variants(first: $n) { id } } }`;
    const { data, errors } = await shop.graphql(query, { h: shirt.handle, n: 2 });
    expect(errors).toBeUndefined();
    expect(data.product.all).toHaveLength(shirt.variants.length);
    expect(data.product.firstOnes).toEqual(data.product.all.slice(0, 2));
    for (const n of [0, 101]) {
      const refused = await shop.graphql(query, { h: shirt.handle, n });
      expect(refused.errors?.[0].extensions).toMatchObject({ code: "BAD_USER_INPUT", field: "first" });
    }
  });
});

describe("featuredProducts, relatedProducts, collections", () => {
  it("answers the same lists as REST", async () => {
    const handle = seed.products.find((p) => p.collections.includes("mugs"))!.handle;
    const { data, errors } = await shop.graphql(
      `query($h: String!) { featuredProducts { id } relatedProducts(handle: $h) { id } unknown: relatedProducts(handle: "nope") { id } collections { id handle title description image { url } } }`,
      { h: handle },
    );
    expect(errors).toBeUndefined();
    expect(data.featuredProducts.map((p: any) => p.id)).toEqual((await shop.rest("/api/products/featured")).body.map((p: any) => p.id));
    expect(data.relatedProducts.map((p: any) => p.id)).toEqual((await shop.rest(`/api/products/related/${handle}`)).body.map((p: any) => p.id));
    expect(data.unknown).toEqual([]);
    expect(data.collections.map((c: any) => c.handle)).toEqual((await shop.rest("/api/collections")).body.map((c: any) => c.handle));
  });

  it("answers a collection with its products, and null for an unknown one", async () => {
    const { data } = await shop.graphql(`{ collection(handle: "hats") { handle products { handle } } missing: collection(handle: "nope") { id } }`);
    expect(data.collection.products.map((p: any) => p.handle).sort()).toEqual(
      seed.products.filter((p) => p.collections.includes("hats")).map((p) => p.handle).sort(),
    );
    expect(data.missing).toBeNull();
  });
});

describe("memes", () => {
  it("pages memes, finds one by id, and answers the featured meme with its product", async () => {
    const { data, errors } = await shop.graphql(
      `{ memes { memes { id title imageUrl tags productHandle } pageInfo { totalPages } } featuredMeme { id featured title product { handle } } }`,
    );
    expect(errors).toBeUndefined();
    const rest = await shop.rest("/api/memes?page=1");
    expect(data.memes.memes.map((m: any) => m.id)).toEqual(rest.body.memes.map((m: any) => m.id));
    expect(data.memes.pageInfo.totalPages).toBe(rest.body.pageInfo.totalPages);
    expect(data.featuredMeme.featured).toBe(true);
    const featuredSeed = seed.memes.find((m) => m.featured)!;
    expect(data.featuredMeme.product?.handle ?? null).toBe(featuredSeed.productHandle);
    const one = await shop.graphql(`query($id: ID!) { meme(id: $id) { title } }`, { id: data.featuredMeme.id });
    expect(one.data.meme.title).toBe(data.featuredMeme.title);
    const none = await shop.graphql(`{ meme(id: "garbage") { id } }`);
    expect(none.data.meme).toBeNull();
  });
});

describe("the endpoint", () => {
  it("answers introspection and shows Apollo Sandbox to a browser", async () => {
    const { data } = await shop.graphql(`{ __schema { queryType { name } } }`);
    expect(data.__schema.queryType.name).toBe("Query");
    const page = await fetch(`${shop.url}/graphql`, { headers: { accept: "text/html" } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("embeddable-sandbox");
  });

  it("keeps CSRF prevention on: a simple form post is refused", async () => {
    const res = await fetch(`${shop.url}/graphql`, {
      method: "POST",
      headers: { "content-type": "text/plain" },
      body: JSON.stringify({ query: "{ collections { id } }" }),
    });
    expect(res.status).toBe(400);
  });

  it("masks unexpected failures as Internal error with a request id", async () => {
    const broken = await startTestGateway();
    // An unexpected failure inside a service (a bug), not an expected domain error.
    broken.running.gateway.services.catalog.collections = async () => {
      throw new Error("relation \"collections\" exploded in /srv/secret/path");
    };
    const { data, errors } = await broken.graphql(`{ collections { id } }`);
    expect(data).toBeNull();
    expect(errors?.[0].message).toBe("Internal error");
    expect(errors?.[0].extensions.requestId).toBeTruthy();
    expect(JSON.stringify(errors)).not.toContain("secret");
    expect(broken.logs.some((l) => l.includes(errors?.[0].extensions.requestId))).toBe(true);
    await broken.close();
  });

  it("answers SERVICE_UNAVAILABLE with 503 while the database does not answer", async () => {
    const broken = await startTestGateway();
    await broken.database.close();
    const { status, data, errors } = await broken.graphql(`{ collections { id } }`);
    expect(status).toBe(503);
    expect(data).toBeNull();
    expect(errors?.[0]).toMatchObject({ message: "The shop's database is unavailable; please try again shortly", extensions: { code: "SERVICE_UNAVAILABLE" } });
    expect(JSON.stringify(errors)).not.toContain("PGlite");
    expect((await broken.rest("/healthz")).status).toBe(503);
    expect((await broken.rest("/api/collections")).status).toBe(503);
    await broken.close();
  });
});
