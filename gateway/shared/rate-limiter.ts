import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { RateLimitedError } from "./errors.js";

/** One count a reservation must fit in. */
export interface Quota {
  bucket: string;
  /** Events allowed in the window; a reservation that would be one more is refused. Unset: counted, never refused. */
  limit?: number;
  windowSeconds: number;
  /** Once `after` events are in the window, at most one event per `intervalSeconds` (a slow-down rather than a stop). */
  slowdown?: { after: number; intervalSeconds: number };
}

/**
 * Events counted before the work they limit (a password check, a lookup): kept, they count; a
 * reservation whose work turned out not to be one of the counted events (a right password, a hit)
 * is released.
 */
export interface Reservation {
  release(): Promise<void>;
}

/**
 * A bucket's advisory lock key: 64 bits of the name's SHA-256, as a signed bigint. Computed here
 * rather than with hashtext() so a transaction can take its locks in one agreed order (ascending
 * keys): two reservations sharing two buckets then never wait for each other crosswise.
 */
function lockKey(bucket: string): bigint {
  return createHash("sha256").update(bucket).digest().readBigInt64BE(0);
}

/**
 * Counts events per bucket in a sliding window, in the database so every gateway process sees the
 * same counts (DESIGN: nothing another process needs lives in memory). A reservation counts and
 * inserts in one transaction, holding each of its buckets' advisory locks, so simultaneous requests
 * cannot all pass a count that only one of them should.
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  /** One event in `bucket`, or RATE_LIMITED when `limit` are in the last `windowSeconds` already. */
  take(bucket: string, limit: number, windowSeconds: number): Promise<Reservation> {
    return this.takeAll([{ bucket, limit, windowSeconds }]);
  }

  /**
   * One event in each quota's bucket, all or none: RATE_LIMITED (with the longest wait of the
   * quotas that refused) when any quota is full, and then nothing is counted.
   */
  async takeAll(quotas: readonly Quota[]): Promise<Reservation> {
    const ids = await this.db.transaction().execute(async (trx) => {
      const keys = [...new Set(quotas.map((q) => lockKey(q.bucket)))].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
      for (const key of keys) await sql`SELECT pg_advisory_xact_lock(${key.toString()}::bigint)`.execute(trx);
      // The time once the locks are held (now() would be when the transaction began, before any wait).
      const { at } = (await sql<{ at: Date }>`SELECT clock_timestamp() AS at`.execute(trx)).rows[0]!;
      const now = new Date(at);
      let waitSeconds = 0;
      for (const quota of quotas) waitSeconds = Math.max(waitSeconds, await this.secondsUntilRoom(quota, now, trx));
      if (waitSeconds > 0) throw new RateLimitedError(waitSeconds);
      const rows = await trx
        .insertInto("rate_limit_events")
        .values(quotas.map((q) => ({ bucket: q.bucket, created_at: now })))
        .returning("id")
        .execute();
      return rows.map((r) => r.id);
    });
    return {
      release: async () => {
        await this.db.deleteFrom("rate_limit_events").where("id", "in", ids).execute();
      },
    };
  }

  /** 0 when the quota has room for one more event now, else the seconds until it has. */
  private async secondsUntilRoom(quota: Quota, at: Date, trx: Transaction<Database>): Promise<number> {
    const reach = Math.max(quota.limit ?? 0, quota.slowdown?.after ?? 0);
    if (reach === 0) return 0;
    const newest = await trx
      .selectFrom("rate_limit_events")
      .select("created_at")
      .where("bucket", "=", quota.bucket)
      .where("created_at", ">", new Date(at.getTime() - quota.windowSeconds * 1000))
      .orderBy("created_at", "desc")
      .limit(reach)
      .execute();
    const now = at.getTime();
    const times = newest.map((r) => new Date(r.created_at).getTime());
    const until = (at: number) => Math.max(1, Math.ceil((at - now) / 1000));
    let wait = 0;
    // Full when `limit` events are in the window: room again once the limit-th newest leaves it.
    if (quota.limit !== undefined && times.length >= quota.limit) wait = until(times[quota.limit - 1]! + quota.windowSeconds * 1000);
    // Slowed down once `after` are in the window: room again one interval after the newest.
    const slowdown = quota.slowdown;
    if (slowdown && times.length >= slowdown.after && now - times[0]! < slowdown.intervalSeconds * 1000) {
      wait = Math.max(wait, until(times[0]! + slowdown.intervalSeconds * 1000));
    }
    return wait;
  }

  async clear(bucket: string): Promise<void> {
    await this.db.deleteFrom("rate_limit_events").where("bucket", "=", bucket).execute();
  }

  /** Drops events older than any window we use. */
  async sweep(olderThanSeconds: number): Promise<void> {
    await this.db
      .deleteFrom("rate_limit_events")
      .where("created_at", "<", sql<Date>`now() - make_interval(secs => ${olderThanSeconds})`)
      .execute();
  }
}
