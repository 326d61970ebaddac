// The embedded database's Kysely driver (gateway/db/pglite-driver.ts) sends each statement as one
// message, prepares those run in transactions, and parses rows itself. These check that it answers
// exactly what PGlite's own query() answers, that a failed statement leaves nothing behind, that only
// statements run in a transaction keep a plan, and that it keeps a bounded number of them.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { STATEMENT_LIMIT } from "../gateway/db/pglite-driver.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

const pglite = describe.runIf(!process.env.TEST_DATABASE_URL);

pglite("the embedded database's driver", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await sql`CREATE TABLE driver_probe (id int PRIMARY KEY, label text NOT NULL, tags text[], doc jsonb, at timestamptz, price numeric(10, 2), big bigint, ok boolean, raw bytea)`.execute(database.db);
  }, 30_000);
  afterAll(() => database?.close());

  const preparedCount = async () =>
    Number((await database.pglite!.query<{ n: string }>("SELECT count(*)::text AS n FROM pg_prepared_statements")).rows[0]!.n);

  it("answers the same rows and values as PGlite's query(), the second time from the prepared statement", async () => {
    const at = new Date("2026-11-23T20:15:00.123Z");
    await database.db
      .insertInto("driver_probe" as never)
      .values({ id: 1, label: "a", tags: ["x", "y z"], doc: JSON.stringify({ n: 1, list: [true, null] }), at, price: "12.50", big: "9007199254740993", ok: true, raw: Buffer.from([0, 255]) } as never)
      .execute();
    await database.db.insertInto("driver_probe" as never).values({ id: 2, label: "b" } as never).execute();
    const text = "SELECT * FROM driver_probe WHERE id = ANY($1) ORDER BY id";
    const expected = (await database.pglite!.query(text, [[1, 2]])).rows;
    // Outside a transaction (unnamed), then inside one: prepared the first time, run by name the second.
    for (const run of [1, 2, 3]) {
      const check = async (db: typeof database.db) => {
        const { rows } = await sql.raw(text.replace("$1", "ARRAY[1, 2]")).execute(db);
        expect(rows).toEqual(expected);
        const bound = await sql`SELECT * FROM driver_probe WHERE id = ANY(${[1, 2]}) ORDER BY id`.execute(db);
        expect(bound.rows).toEqual(expected);
      };
      if (run === 1) await check(database.db);
      else await database.db.transaction().execute(check);
    }
    expect(expected[0]).toMatchObject({ tags: ["x", "y z"], doc: { n: 1, list: [true, null] }, at, ok: true });
    expect(expected[1]).toMatchObject({ tags: null, doc: null, at: null, raw: null });
  });

  it("counts the rows a write changed", async () => {
    const result = await database.db.updateTable("driver_probe" as never).set({ label: "c" } as never).where("id" as never, "in", [1, 2] as never).executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
    const none = await database.db.deleteFrom("driver_probe" as never).where("id" as never, "=", 99 as never).executeTakeFirst();
    expect(none.numDeletedRows).toBe(0n);
  });

  it("rolls a transaction back after a failed statement and keeps serving", async () => {
    const insert = (id: number) => database.db.insertInto("driver_probe" as never).values({ id, label: "t" } as never).execute();
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto("driver_probe" as never).values({ id: 3, label: "t" } as never).execute();
        await trx.insertInto("driver_probe" as never).values({ id: 1, label: "duplicate" } as never).execute();
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect((await sql`SELECT count(*)::int AS n FROM driver_probe WHERE id = 3`.execute(database.db)).rows).toEqual([{ n: 0 }]);
    await insert(3);
    expect((await sql`SELECT count(*)::int AS n FROM driver_probe WHERE id = 3`.execute(database.db)).rows).toEqual([{ n: 1 }]);
    // A statement that does not parse is refused and not kept.
    const before = await preparedCount();
    await expect(sql`SELECT FROM WHERE nothing`.execute(database.db)).rejects.toMatchObject({ code: "42601" });
    expect(await preparedCount()).toBe(before);
  });

  it("sends BEGIN with the transaction's first statement: a failing first statement, a first statement that is not prepared, an empty transaction, an isolation level", async () => {
    const count = async () => (await sql<{ n: number }>`SELECT count(*)::int AS n FROM driver_probe WHERE id >= 10`.execute(database.db)).rows[0]!.n;
    // The first statement fails: nothing it or a later one did is kept, and the next transaction is a fresh one.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await trx.insertInto("driver_probe" as never).values({ id: 1, label: "duplicate" } as never).execute();
      }),
    ).rejects.toMatchObject({ code: "23505" });
    expect(database.pglite!.isInTransaction()).toBe(false);
    // The first statement is one that is not prepared (DDL goes through PGlite's query()): still inside the transaction, so rolled back with it.
    await expect(
      database.db.transaction().execute(async (trx) => {
        await sql`CREATE TABLE driver_probe_tx (id int)`.execute(trx);
        await trx.insertInto("driver_probe" as never).values({ id: 10, label: "t" } as never).execute();
        throw new Error("undo");
      }),
    ).rejects.toThrow("undo");
    expect((await sql<{ t: string | null }>`SELECT to_regclass('driver_probe_tx')::text AS t`.execute(database.db)).rows[0]!.t).toBeNull();
    expect(await count()).toBe(0);
    // No statement at all, then one under an isolation level.
    await database.db.transaction().execute(async () => {});
    expect(database.pglite!.isInTransaction()).toBe(false);
    await database.db
      .transaction()
      .setIsolationLevel("serializable")
      .execute(async (trx) => {
        const { rows } = await sql<{ level: string }>`SELECT current_setting('transaction_isolation') AS level`.execute(trx);
        expect(rows[0]!.level).toBe("serializable");
        await trx.insertInto("driver_probe" as never).values({ id: 10, label: "t" } as never).execute();
      });
    expect(await count()).toBe(1);
    expect(database.pglite!.isInTransaction()).toBe(false);
  });

  it("prepares only statements run in a transaction, and at most " + STATEMENT_LIMIT, async () => {
    const before = await preparedCount();
    for (let i = 0; i < 30; i++) await sql`SELECT ${i}::int AS n`.execute(database.db);
    for (let i = 0; i < 30; i++) await sql.raw(`SELECT ${i} AS outside`).execute(database.db);
    expect(await preparedCount()).toBe(before);
    await database.db.transaction().execute(async (trx) => {
      for (let i = 0; i < STATEMENT_LIMIT + 20; i++) await sql.raw(`SELECT ${i} AS n`).execute(trx);
    });
    expect(await preparedCount()).toBe(STATEMENT_LIMIT);
    expect((await sql.raw(`SELECT 7 AS n`).execute(database.db)).rows).toEqual([{ n: 7 }]);
  });
});
