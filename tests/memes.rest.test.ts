import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSeedData } from "../gateway/seed/data/index.js";
import { MEME_PAGE_SIZE } from "../gateway/memes/meme.service.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

const seed = buildSeedData();
let shop: TestGateway;

beforeAll(async () => {
  shop = await startTestGateway();
});
afterAll(async () => {
  await shop?.close();
});

const MEME_KEYS = ["description", "id", "imageUrl", "productHandle", "tags", "title", "unavailableReason"];

describe("GET /api/memes", () => {
  it("pages the gallery newest first with pageInfo.totalPages", async () => {
    const first = await shop.rest("/api/memes?page=1");
    expect(first.status).toBe(200);
    expect(first.body.memes).toHaveLength(MEME_PAGE_SIZE);
    expect(first.body.pageInfo.totalPages).toBe(Math.ceil(seed.memes.length / MEME_PAGE_SIZE));
    expect(first.body.pageInfo.totalPages).toBeGreaterThan(1);
    for (const meme of first.body.memes) expect(Object.keys(meme).sort()).toEqual(MEME_KEYS);

    const all: any[] = [];
    for (let page = 1; page <= first.body.pageInfo.totalPages; page += 1) {
      all.push(...(await shop.rest(`/api/memes?page=${page}`)).body.memes);
    }
    const expected = [...seed.memes].sort((a, b) => Date.parse(b.createdAt) - Date.parse(a.createdAt));
    expect(all.map((m) => m.title)).toEqual(expected.map((m) => m.title));
  });

  it("keeps a meme without a product as productHandle null, saying why in unavailableReason", async () => {
    const all: any[] = [];
    for (let page = 1; page <= 3; page += 1) all.push(...(await shop.rest(`/api/memes?page=${page}`)).body.memes);
    const withoutProduct = all.filter((m) => m.productHandle === null);
    expect(withoutProduct.length).toBe(seed.memes.filter((m) => m.productHandle === null).length);
    for (const meme of withoutProduct) expect(meme.unavailableReason).toBe("This meme isn't available as a product yet.");
    for (const meme of all.filter((m) => m.productHandle !== null)) expect(meme.unavailableReason).toBeNull();
  });

  it.each(["page=99", "page=21474836"])("answers %s, far past the last page, with no memes and the gallery's count", async (query) => {
    const { status, body } = await shop.rest(`/api/memes?${query}`);
    expect(status).toBe(200);
    expect(body.memes).toEqual([]);
    expect(body.pageInfo.totalCount).toBe(seed.memes.length);
  });

  it.each(["page=0", "page=x", "page=-3"])("refuses %s with 400", async (query) => {
    const { status, body } = await shop.rest(`/api/memes?${query}`);
    expect(status).toBe(400);
    expect(body.error).toContain("page");
  });
});

describe("GET /api/featured-meme and /api/meme/{id}", () => {
  it("answers the one featured meme, which /api/meme/{id} also finds", async () => {
    const featured = await shop.rest("/api/featured-meme");
    expect(featured.status).toBe(200);
    expect(featured.body.title).toBe(seed.memes.find((m) => m.featured)!.title);
    const byId = await shop.rest(`/api/meme/${featured.body.id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toEqual(featured.body);
  });

  it.each(["not-an-id", "00000000-0000-4000-8000-000000000000"])("answers 404 for %s", async (id) => {
    const { status, body } = await shop.rest(`/api/meme/${id}`);
    expect(status).toBe(404);
    expect(body.error).toBe("Meme not found");
  });
});
