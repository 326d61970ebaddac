import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../gateway/db/migrate.js";
import { migrations } from "../gateway/db/migrations/index.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

// Collections made before staff ordered them: places given any way (ties, gaps, the index of the
// collection in the product's list). The migration numbers them 1, 2, 3…: the collections as lists
// showed them (place, then handle), a collection's products as shoppers saw them (best sellers first).
describe("collections placed before places were kept dense", () => {
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase({ seed: false, migrations: migrations.filter((m) => m.name < "017") });
  });
  afterAll(async () => {
    await old?.dispose();
  });

  it("are numbered in the order shoppers saw them", async () => {
    await sql`
      INSERT INTO collections (handle, title, position) VALUES ('mugs', 'Mugs', 5), ('hats', 'Hats', 0), ('t-shirts', 'T-Shirts', 0)`.execute(old.db);
    const product = async (handle: string, sales: number) =>
      (
        await sql<{ id: string }>`
          INSERT INTO products (handle, title, fulfillment_partner, price_cents, sales_count) VALUES (${handle}, ${handle}, 'Printer', 1000, ${sales}) RETURNING id`.execute(old.db)
      ).rows[0]!.id;
    const [slow, fast, middle] = [await product("slow-mug", 1), await product("fast-mug", 90), await product("middle-mug", 40)];
    await sql`
      INSERT INTO product_collections (product_id, collection_id, position)
      SELECT p.id, c.id, 0 FROM products p CROSS JOIN collections c WHERE c.handle = 'mugs'`.execute(old.db);

    expect(await migrateToLatest(old.db)).toContain("017-collections-admin");

    const collections = await old.db.selectFrom("collections").select(["handle", "position"]).orderBy("position").execute();
    expect(collections).toEqual([
      { handle: "hats", position: 1 },
      { handle: "t-shirts", position: 2 },
      { handle: "mugs", position: 3 },
    ]);
    const places = await old.db.selectFrom("product_collections").select(["product_id", "position"]).orderBy("position").execute();
    expect(places).toEqual([
      { product_id: fast, position: 1 },
      { product_id: middle, position: 2 },
      { product_id: slow, position: 3 },
    ]);
    // Two products at one place are refused from now on (checked when the change commits).
    await expect(sql`UPDATE product_collections SET position = 1`.execute(old.db)).rejects.toThrow(/product_collections_position_key/);
  });
});
