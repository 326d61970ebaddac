import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { Listen } from "../db/database.js";
import type { CatalogCache } from "./catalog.cache.js";

/** The channel on which a gateway process tells the others that the catalog changed. */
const CATALOG_CHANNEL = "catalog_changed";


/** Tells every gateway process on this database (this one included) that the catalog changed. */
export async function announceCatalogChange(db: Kysely<Database>, origin = "start-up"): Promise<void> {
  await sql`SELECT pg_notify(${CATALOG_CHANNEL}, ${origin})`.execute(db);
}

/**
 * Keeps this process's catalog cache in step with the database: a change made here clears it at
 * once and is announced with NOTIFY; a notice from another process (a paid order there, a new seed
 * at its start-up) clears it here. On PostgreSQL that is what keeps several gateway processes
 * (WORKERS) right; on the embedded database there is only this one.
 */
export class CatalogChanges {
  /** Names this process in its notices, so that it does not clear its cache twice for its own. */
  private readonly origin = randomUUID();

  constructor(
    private readonly cache: CatalogCache,
    private readonly db: Kysely<Database>,
  ) {}

  /** After a change to the catalog has committed: clear here, tell the others. */
  async changed(): Promise<void> {
    this.cache.clear();
    await announceCatalogChange(this.db, this.origin);
  }

  /** Starts listening for other processes' notices; resolves with a function that stops it. */
  subscribe(listen: Listen): Promise<() => Promise<void>> {
    return listen(
      CATALOG_CHANNEL,
      (payload) => {
        if (payload !== this.origin) this.cache.clear();
      },
      () => this.cache.clear(),
    );
  }
}
