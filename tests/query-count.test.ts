import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// A product list costs a fixed number of SQL round trips whatever its size (batch loading, no N+1).
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway();
  // The periodic sweeper's statements would land in whichever count is running 5 s after start.
  shop.running.gateway.stopBackgroundWork();
});
afterAll(async () => {
  await shop?.close();
});

async function queriesFor(run: () => Promise<unknown>): Promise<number> {
  const before = shop.database.queryCount;
  await run();
  return shop.database.queryCount - before;
}

const LIST = `query($n: Int!) { products(pageSize: $n) { products {
  id title price { amount } images { url } featuredImage { url } options { name values }
  variants { id title product { id } } collections { handle }
} pageInfo { totalPages } } }`;

describe("round trips per product list", () => {
  it("is the same for 2, 12 and 30 products over GraphQL", async () => {
    await shop.graphql(LIST, { n: 1 }); // the list's size is counted once per catalog version (see below)
    const counts = [];
    for (const n of [2, 12, 30]) counts.push(await queriesFor(() => shop.graphql(LIST, { n })));
    expect(counts[0]).toBeLessThanOrEqual(7);
    expect(new Set(counts).size).toBe(1);
  });

  it("is the same for 2, 12 and 30 products over REST", async () => {
    const counts = [];
    for (const n of [2, 12, 30]) counts.push(await queriesFor(() => shop.rest(`/api/products?pageSize=${n}`)));
    expect(counts[0]).toBeLessThanOrEqual(6);
    expect(new Set(counts).size).toBe(1);
  });

  it("is the same for 2, 6 and 12 customisable products with their print areas and blank mock-ups", async () => {
    const STUDIO = `query($n: Int!) { products(pageSize: $n, customizable: true) { products {
      id printArea { x y width height widthInches heightInches printWidthPx printHeightPx } mockups { color url width height }
    } } }`;
    await shop.graphql(STUDIO, { n: 1 }); // the list's size is counted once per catalog version
    const counts = [];
    for (const n of [2, 6, 12]) {
      counts.push(
        await queriesFor(async () => {
          const res = await shop.graphql(STUDIO, { n });
          expect(res.errors).toBeUndefined();
          expect(res.data.products.products).toHaveLength(n);
          for (const product of res.data.products.products) expect(product.mockups.length).toBeGreaterThan(0);
        }),
      );
    }
    expect(counts[0]).toBeLessThanOrEqual(3);
    expect(new Set(counts).size).toBe(1);
  });

  it("is fixed for a collection with its products", async () => {
    const count = await queriesFor(() => shop.rest("/api/collections/t-shirts"));
    expect(count).toBeLessThanOrEqual(6);
  });
});

// The four request shapes of the side-by-side benchmark (../shared/bench/vendure, bench/catalog.bench.ts).
// Statements are counted as the database receives them: BEGIN and COMMIT count.
// Everything a cart answer carries, to compare an add's answer with a fresh read.
const CART_FIELDS = `
  id checkoutUrl totalQuantity createdAt updatedAt
  cost { subtotalAmount { amount currencyCode } totalAmount { amount currencyCode } }
  lines { edges { cursor node {
    id quantity attributes { key value }
    cost { amountPerQuantity { amount } subtotalAmount { amount } totalAmount { amount } }
    merchandise { id title price { amount currencyCode } product { handle title featuredImage { url } } }
  } } }`;

