// `npm run db:migrate`: applies pending migrations when no server holds the database directory.
import { loadConfig } from "../config.js";
import { migrateToLatest } from "../db/migrate.js";
import { withOfflineDatabase } from "./offline-database.js";

try {
  const applied = await withOfflineDatabase(loadConfig(), migrateToLatest);
  console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
