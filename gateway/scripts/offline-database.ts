import type { Kysely } from "kysely";
import type { Config } from "../config.js";
import { openDatabase } from "../db/database.js";
import { lockDataDir } from "../db/data-dir-lock.js";
import { createOwnerOnly } from "../db/data-dir.js";
import type { Database } from "../db/schema.js";

/**
 * For a command that works on the shop's database while no gateway runs (`db:migrate`,
 * `catalog:generate`): DATABASE_URL's, or DATA_DIR's embedded one under its lock (a gateway holding
 * it makes this fail with a clear message), closed and unlocked however `run` ends.
 */
export async function withOfflineDatabase<T>(config: Config, run: (db: Kysely<Database>) => Promise<T>, options: { longStatements?: boolean } = {}): Promise<T> {
  // As the gateway's: what the command creates in DATA_DIR is its owner's only.
  createOwnerOnly();
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  try {
    const database = await openDatabase(
      config.databaseUrl ? { kind: "postgres", url: config.databaseUrl, ...options } : { kind: "pglite", dataDir: config.dataDir },
    );
    try {
      return await run(database.db);
    } finally {
      await database.close();
    }
  } finally {
    lock?.release();
  }
}
