import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applySeed } from "../gateway/seed/seed.js";
import { buildSeedData } from "../gateway/seed/data/index.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

let database: TestDatabase;

beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.dispose();
});

async function snapshot() {
  const { db } = database;
  return {
    products: await db.selectFrom("products").selectAll().orderBy("handle").execute(),
    variants: await db.selectFrom("variants").select(["id", "product_id", "title", "price_cents"]).orderBy("id").execute(),
    memes: await db.selectFrom("memes").selectAll().orderBy("key").execute(),
    collections: await db.selectFrom("collections").selectAll().orderBy("handle").execute(),
  };
}

describe("the seed", () => {
  it("is a believable shop: the issue's collections, enough products and memes, one featured meme", () => {
    const seed = buildSeedData();
    expect(seed.collections.map((c) => c.handle).sort()).toEqual(
      ["accessories", "hats", "home-goods", "mugs", "new-arrivals", "t-shirts"],
    );
    expect(seed.products.length).toBeGreaterThanOrEqual(24);
    expect(seed.memes.length).toBeGreaterThanOrEqual(12);
    expect(seed.memes.filter((m) => m.featured)).toHaveLength(1);
    expect(seed.memes.some((m) => m.productHandle === null)).toBe(true);
    for (const c of seed.collections) expect(seed.products.some((p) => p.collections.includes(c.handle))).toBe(true);
    const shirts = seed.products.filter((p) => p.collections.includes("t-shirts"));
    for (const shirt of shirts) {
      expect(shirt.options.map((o) => o.name)).toEqual(["Size", "Color"]);
      expect(shirt.options[0]!.values).toEqual(["S", "M", "L", "XL", "XXL"]);
      expect(shirt.variants).toHaveLength(5 * shirt.options[1]!.values.length);
    }
    const customizable = new Set(["t-shirts", "mugs", "hats"]);
    for (const p of seed.products) {
      expect(p.customizable).toBe(p.collections.some((c) => customizable.has(c)));
    }
    const paths = new Set(seed.media.map((m) => m.path));
    for (const p of seed.products) for (const img of p.images) expect(paths.has(img.path)).toBe(true);
    for (const m of seed.memes) expect(paths.has(m.imagePath)).toBe(true);
    for (const m of seed.media) expect(m.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);
  });

  it("changes nothing when applied again", async () => {
    const before = await snapshot();
    const result = await applySeed(database.db, buildSeedData());
    expect(result.applied).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it("updates rows by handle when the seed changes, keeping variant ids", async () => {
    const before = await snapshot();
    const data = buildSeedData();
    const product = data.products[0]!;
    product.title = `${product.title} (Revised)`;
    product.variants[0]!.priceCents += 100;
    data.memes[0]!.title = "A retitled meme";
    const result = await applySeed(database.db, data);
    expect(result.applied).toBe(true);

    const after = await snapshot();
    expect(after.products).toHaveLength(before.products.length);
    const row = after.products.find((p) => p.handle === product.handle)!;
    expect(row.title).toBe(product.title);
    expect(after.variants.map((v) => v.id)).toEqual(before.variants.map((v) => v.id));
    expect(after.memes.find((m) => m.key === data.memes[0]!.key)!.title).toBe("A retitled meme");
    expect(after.memes.filter((m) => m.featured)).toHaveLength(1);

    // Back to the real seed, so later assertions in this file see the shop as shipped.
    expect((await applySeed(database.db, buildSeedData())).applied).toBe(true);
  });

  it("moves the featured flag from one meme to another", async () => {
    const data = buildSeedData();
    const current = data.memes.find((m) => m.featured)!;
    const next = data.memes.find((m) => !m.featured)!;
    current.featured = false;
    next.featured = true;
    await applySeed(database.db, data);
    const featured = await database.db.selectFrom("memes").select("key").where("featured", "=", true).execute();
    expect(featured).toEqual([{ key: next.key }]);
  });
});
