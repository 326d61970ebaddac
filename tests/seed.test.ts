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

  it("never overwrites what staff changed when the seed changes: fixtures are inserted only when absent", async () => {
    const { db } = database;
    const data = buildSeedData();
    const product = data.products[0]!;
    // Staff edit the product and its first variant's price.
    await db.updateTable("products").set({ title: "Staff's own title" }).where("handle", "=", product.handle).execute();
    const staffVariant = await db
      .selectFrom("variants")
      .innerJoin("products", "products.id", "variants.product_id")
      .select("variants.id")
      .where("products.handle", "=", product.handle)
      .orderBy("variants.position")
      .executeTakeFirstOrThrow();
    await db.updateTable("variants").set({ price_cents: 4242 }).where("id", "=", staffVariant.id).execute();
    const before = await snapshot();

    // A deploy whose seed changed that product, a meme, and the featured meme.
    product.title = `${product.title} (Revised)`;
    product.variants[0]!.priceCents += 100;
    data.memes[0]!.title = "A retitled meme";
    const result = await applySeed(db, data);
    expect(result.applied).toBe(true);
    expect(await snapshot()).toEqual(before);
  });

  it("never resurrects a fixture staff removed, and adds a new one once", async () => {
    const { db } = database;
    const data = buildSeedData();
    const removed = data.products[1]!;
    await db.deleteFrom("products").where("handle", "=", removed.handle).execute();
    await db.deleteFrom("memes").where("key", "=", data.memes[1]!.key).execute();

    const added = structuredClone(data.products[2]!);
    added.handle = "a-brand-new-fixture";
    added.title = "A Brand New Fixture";
    data.products.push(added);
    expect((await applySeed(db, data)).applied).toBe(true);

    const handles = (await db.selectFrom("products").select("handle").execute()).map((r) => r.handle);
    expect(handles).not.toContain(removed.handle);
    expect(handles).toContain("a-brand-new-fixture");
    expect(await db.selectFrom("memes").select("key").where("key", "=", data.memes[1]!.key).execute()).toEqual([]);

    // Staff remove the new one too: the next deploy leaves it removed.
    await db.deleteFrom("products").where("handle", "=", "a-brand-new-fixture").execute();
    data.products[0]!.title = "Another revision";
    await applySeed(db, data);
    expect(await db.selectFrom("products").select("handle").where("handle", "=", "a-brand-new-fixture").execute()).toEqual([]);
  });

  it("leaves the meme of the week to the shop once it has one", async () => {
    const data = buildSeedData();
    const current = data.memes.find((m) => m.featured)!;
    const next = data.memes.find((m) => !m.featured)!;
    current.featured = false;
    next.featured = true;
    await applySeed(database.db, data);
    const featured = await database.db.selectFrom("memes").select("key").where("featured", "=", true).execute();
    expect(featured).toEqual([{ key: current.key }]);
  });
});
