import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createLogger } from "../gateway/logger.js";
import { DEFAULT_JOB_SETTINGS, type JobSettings } from "../gateway/config.js";
import { JobRepository } from "../gateway/jobs/job.repository.js";
import { JobQueue } from "../gateway/jobs/job.service.js";
import { JobRunner, type JobHandler } from "../gateway/jobs/job.runner.js";
import { PermanentJobError, retryDelayMs, type JobRecord } from "../gateway/jobs/job.records.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";
import { waitFor } from "./support/process.js";

// The durable job queue: one job per dedupe key, claimed by one runner at a time,
// retried with exponential backoff, given up as FAILED after its attempts, taken again when the
// runner that held it died, and retryable by staff.
let database: TestDatabase;
let repository: JobRepository;
let queue: JobQueue;
const settings: JobSettings = { ...DEFAULT_JOB_SETTINGS, pollIntervalMs: 20, backoffBaseMs: 40, backoffMaxMs: 200, lockMs: 60_000, maxAttempts: 3 };
const logger = createLogger("silent");

beforeAll(async () => {
  database = await createTestDatabase({ seed: false });
  repository = new JobRepository(database.db);
  queue = new JobQueue(repository, settings);
});
afterAll(async () => {
  await database?.dispose();
});
beforeEach(async () => {
  await database.db.deleteFrom("jobs").execute();
});

const runnerWith = (handler: JobHandler, overrides: Partial<JobSettings> = {}, kind = "test.kind") =>
  new JobRunner(repository, new Map([[kind, handler]]), { ...settings, ...overrides }, logger);

describe("retry timing", () => {
  it.each([
    [1, 40],
    [2, 80],
    [3, 160],
    [4, 200],
    [9, 200],
  ])("waits about base × 2^(attempt-1), capped, before attempt %i + 1", (attempts, expected) => {
    expect(retryDelayMs(attempts, settings, () => 0.5)).toBe(expected);
    expect(retryDelayMs(attempts, settings, () => 0)).toBe(Math.round(expected * 0.9));
    expect(retryDelayMs(attempts, settings, () => 1)).toBe(Math.round(expected * 1.1));
  });
});

describe("the queue", () => {
  it("keeps one job per dedupe key, also when enqueued inside a transaction that commits", async () => {
    await queue.enqueue({ kind: "test.kind", payload: { n: 1 }, dedupeKey: "subject-1" });
    await database.db.transaction().execute((trx) => queue.enqueueInTransaction({ kind: "test.kind", payload: { n: 2 }, dedupeKey: "subject-1" }, trx));
    const rows = await database.db.selectFrom("jobs").select(["payload", "state", "attempts", "max_attempts"]).execute();
    expect(rows).toEqual([{ payload: { n: 1 }, state: "PENDING", attempts: 0, max_attempts: 3 }]);
  });

  it("adds nothing when the transaction that enqueued rolls back", async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await queue.enqueueInTransaction({ kind: "test.kind", payload: {}, dedupeKey: "rolled-back" }, trx);
        throw new Error("the order's change failed");
      }),
    ).rejects.toThrow("the order's change failed");
    expect(await queue.find("rolled-back")).toBeNull();
  });
});

