import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { JobRepository } from "./job.repository.js";
import type { JobSettings } from "../config.js";
import type { JobRecord, NewJob } from "./job.records.js";

/**
 * The durable job queue: features enqueue work inside the transaction of the change that asks for
 * it (so the work exists exactly when the change does) and read its state for the screens.
 */
export class JobQueue {
  constructor(
    private readonly repository: JobRepository,
    private readonly settings: Pick<JobSettings, "maxAttempts">,
    /** Called after an enqueue outside a transaction, to wake this process's runner. */
    private readonly onEnqueued: () => void = () => undefined,
  ) {}

  /** Adds the job unless one with its dedupe key exists, and wakes this process's runner. */
  async enqueue(job: NewJob): Promise<void> {
    await this.repository.enqueue({ ...job, maxAttempts: job.maxAttempts ?? this.settings.maxAttempts });
    this.onEnqueued();
  }

  /**
   * As enqueue, in the caller's transaction: the job exists exactly when the change that asked for
   * it commits (the runner is not woken here; the order's lifecycle wakes it after the commit).
   */
  async enqueueInTransaction(job: NewJob, trx: Transaction<Database>): Promise<void> {
    await this.repository.enqueueInTransaction({ ...job, maxAttempts: job.maxAttempts ?? this.settings.maxAttempts }, trx);
  }

  /** Queued and finished jobs of `kind` whose payload's `field` holds `value`, except those whose data names `unlessDataKey`, forget it (in the caller's transaction). */
  erasePayloadValueInTransaction(kind: string, field: string, value: string, unlessDataKey: string, trx: Transaction<Database>): Promise<void> {
    return this.repository.erasePayloadValueInTransaction(kind, field, value, unlessDataKey, trx);
  }

  find(dedupeKey: string): Promise<JobRecord | null> {
    return this.repository.findByKey(dedupeKey);
  }

  /** A job read in the caller's transaction. */
  findInTransaction(dedupeKey: string, trx: Transaction<Database>): Promise<JobRecord | null> {
    return this.repository.findByKeyInTransaction(dedupeKey, trx);
  }

  findMany(dedupeKeys: readonly string[]): Promise<JobRecord[]> {
    return this.repository.findByKeys(dedupeKeys);
  }

  /** Makes a FAILED job due again now (attempts start over); null when there is no FAILED job under the key. */
  async retryFailed(dedupeKey: string): Promise<JobRecord | null> {
    const job = await this.repository.requeueFailed(dedupeKey);
    if (job) this.onEnqueued();
    return job;
  }
}
