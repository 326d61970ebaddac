import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { LISTENER_APPLICATION_PREFIX, type Listen } from "../db/database.js";
import type { CatalogCache } from "./catalog.cache.js";

/** The channel on which a gateway process tells the others that the catalog changed. */
const CATALOG_CHANNEL = "catalog_changed";
/** The channel on which each process answers that it has dropped its catalog answers for a change. */
const CLEARED_CHANNEL = "catalog_cleared";
/** How long a change waits for the other processes to say they dropped their answers. */
const ACK_TIMEOUT_MS = 2_000;

/** Tells every gateway process on this database (this one included) that the catalog changed. */
export async function announceCatalogChange(db: Kysely<Database>, origin = "start-up"): Promise<void> {
  await sql`SELECT pg_notify(${CATALOG_CHANNEL}, ${origin})`.execute(db);
}

/**
 * Keeps this process's catalog cache in step with the database: a change made here clears it at
 * once and is announced with NOTIFY; a notice from another process (a change by staff there, a
 * paid order, a new seed at its start-up) clears it here, and this process answers that it did.
 * A change made here waits (at most ACK_TIMEOUT_MS) until every other listening process has
 * answered, so when staff see their change saved, the next request on any worker shows it. On the
 * embedded database there is only this process.
 */
export class CatalogChanges {
  /** Names this process in its notices, so that it does not clear its cache twice for its own. */
  private readonly origin = randomUUID();
  /** Changes announced here still waiting for answers: their id → what is left to hear. */
  private readonly waiting = new Map<string, { remaining: number; done: () => void }>();

  constructor(
    private readonly cache: CatalogCache,
    private readonly db: Kysely<Database>,
  ) {}

  /** After a change to the catalog has committed: clear here, tell the others, and wait until they have cleared too. */
  async changed(): Promise<void> {
    this.cache.clear();
    const others = await this.otherListeners();
    const changeId = randomUUID();
    const acknowledged =
      others > 0
        ? new Promise<void>((resolve) => {
            const timer = setTimeout(finish, ACK_TIMEOUT_MS);
            timer.unref();
            const waiting = this.waiting;
            function finish() {
              clearTimeout(timer);
              waiting.delete(changeId);
              resolve();
            }
            this.waiting.set(changeId, { remaining: others, done: finish });
          })
        : Promise.resolve();
    await announceCatalogChange(this.db, `${this.origin}:${changeId}`);
    await acknowledged;
  }

  /** Starts listening for other processes' notices (and their answers to ours); resolves with a function that stops it. */
  async subscribe(listen: Listen): Promise<() => Promise<void>> {
    const stopChanges = await listen(
      CATALOG_CHANNEL,
      (payload) => {
        const [origin, changeId] = payload.split(":");
        if (origin === this.origin) return;
        this.cache.clear();
        if (changeId) sql`SELECT pg_notify(${CLEARED_CHANNEL}, ${changeId})`.execute(this.db).catch(() => undefined);
      },
      () => this.cache.clear(),
    );
    const stopAnswers = await listen(
      CLEARED_CHANNEL,
      (changeId) => {
        const waiting = this.waiting.get(changeId);
        if (waiting && --waiting.remaining <= 0) waiting.done();
      },
      () => undefined,
    );
    return async () => {
      await stopChanges();
      await stopAnswers();
    };
  }

  /** How many other gateway processes listen for catalog changes on this database now (0 on the embedded one). */
  private async otherListeners(): Promise<number> {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM pg_stat_activity
      WHERE application_name = ${LISTENER_APPLICATION_PREFIX + CATALOG_CHANNEL} AND datname = current_database()`.execute(this.db);
    return Math.max(0, Number(rows[0]?.n ?? 0) - 1);
  }
}
