import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSeedData } from "../gateway/seed/data/index.js";
import { buildSearchText } from "../gateway/catalog/search-text.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// The shop search (docs/api.md "Search"): exact matches first, in the chosen sort, then near misses
// (misspelt words), most alike first; on PGlite and, with TEST_DATABASE_URL, on PostgreSQL.

const seed = buildSeedData();
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

const minPrice = (p: (typeof seed.products)[number]) => Math.min(...p.variants.map((v) => v.priceCents));
const bestSelling = (a: (typeof seed.products)[number], b: (typeof seed.products)[number]) => b.salesCount - a.salesCount || a.handle.localeCompare(b.handle);
const priceLow = (a: (typeof seed.products)[number], b: (typeof seed.products)[number]) => minPrice(a) - minPrice(b) || a.handle.localeCompare(b.handle);

/** The seeded products whose search text contains `text`, as the shop searched before near misses. */
const containing = (text: string) => seed.products.filter((p) => buildSearchText(p).includes(text));

async function handles(query: string): Promise<{ handles: string[]; totalPages: number }> {
  const { status, body } = await shop.rest(`/api/products?${query}`);
  expect(status).toBe(200);
  return { handles: body.products.map((p: any) => p.handle), totalPages: body.pageInfo.totalPages };
}

describe("the shop search", () => {
  it("answers a search of the longest length made of 40 misspelt words at once, finding nothing and failing nothing", async () => {
    // 200 characters, the most a search takes: every word a probe of the word list.
    const words = Array.from({ length: 40 }, (_, i) => `fil${String.fromCharCode(97 + (i % 26))}${String.fromCharCode(97 + Math.floor(i / 26))}`);
    const search = words.join(" ").padEnd(200, "x").slice(0, 200);
    const answer = await handles(`search=${encodeURIComponent(search)}`);
    expect(answer.handles).toEqual([]);
    // The shop is as it was: the next search still answers.
    expect((await handles("search=filibustr")).handles).toContain("professional-filibusterer-tee");
  });

  it("finds the filibuster products when “filibuster” is misspelt, over REST and GraphQL", async () => {
    const expected = containing("filibuster").sort(bestSelling).map((p) => p.handle);
    expect(expected).toContain("professional-filibusterer-tee");
    expect(containing("filibustr")).toEqual([]);

    const rest = await handles("search=filibustr&pageSize=100");
    expect(rest.handles).toEqual(expected);

    const { data, errors } = await shop.graphql(`{ products(search: "Filibustr", pageSize: 100) { products { handle } pageInfo { totalCount totalPages } } }`);
    expect(errors).toBeUndefined();
    expect(data.products.products.map((p: any) => p.handle)).toEqual(expected);
    expect(data.products.pageInfo).toMatchObject({ totalCount: expected.length, totalPages: 1 });

    // Misspelt in another way, and two misspelt words out of order.
    expect((await handles("search=fillibuster&pageSize=100")).handles).toEqual(expected);
    expect((await handles(`search=${encodeURIComponent("pilow thrw")}`)).handles).toEqual(["i-yield-my-time-throw-pillow"]);
  });

  it("lists the exact matches first, in the chosen sort, then the near misses", async () => {
    // "filibusterer" is in one product's text; the other filibuster products are near misses.
    const exact = containing("filibusterer");
    expect(exact.map((p) => p.handle)).toEqual(["professional-filibusterer-tee"]);
    const near = containing("filibuster").filter((p) => !exact.includes(p));
    expect(near.length).toBeGreaterThan(1);
    // The exact match is no best seller: it comes first all the same.
    expect([...exact, ...near].sort(bestSelling)[0]).not.toBe(exact[0]);
    expect((await handles("search=filibusterer&pageSize=100")).handles).toEqual([...exact, ...near.sort(bestSelling)].map((p) => p.handle));
    expect((await handles("search=filibusterer&sort=price-low&pageSize=100")).handles).toEqual(
      [...exact, ...near.sort(priceLow)].map((p) => p.handle),
    );

    // A search with many exact matches keeps them, in the same order and on the same pages as before.
    const mugs = containing("mug").sort(priceLow).map((p) => p.handle);
    expect(mugs.length).toBeGreaterThan(3);
    expect((await handles("search=mug&sort=price-low&pageSize=3")).handles).toEqual(mugs.slice(0, 3));
    expect((await handles("search=mug&sort=price-low&pageSize=3&page=2")).handles).toEqual(mugs.slice(3, 6));
  });

  it("ranks the closer near misses first, each group in the chosen sort", async () => {
    // "approvd": "approve", "approved" and "approval" are closer (0.75) than "appropriations" (0.63).
    const closer = containing("approv");
    const farther = containing("appropriations").filter((p) => !closer.includes(p));
    expect(closer.length).toBeGreaterThan(1);
    expect(farther.length).toBeGreaterThan(0);
    for (const [sort, compare] of [
      ["best-selling", bestSelling],
      ["price-low", priceLow],
    ] as const) {
      const { handles: list } = await handles(`search=approvd&sort=${sort}&pageSize=100`);
      expect(list).toEqual([...closer.sort(compare), ...farther.sort(compare)].map((p) => p.handle));
    }
    // Every word there as it is, out of order, is as close as can be; a product with one word only is no match.
    expect((await handles(`search=${encodeURIComponent("mug filibuster")}&pageSize=100`)).handles).toEqual(["filibuster-fuel-mug"]);
    expect((await handles(`search=${encodeURIComponent("congres filibustr")}&pageSize=100`)).handles).toEqual(["professional-filibusterer-tee"]);
  });

  it("finds nothing for nonsense, and reads LIKE wildcards as text", async () => {
    for (const search of ["zzqxnotathing", "qwertyuiop", "e%25e", "e_e", "_"]) {
      const { handles: found, totalPages } = await handles(`search=${search}`);
      expect(found, search).toEqual([]);
      expect(totalPages).toBe(0);
    }
    // "%" finds the texts holding a percent sign, and no other.
    const percent = containing("%").sort(bestSelling).map((p) => p.handle);
    expect(percent.length).toBeLessThan(seed.products.length);
    expect((await handles("search=%25&pageSize=100")).handles).toEqual(percent);
    const { data } = await shop.graphql(`{ products(search: "zzqxnotathing") { products { handle } pageInfo { totalCount } } }`);
    expect(data.products).toEqual({ products: [], pageInfo: { totalCount: 0 } });
  });

  it("pages exact matches and near misses as one list, its size the list's", async () => {
    const all = (await handles("search=filibusterer&pageSize=100")).handles;
    const paged: string[] = [];
    for (let page = 1; page <= all.length + 1; page += 1) {
      const { body } = await shop.rest(`/api/products?search=filibusterer&pageSize=1&page=${page}`);
      expect(body.pageInfo.totalPages).toBe(all.length);
      paged.push(...body.products.map((p: any) => p.handle));
    }
    expect(paged).toEqual(all);

    // The cursor form walks the same list, and counts it the same.
    const walked: string[] = [];
    let after: string | null = null;
    for (;;) {
      const { data, errors }: any = await shop.graphql(
        `query($after: String) { productsConnection(search: "filibusterer", first: 2, after: $after) { edges { node { handle } } pageInfo { totalCount hasNextPage endCursor } } }`,
        { after },
      );
      expect(errors).toBeUndefined();
      expect(data.productsConnection.pageInfo.totalCount).toBe(all.length);
      walked.push(...data.productsConnection.edges.map((e: any) => e.node.handle));
      if (!data.productsConnection.pageInfo.hasNextPage) break;
      after = data.productsConnection.pageInfo.endCursor;
    }
    expect(walked).toEqual(all);

    // With a filter: only the customisable ones, counted the same.
    const customizable = containing("filibuster").filter((p) => p.customizable);
    const { body } = await shop.rest("/api/products?search=filibustr&customizable=true&page=1&pageSize=100");
    expect(body.products.map((p: any) => p.handle).sort()).toEqual(customizable.map((p) => p.handle).sort());
    expect(body.pageInfo.totalPages).toBe(customizable.length > 0 ? 1 : 0);
  });

  it("learns the words a product's text gains, so they too can be misspelt", async () => {
    const before = await handles("search=xylophonc");
    expect(before.handles).toEqual([]);
    const target = seed.products[0]!.handle;
    await sql`UPDATE products SET search_text = search_text || ' xylophonic' WHERE handle = ${target}`.execute(shop.database.db);
    try {
      expect((await handles("search=xylophonc")).handles).toEqual([target]);
    } finally {
      await sql`UPDATE products SET search_text = replace(search_text, ' xylophonic', '') WHERE handle = ${target}`.execute(shop.database.db);
    }
    // The word stays known but finds nothing once no product has it.
    expect((await handles("search=xylophonc")).handles).toEqual([]);
  });
});
