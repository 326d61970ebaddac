import { sql, type Kysely } from "kysely";
import type { Database } from "./schema.js";
import { migrations as allMigrations, type Migration } from "./migrations/index.js";

// Arbitrary constant: serialises migrations when several gateway processes start on one PostgreSQL.
const MIGRATION_LOCK_KEY = 727_001;

/** Applies the migrations not yet recorded in schema_migrations, each in its own transaction. */
export async function migrateToLatest(
  db: Kysely<Database>,
  migrations: Migration[] = allMigrations,
): Promise<string[]> {
  await sql`
    CREATE TABLE IF NOT EXISTS schema_migrations (
      name text PRIMARY KEY,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // Start-up on an existing database: one statement finds everything applied (no transaction and
  // lock per migration).
  const done = await db.selectFrom("schema_migrations").select("name").execute();
  const doneNames = new Set(done.map((row) => row.name));
  if (migrations.every((migration) => doneNames.has(migration.name))) return [];

  const applied: string[] = [];
  for (const migration of migrations) {
    const ran = await db.transaction().execute(async (trx) => {
      await sql`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK_KEY})`.execute(trx);
      const done = await trx
        .selectFrom("schema_migrations")
        .select("name")
        .where("name", "=", migration.name)
        .executeTakeFirst();
      if (done) return false;
      await migration.up(trx as unknown as Kysely<unknown>);
      await trx.insertInto("schema_migrations").values({ name: migration.name }).execute();
      return true;
    });
    if (ran) applied.push(migration.name);
  }
  return applied;
}
