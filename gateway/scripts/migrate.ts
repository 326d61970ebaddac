// `npm run db:migrate`: applies pending migrations when no server holds the database directory.
import { loadConfig } from "../config.js";
import { openDatabase } from "../db/database.js";
import { lockDataDir } from "../db/data-dir-lock.js";
import { migrateToLatest } from "../db/migrate.js";

try {
  const config = loadConfig();
  const lock = config.databaseUrl ? null : lockDataDir(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl ? { kind: "postgres", url: config.databaseUrl } : { kind: "pglite", dataDir: config.dataDir },
  );
  try {
    const applied = await migrateToLatest(database.db);
    console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
  } finally {
    await database.close();
    lock?.release();
  }
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
