import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { compiledOnce, keepingPlan } from "../gateway/db/statement-kinds.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

// Reads marked to keep their plan (statement-kinds.ts keepingPlan) are prepared outside transactions
// too, on both databases; other reads outside a transaction are not. compiledOnce compiles a
// statement once and sends each call's values.
describe("reads that keep their plan", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database?.dispose());

  it("are prepared outside a transaction, and answer as before; an unmarked read is not prepared", async () => {
    // One connection throughout: PostgreSQL prepares statements per connection.
    await database.db.connection().execute(async (db) => {
      const prepared = async () => (await sql<{ statement: string }>`SELECT statement FROM pg_prepared_statements`.execute(db)).rows.map((r) => r.statement);
      const handles = ["i-survived-the-subcommittee-tee", "no-such-product"];
      const kept = db.selectFrom("products").select(["handle", "title as kept_probe"]).where("handle", "in", handles).orderBy("handle");
      const unmarked = db.selectFrom("products").select(["handle", "title as unmarked_probe"]).where("handle", "in", handles).orderBy("handle");
      for (let run = 0; run < 3; run++) {
        const { rows } = await db.executeQuery(keepingPlan(kept));
        expect(rows).toEqual([{ handle: "i-survived-the-subcommittee-tee", kept_probe: expect.any(String) }]);
        expect((await unmarked.execute()).map((r) => r.handle)).toEqual(["i-survived-the-subcommittee-tee"]);
      }
      const statements = await prepared();
      expect(statements.filter((s) => s.startsWith("/* keep plan */") && s.includes('"kept_probe"'))).toHaveLength(1);
      expect(statements.filter((s) => s.includes('"unmarked_probe"'))).toEqual([]);
    });
  });

  it("refuse to mark anything but a read", () => {
    expect(() => keepingPlan(database.db.deleteFrom("products").where("handle", "=", "x"))).toThrow("Only a read keeps its plan");
  });

  it("compiled once answer each call's values, and a value not sent as a parameter is refused", async () => {
    const byPrice = compiledOnce((atLeast: number, limit: number) =>
      database.db.selectFrom("products").select("price_cents").where("price_cents", ">=", atLeast).orderBy("price_cents").orderBy("handle").limit(limit),
    );
    const cheapest = await database.db.executeQuery(byPrice(0, 2));
    const dearest = await database.db.executeQuery(byPrice(5_000, 1));
    expect(cheapest.rows).toHaveLength(2);
    expect(dearest.rows.every((r) => r.price_cents >= 5_000)).toBe(true);
    expect(byPrice(0, 2).sql).toBe(byPrice(5_000, 1).sql);
    const asText = compiledOnce((column: string) => database.db.selectFrom("products").select(sql.raw(String(column)).as("x")));
    expect(() => asText("handle")).toThrow("is not a parameter");
  });
});