describe("the runner", () => {
  it("runs a due job once and keeps what it produced", async () => {
    const seen: JobRecord[] = [];
    await queue.enqueue({ kind: "test.kind", payload: { orderId: "o-1" }, dedupeKey: "ok-1" });
    const runner = runnerWith({ run: async (job) => (seen.push(job), { externalId: "x-1" }) });
    expect(await runner.drain()).toBe(1);
    expect(await runner.drain()).toBe(0);
    expect(seen.map((j) => j.payload)).toEqual([{ orderId: "o-1" }]);
    expect(await queue.find("ok-1")).toMatchObject({ state: "SUCCEEDED", attempts: 1, result: { externalId: "x-1" }, lockedBy: null, lastError: null });
  });

  it("leaves a job that is not due yet, and kinds it has no handler for", async () => {
    await queue.enqueue({ kind: "test.kind", payload: {}, dedupeKey: "later", runAt: new Date(Date.now() + 60_000) });
    await queue.enqueue({ kind: "other.kind", payload: {}, dedupeKey: "other" });
    expect(await runnerWith({ run: async () => undefined }).drain()).toBe(0);
  });

  it("retries a failing job with growing waits, then gives it up as FAILED with its last error, telling the handler once", async () => {
    await queue.enqueue({ kind: "test.kind", payload: {}, dedupeKey: "flaky" });
    const runs: number[] = [];
    const failures: string[] = [];
    const runner = runnerWith({
      run: async (job) => {
        runs.push(Date.now());
        throw new Error(`partner down (attempt ${job.attempts})`);
      },
      failed: async (_job, error) => void failures.push(error),
    });
    runner.start();
    await waitFor(async () => (await queue.find("flaky"))?.state === "FAILED", 10_000, "the job to fail");
    await runner.stop();
    const job = (await queue.find("flaky"))!;
    expect(job).toMatchObject({ state: "FAILED", attempts: 3, lastError: "partner down (attempt 3)" });
    expect(runs).toHaveLength(3);
    // Backoff: the second attempt waited ≥ 36 ms (40 − 10% jitter), the third ≥ 72 ms.
    expect(runs[1]! - runs[0]!).toBeGreaterThanOrEqual(36);
    expect(runs[2]! - runs[1]!).toBeGreaterThanOrEqual(72);
    expect(failures).toEqual(["partner down (attempt 3)"]);
  });

  it("fails at once on a permanent error, and staff's retry makes it due again with attempts counted afresh", async () => {
    await queue.enqueue({ kind: "test.kind", payload: {}, dedupeKey: "unmapped" });
    let fixed = false;
    const runner = runnerWith({
      run: async () => {
        if (!fixed) throw new PermanentJobError("no variant id");
        return { ok: true };
      },
    });
    await runner.drain();
    expect(await queue.find("unmapped")).toMatchObject({ state: "FAILED", attempts: 1, lastError: "no variant id" });
    expect(await queue.retryFailed("missing")).toBeNull();
    fixed = true;
    expect(await queue.retryFailed("unmapped")).toMatchObject({ state: "PENDING", attempts: 0 });
    expect(await queue.retryFailed("unmapped")).toBeNull();
    await runner.drain();
    expect(await queue.find("unmapped")).toMatchObject({ state: "SUCCEEDED", attempts: 1, result: { ok: true } });
  });

  it("takes a job again once the lock of a runner that died holding it has run out", async () => {
    await queue.enqueue({ kind: "test.kind", payload: {}, dedupeKey: "orphan" });
    // A runner claims the job and dies: the row stays RUNNING with its lock.
    const claimed = await repository.claimNext("dead-worker", 300, ["test.kind"]);
    expect(claimed).toMatchObject({ state: "RUNNING", attempts: 1, lockedBy: "dead-worker" });
    let runs = 0;
    const survivor = runnerWith({ run: async () => void (runs += 1) });
    expect(await survivor.drain()).toBe(0);
    await new Promise((r) => setTimeout(r, 400));
    expect(await survivor.drain()).toBe(1);
    expect(runs).toBe(1);
    expect(await queue.find("orphan")).toMatchObject({ state: "SUCCEEDED", attempts: 2 });
    // The dead runner's late answer changes nothing.
    expect(await repository.markSucceeded(claimed!.id, "dead-worker", null)).toBe(false);
  });

  it("gives up a job whose every attempt died with its runner", async () => {
    await queue.enqueue({ kind: "test.kind", payload: {}, dedupeKey: "poison", maxAttempts: 1 });
    await repository.claimNext("dead-worker", 1, ["test.kind"]);
    await new Promise((r) => setTimeout(r, 50));
    expect(await runnerWith({ run: async () => undefined }).drain()).toBe(0);
    expect(await queue.find("poison")).toMatchObject({ state: "FAILED", attempts: 1, lastError: expect.stringContaining("did not finish") });
  });

  it("lets a graceful stop finish the job in hand", async () => {
    await queue.enqueue({ kind: "test.kind", payload: {}, dedupeKey: "slow" });
    let release!: () => void;
    let markStarted!: () => void;
    const started = new Promise<void>((resolve) => (markStarted = resolve));
    const runner = runnerWith({
      run: () =>
        new Promise((resolve) => {
          release = () => resolve({ done: true });
          markStarted();
        }),
    });
    runner.start();
    await started;
    let stopped = false;
    const stopping = runner.stop().then(() => (stopped = true));
    await new Promise((r) => setTimeout(r, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(await queue.find("slow")).toMatchObject({ state: "SUCCEEDED", result: { done: true } });
  });

  it("hands each job to exactly one of several runners working at once (FOR UPDATE SKIP LOCKED)", async () => {
    for (let i = 0; i < 30; i += 1) await queue.enqueue({ kind: "test.kind", payload: { i }, dedupeKey: `many-${i}` });
    const ran: number[] = [];
    const handler: JobHandler = {
      run: async (job) => {
        ran.push(job.payload.i as number);
        await new Promise((r) => setTimeout(r, 2));
      },
    };
    const runners = [runnerWith(handler), runnerWith(handler), runnerWith(handler)];
    const counts = await Promise.all(runners.map((r) => r.drain()));
    expect(counts.reduce((a, b) => a + b, 0)).toBe(30);
    expect(ran.sort((a, b) => a - b)).toEqual([...Array(30).keys()]);
    const states = await database.db.selectFrom("jobs").select("state").where("state", "!=", "SUCCEEDED").execute();
    expect(states).toEqual([]);
  });
});
