import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// A product list costs a fixed number of SQL round trips whatever its size (batch loading, no N+1).
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway();
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

  it("is fixed for a collection with its products", async () => {
    const count = await queriesFor(() => shop.rest("/api/collections/t-shirts"));
    expect(count).toBeLessThanOrEqual(6);
  });
});
