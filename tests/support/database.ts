import fs from "node:fs";
import { randomBytes } from "node:crypto";
import pg from "pg";
import { inject } from "vitest";
import { openDatabase, type DatabaseHandle } from "../../gateway/db/database.js";
import { migrateToLatest } from "../../gateway/db/migrate.js";
import type { Migration } from "../../gateway/db/migrations/index.js";
import { applySeed } from "../../gateway/seed/seed.js";
import { buildSeedData } from "../../gateway/seed/data/index.js";

export interface TestDatabase extends DatabaseHandle {
  /** Closes the handle and, on PostgreSQL, drops the database. */
  dispose(): Promise<void>;
  /** A postgres:// URL of this database (PostgreSQL runs only). */
  url: string | null;
}

/**
 * A migrated, seeded database of its own for one test file: a copy of the run's PGlite template,
 * or, when TEST_DATABASE_URL is set, a fresh database on that PostgreSQL server.
 */
export async function createTestDatabase(options: { seed?: boolean; migrations?: Migration[] } = {}): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  const seed = options.seed ?? true;
  if (options.migrations && seed) throw new Error("createTestDatabase: a database short of migrations is never seeded");
  if (!serverUrl) {
    const template = inject("pgliteTemplate");
    const handle = seed
      ? await openDatabase({ kind: "pglite", dataDir: null, loadDataDir: new Blob([fs.readFileSync(template)]) })
      : await openDatabase({ kind: "pglite", dataDir: null });
    if (!seed) await migrateToLatest(handle.db, options.migrations);
    return Object.assign(handle, { url: null, dispose: () => handle.close() });
  }

  const name = `storefront_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ kind: "postgres", url: url.toString() });
  await migrateToLatest(handle.db, options.migrations);
  if (seed) await applySeed(handle.db, buildSeedData());
  return Object.assign(handle, {
    url: url.toString(),
    async dispose() {
      await handle.close();
      const dropper = new pg.Client({ connectionString: serverUrl });
      await dropper.connect();
      try {
        await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await dropper.end();
      }
    },
  });
}
