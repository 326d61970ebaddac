import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { RateLimitedError } from "./errors.js";

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

/** What sign-in failures are limited to (the sign-in part of AUTH_* settings). */
interface SignInLimits {
  windowMinutes: number;
  failuresPerEmail: number;
  failuresPerAddress: number;
}

/** One sign-in attempt that passed the limits: say how it ended. */
export interface SignInAttempt {
  failed(): Promise<void>;
  succeeded(): Promise<void>;
}

/**
 * Sign-in through one door (customers' or staff's): failures are counted per email for that door and
 * per client address for every door together (one door's guesses are the other's); a success clears
 * the email's count.
 */
export class SignInThrottle {
  constructor(
    private readonly limiter: RateLimiter,
    private readonly limits: SignInLimits,
    /** Names the door in the email's bucket ("login" for customers, "staff-login" for staff). */
    private readonly door: string,
  ) {}

  /** Refuses with RATE_LIMITED when this email or address failed too often in the window. */
  async begin(email: string, clientAddress: string): Promise<SignInAttempt> {
    const windowSeconds = this.limits.windowMinutes * 60;
    const emailBucket = `${this.door}-fail:email:${email}`;
    const addressBucket = `login-fail:addr:${clientAddress}`;
    for (const [bucket, limit] of [
      [emailBucket, this.limits.failuresPerEmail],
      [addressBucket, this.limits.failuresPerAddress],
    ] as const) {
      const check = await this.limiter.check(bucket, limit, windowSeconds);
      if (!check.allowed) throw new RateLimitedError(check.retryAfterSeconds);
    }
    return {
      failed: async () => {
        await this.limiter.record(emailBucket);
        await this.limiter.record(addressBucket);
      },
      succeeded: () => this.limiter.clear(emailBucket),
    };
  }
}
