import type { JobSettings } from "../config.js";
import type { JobStateValue } from "../db/schema.js";

type JobState = JobStateValue;

/** One unit of durable work (a row of `jobs`), as the runner and the screens see it. */
export interface JobRecord {
  id: string;
  kind: string;
  payload: Record<string, unknown>;
  state: JobState;
  /** Attempts started so far (a claim counts one, also when the process dies during it). */
  attempts: number;
  maxAttempts: number;
  /** When a PENDING job is due (its next attempt after a failure). */
  runAt: Date;
  lockedUntil: Date | null;
  lockedBy: string | null;
  lastError: string | null;
  result: Record<string, unknown> | null;
  dedupeKey: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface NewJob {
  kind: string;
  payload: Record<string, unknown>;
  /** One job per key, ever: enqueueing a key that exists changes nothing. */
  dedupeKey: string;
  maxAttempts?: number;
  runAt?: Date;
}

/** The wait before attempt `attempts + 1`: exponential, capped, with ±10% jitter so retries of a burst spread out. */
export function retryDelayMs(attempts: number, settings: Pick<JobSettings, "backoffBaseMs" | "backoffMaxMs">, random = Math.random): number {
  const exponential = settings.backoffBaseMs * 2 ** Math.max(0, attempts - 1);
  const capped = Math.min(settings.backoffMaxMs, exponential);
  return Math.round(capped * (0.9 + random() * 0.2));
}

/** A failure that retrying cannot fix (the job is FAILED at once, still retryable by staff). */
export class PermanentJobError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "PermanentJobError";
  }
}