describe("statements per benchmark request", () => {
  const A = `query { products(pageSize: 24) { pageInfo { totalCount } products { id title handle featuredImage { url } variants { id title price { amount currencyCode } } } } }`;

  async function steady(query: string): Promise<number> {
    await shop.graphql(query); // first: the list's size is counted once per catalog version
    const counts = [];
    for (let i = 0; i < 3; i++) {
      counts.push(
        await queriesFor(async () => {
          const res = await shop.graphql(query);
          expect(res.errors).toBeUndefined();
        }),
      );
    }
    expect(new Set(counts).size).toBe(1);
    return counts[0]!;
  }

  it("a: 24 products with featured image and variants, at most 2 (the page, then all relations at once)", async () => {
    expect(await steady(A)).toBeLessThanOrEqual(2);
  });

  it("b: one product with variants, options and collections, at most 2", async () => {
    const list = await shop.graphql(`{ products(pageSize: 30) { products { handle variants { id } options { name } } } }`);
    const product = list.data.products.products.find((p: any) => p.variants.length > 2 && p.options.length > 1);
    expect(product).toBeTruthy();
    const b = `query { product(handle: "${product.handle}") { id title handle description featuredImage { url } variants { id title price { amount currencyCode } selectedOptions { name value } } options { name values } collections { id title handle } } }`;
    expect(await steady(b)).toBeLessThanOrEqual(2);
  });

  it("c: all collections, 1", async () => {
    expect(await steady(`query { collections { id title handle } }`)).toBe(1);
  });

  it("d: one unit more of a line the cart holds, at most 4 (BEGIN, lock and read, write, COMMIT), and the answer is right", async () => {
    const list = await shop.graphql(`{ products(pageSize: 2) { products { variants { id } } } }`);
    const [first, second] = list.data.products.products.map((p: any) => p.variants[0].id);
    const created = await shop.graphql(
      `mutation($lines: [CartLineInput!]!) { cartCreate(input: { lines: $lines }) { cart { id } userErrors { message } } }`,
      { lines: [{ merchandiseId: second, quantity: 2 }] },
    );
    const cartId = created.data.cartCreate.cart.id;
    const add = `mutation { cartLinesAdd(cartId: ${JSON.stringify(cartId)}, lines: [{ merchandiseId: ${JSON.stringify(first)}, quantity: 1 }]) {
      cart { ${CART_FIELDS} } userErrors { code message } } }`;
    // The benchmark's request (what it asks back is what ../shared/bench/vendure/sxs.js asks).
    const d = `mutation { cartLinesAdd(cartId: ${JSON.stringify(cartId)}, lines: [{ merchandiseId: ${JSON.stringify(first)}, quantity: 1 }]) {
      cart { id totalQuantity } userErrors { code message } } }`;
    await shop.graphql(d); // adds the line; each call below adds one unit to it
    const counts = [];
    for (let i = 0; i < 3; i++) counts.push(await queriesFor(() => shop.graphql(d)));
    expect(counts.every((c) => c <= 4)).toBe(true);

    // What the add answered is what a fresh read shows.
    const answered = (await shop.graphql(add)).data.cartLinesAdd;
    expect(answered.userErrors).toEqual([]);
    expect(answered.cart.totalQuantity).toBe(2 + 5);
    const read = await shop.graphql(`query { cart(id: ${JSON.stringify(cartId)}) { ${CART_FIELDS} } }`);
    expect(answered.cart).toEqual(read.data.cart);
    expect(read.data.cart.lines.edges.map((e: any) => [e.node.merchandise.id, e.node.quantity])).toEqual([
      [second, 2],
      [first, 5],
    ]);
  });
});

describe("statements per page query", () => {
  it("shop: none for the cart's line limit, which every Add to Cart reads; the shipping terms once however many fields ask", async () => {
    expect(await queriesFor(async () => expect((await shop.graphql(`{ shop { maxLineQuantity googleSignIn } }`)).errors).toBeUndefined())).toBe(0);
    let answer: any;
    const terms = await queriesFor(async () => {
      answer = await shop.graphql(`{ shop { freeShippingThreshold { amount } freeShipping { threshold { amount } standingThreshold { amount } } shippingRates { handle freeAtOrAbove { amount } } maxLineQuantity } }`);
    });
    expect(answer.errors).toBeUndefined();
    expect(terms).toBe(2); // the standing threshold and the running offers
    expect(answer.data.shop.freeShipping.threshold).toEqual(answer.data.shop.freeShippingThreshold);
    expect(answer.data.shop.shippingRates.find((rate: any) => rate.handle === "standard").freeAtOrAbove).toEqual(answer.data.shop.freeShippingThreshold);
  });

  it("the meme gallery: a page and its count in one statement, the count right past the last page too", async () => {
    const gallery = `query($page: Int!) { memes(page: $page) { memes { id title imageUrl productHandle availability } pageInfo { currentPage totalPages totalCount } } }`;
    let first: any;
    expect(await queriesFor(async () => (first = await shop.graphql(gallery, { page: 1 })))).toBe(1);
    expect(first.errors).toBeUndefined();
    const { totalCount, totalPages } = first.data.memes.pageInfo;
    expect(totalCount).toBeGreaterThan(0);
    expect(first.data.memes.memes.length).toBeGreaterThan(0);
    // Past the last page, up to GraphQL's largest Int (its offset is past a 32-bit integer): empty, with the count.
    for (const page of [totalPages + 1, 2_147_483_647]) {
      const past = await shop.graphql(gallery, { page });
      expect(past.errors).toBeUndefined();
      expect(past.data.memes.memes).toEqual([]);
      expect(past.data.memes.pageInfo.totalCount).toBe(totalCount);
    }
  });
});

describe("the size of a filtered list", () => {
  it("is counted once per filter and catalog version, and again after the catalog changes", async () => {
    const page = () => shop.rest<{ pageInfo: { totalCount: number } }>("/api/products?search=mug&pageSize=1");
    const before = (await page()).body.pageInfo.totalCount;
    expect(before).toBeGreaterThan(0);
    const cached = await queriesFor(page);

    const source = await shop.database.db.selectFrom("products").selectAll().where("search_text", "like", "%mug%").executeTakeFirstOrThrow();
    const { id: _id, created_at: _created, ...copy } = source;
    await shop.database.db.insertInto("products").values({ ...copy, handle: `${source.handle}-count-test` }).execute();
    const recount = await queriesFor(async () => expect((await page()).body.pageInfo.totalCount).toBe(before + 1));
    expect(recount).toBe(cached + 1);
    expect(await queriesFor(page)).toBe(cached);

    await sql`DELETE FROM products WHERE handle = ${`${source.handle}-count-test`}`.execute(shop.database.db);
    expect((await page()).body.pageInfo.totalCount).toBe(before);
  });
});
