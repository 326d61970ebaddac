import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export interface LimitCheck {
  allowed: boolean;
  /** Seconds until the oldest counted event leaves the window (when not allowed). */
  retryAfterSeconds: number;
}

/**
 * Counts events per bucket in a sliding window, in the database so every gateway process sees the
 * same counts (DESIGN: nothing another process needs lives in memory).
 */
export class RateLimiter {
  constructor(private readonly db: Kysely<Database>) {}

  async check(bucket: string, limit: number, windowSeconds: number): Promise<LimitCheck> {
    const row = await this.db
      .selectFrom("rate_limit_events")
      .select([sql<number>`count(*)::int`.as("count"), sql<Date | null>`min(created_at)`.as("oldest")])
      .where("bucket", "=", bucket)
      .where("created_at", ">", sql<Date>`now() - make_interval(secs => ${windowSeconds})`)
      .executeTakeFirstOrThrow();
    if (Number(row.count) < limit) return { allowed: true, retryAfterSeconds: 0 };
    const oldest = row.oldest ? new Date(row.oldest).getTime() : Date.now();
    return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((oldest + windowSeconds * 1000 - Date.now()) / 1000)) };
  }

  async record(bucket: string): Promise<void> {
    await this.db.insertInto("rate_limit_events").values({ bucket }).execute();
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
