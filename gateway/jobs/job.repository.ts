import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, JobTable } from "../db/schema.js";
import type { JobRecord, NewJob } from "./job.records.js";

type JobRow = Selectable<JobTable>;

const JOB_COLUMNS = [
  "id",
  "kind",
  "payload",
  "state",
  "attempts",
  "max_attempts",
  "run_at",
  "locked_until",
  "locked_by",
  "last_error",
  "result",
  "dedupe_key",
  "created_at",
  "updated_at",
] as const;

const date = (value: Date | string) => new Date(value);

function toJob(row: JobRow): JobRecord {
  return {
    id: row.id,
    kind: row.kind,
    payload: row.payload,
    state: row.state,
    attempts: row.attempts,
    maxAttempts: row.max_attempts,
    runAt: date(row.run_at),
    lockedUntil: row.locked_until ? date(row.locked_until) : null,
    lockedBy: row.locked_by,
    lastError: row.last_error,
    result: row.result,
    dedupeKey: row.dedupe_key,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/** Error texts are kept short: they are shown on the order and logged, never a stack. */
const clip = (text: string) => (text.length > 1000 ? `${text.slice(0, 997)}...` : text);

export class JobRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the job unless its dedupe key exists, on its own. */
  async enqueue(job: NewJob & { maxAttempts: number }): Promise<void> {
    await this.insert(job, this.db);
  }

  /** As enqueue, in the caller's transaction: the job commits with the change that asked for it. */
  async enqueueInTransaction(job: NewJob & { maxAttempts: number }, trx: Transaction<Database>): Promise<void> {
    await this.insert(job, trx);
  }

  private async insert(job: NewJob & { maxAttempts: number }, executor: Kysely<Database>): Promise<void> {
    await executor
      .insertInto("jobs")
      .values({
        kind: job.kind,
        payload: JSON.stringify(job.payload),
        max_attempts: job.maxAttempts,
        run_at: job.runAt ?? sql<Date>`now()`,
        dedupe_key: job.dedupeKey,
      })
      .onConflict((oc) => oc.column("dedupe_key").doNothing())
      .execute();
  }

  /**
   * Jobs of `kind` whose payload's `field` is `value`, and whose payload's data names no
   * `unlessDataKey`, forget that value (it becomes ""), in the caller's transaction.
   */
  async erasePayloadValueInTransaction(kind: string, field: string, value: string, unlessDataKey: string, trx: Transaction<Database>): Promise<void> {
    await sql`UPDATE jobs SET payload = jsonb_set(payload, ARRAY[${field}]::text[], '""'), updated_at = now()
      WHERE kind = ${kind} AND payload->>${field} = ${value} AND NOT coalesce(payload->'data' ? ${unlessDataKey}, false)`.execute(trx);
  }

  /** The same, read in the caller's transaction. */
  async findByKeyInTransaction(dedupeKey: string, trx: Transaction<Database>): Promise<JobRecord | null> {
    const row = await trx.selectFrom("jobs").select(JOB_COLUMNS).where("dedupe_key", "=", dedupeKey).executeTakeFirst();
    return row ? toJob(row) : null;
  }

  async findByKey(dedupeKey: string): Promise<JobRecord | null> {
    const row = await this.db.selectFrom("jobs").select(JOB_COLUMNS).where("dedupe_key", "=", dedupeKey).executeTakeFirst();
    return row ? toJob(row) : null;
  }

  async findByKeys(keys: readonly string[]): Promise<JobRecord[]> {
    if (keys.length === 0) return [];
    const rows = await this.db.selectFrom("jobs").select(JOB_COLUMNS).where("dedupe_key", "in", keys).execute();
    return rows.map(toJob);
  }

  /**
   * Takes the next due job for `workerId`: a PENDING one whose time has come, or a RUNNING one whose
   * lock ran out (its runner died). `FOR UPDATE SKIP LOCKED` lets every gateway process claim at
   * once without two taking the same row. The claim counts an attempt and locks the job for `lockMs`.
   */
  async claimNext(workerId: string, lockMs: number, kinds: readonly string[]): Promise<JobRecord | null> {
    if (kinds.length === 0) return null;
    // A job whose last attempt died with it and that has no attempts left is given up first.
    await sql`
      UPDATE jobs SET state = 'FAILED', locked_by = NULL, locked_until = NULL, updated_at = now(),
        last_error = coalesce(last_error || ' / ', '') || 'the last attempt did not finish (its process stopped)'
      WHERE state = 'RUNNING' AND locked_until < now() AND attempts >= max_attempts`.execute(this.db);
    const claimed = await sql<JobRow>`
      UPDATE jobs SET state = 'RUNNING', attempts = attempts + 1, locked_by = ${workerId},
        locked_until = now() + ${lockMs} * interval '1 millisecond', updated_at = now()
      WHERE id = (
        SELECT id FROM jobs
        WHERE kind IN (${sql.join([...kinds])})
          AND ((state = 'PENDING' AND run_at <= now()) OR (state = 'RUNNING' AND locked_until < now()))
        ORDER BY run_at
        LIMIT 1
        FOR UPDATE SKIP LOCKED
      )
      RETURNING ${sql.join(JOB_COLUMNS.map((c) => sql.ref(c)))}`.execute(this.db);
    const row = claimed.rows[0];
    return row ? toJob(row) : null;
  }

  /** Finishes a claimed job; false when this worker no longer holds it (its lock ran out and another took it). */
  async markSucceeded(id: string, workerId: string, result: Record<string, unknown> | null): Promise<boolean> {
    const done = await this.db
      .updateTable("jobs")
      .set({
        state: "SUCCEEDED",
        locked_by: null,
        locked_until: null,
        result: result ? JSON.stringify(result) : null,
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", id)
      .where("state", "=", "RUNNING")
      .where("locked_by", "=", workerId)
      .executeTakeFirst();
    return done.numUpdatedRows > 0n;
  }

  /** Records a failed attempt: due again after `retryInMs`, or FAILED when `retryInMs` is null. */
  async markFailed(id: string, workerId: string, error: string, retryInMs: number | null): Promise<boolean> {
    const done = await this.db
      .updateTable("jobs")
      .set({
        state: retryInMs === null ? "FAILED" : "PENDING",
        run_at: retryInMs === null ? sql<Date>`run_at` : sql<Date>`now() + ${retryInMs} * interval '1 millisecond'`,
        locked_by: null,
        locked_until: null,
        last_error: clip(error),
        updated_at: sql<Date>`now()`,
      })
      .where("id", "=", id)
      .where("state", "=", "RUNNING")
      .where("locked_by", "=", workerId)
      .executeTakeFirst();
    return done.numUpdatedRows > 0n;
  }

  /** A FAILED job due again now, with its attempts counted afresh; null when the job is not FAILED. */
  async requeueFailed(dedupeKey: string): Promise<JobRecord | null> {
    const row = await this.db
      .updateTable("jobs")
      .set({ state: "PENDING", attempts: 0, run_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where("dedupe_key", "=", dedupeKey)
      .where("state", "=", "FAILED")
      .returning(JOB_COLUMNS)
      .executeTakeFirst();
    return row ? toJob(row) : null;
  }
}
