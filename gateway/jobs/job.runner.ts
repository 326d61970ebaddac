import { hostname } from "node:os";
import { randomBytes } from "node:crypto";
import { errorFields, type Logger } from "../logger.js";
import type { JobRepository } from "./job.repository.js";
import type { JobSettings } from "../config.js";
import { PermanentJobError, retryDelayMs, type JobRecord } from "./job.records.js";
import { within } from "../within.js";

/** What a handler may hand back: stored on the job as its result (e.g. the partner's order id). */
type JobResult = Record<string, unknown> | void;
export interface JobHandler {
  run(job: JobRecord): Promise<JobResult>;
  /** Told once when the job is given up (FAILED), to make the failure visible where it matters. */
  failed?(job: JobRecord, error: string): Promise<void>;
}

/**
 * Runs due jobs in this gateway process, one at a time: claim (the database decides who gets
 * which), run the kind's handler, record success or the failure with its next attempt. Every
 * process runs one; a process that dies mid-job leaves a RUNNING row whose lock runs out, and the
 * job is claimed again then (handlers are idempotent per subject, so a second run is harmless).
 */
export class JobRunner {
  readonly workerId = `${hostname()}:${process.pid}:${randomBytes(4).toString("hex")}`;
  private timer: NodeJS.Timeout | null = null;
  private current: Promise<void> | null = null;
  private stopped = true;
  private wakeRequested = false;

  constructor(
    private readonly repository: JobRepository,
    private readonly handlers: ReadonlyMap<string, JobHandler>,
    private readonly settings: JobSettings,
    private readonly logger: Logger,
  ) {}

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.schedule(0);
  }

  /** Looks for work now rather than at the next poll (after this process enqueued something). */
  wake(): void {
    if (this.stopped) return;
    if (this.current) {
      this.wakeRequested = true;
      return;
    }
    this.schedule(0);
  }

  /**
   * Stops polling and waits for the job in hand to finish (graceful shutdown: nothing is cut off
   * mid-job), at most `graceMs`: a job still running then (a partner that does not answer) keeps
   * its lock and is taken again by a runner once the lock runs out.
   */
  async stop(graceMs = 5_000): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.current) return;
    await within(this.current, graceMs, undefined);
  }

  /** Runs due jobs until none is left; answers how many ran. For start-up and tests. */
  async drain(limit = 1000): Promise<number> {
    let ran = 0;
    while (ran < limit && (await this.runOne())) ran += 1;
    return ran;
  }

  private schedule(delayMs: number) {
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.current = this.loop().finally(() => {
        this.current = null;
        if (!this.stopped) this.schedule(this.wakeRequested ? 0 : this.settings.pollIntervalMs);
        this.wakeRequested = false;
      });
    }, delayMs);
    this.timer.unref();
  }

  private async loop() {
    try {
      while (!this.stopped && (await this.runOne()));
    } catch (error) {
      // The database being away is logged and waited out; the next poll tries again.
      this.logger.warn("job runner could not claim work", errorFields(error));
    }
  }

  /** Claims and runs one due job; false when none was due. */
  async runOne(): Promise<boolean> {
    const job = await this.repository.claimNext(this.workerId, this.settings.lockMs, [...this.handlers.keys()]);
    if (!job) return false;
    const handler = this.handlers.get(job.kind)!;
    const started = Date.now();
    try {
      const result = await handler.run(job);
      await this.repository.markSucceeded(job.id, this.workerId, result ?? null);
      this.logger.info("job succeeded", { job: job.id, kind: job.kind, attempt: job.attempts, ms: Date.now() - started });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = error instanceof PermanentJobError || job.attempts >= job.maxAttempts;
      const retryIn = final ? null : retryDelayMs(job.attempts, this.settings);
      const recorded = await this.repository.markFailed(job.id, this.workerId, message, retryIn);
      if (final && recorded && handler.failed) {
        await handler.failed(job, message).catch((e: unknown) => this.logger.warn("job failure hook failed", { job: job.id, ...errorFields(e) }));
      }
      this.logger.warn(final ? "job failed" : "job attempt failed", {
        job: job.id,
        kind: job.kind,
        attempt: job.attempts,
        ...(retryIn === null ? {} : { retryInMs: retryIn }),
        ...errorFields(error),
      });
    }
    return true;
  }
}
