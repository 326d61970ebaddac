import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import path from "node:path";
import { loadConfig, ConfigError, type Config } from "./config.js";
import { createLogger, errorFields, type Logger } from "./logger.js";
import { DataDirBusyError, lockDataDir, type DataDirLock } from "./db/data-dir-lock.js";
import { createOwnerOnly, warnIfWiderThanOwner } from "./db/data-dir.js";
import { prepareDatabase } from "./bootstrap.js";
import { EMBEDDED_WORKER_HEAP, POSTGRES_WORKER_HEAP } from "./worker-heap.js";

// `npm start`: a supervisor (Node's cluster) that runs gateway/main.ts as workers sharing one port,
// replaces a worker that dies (at once, and logs why), and on SIGTERM stops them all and exits 0.
// On PostgreSQL it runs WORKERS processes (default: one per core): sessions, carts, orders and
// designs live in the database, so any worker can answer any request. The embedded database
// allows one process, so on PGlite it runs one, and the supervisor itself holds DATA_DIR's lock
// for as long as it runs (a worker that dies leaves nothing to take over).

/**
 * Messages a worker sends its supervisor (main.ts): why it is dying, or that it created or changed
 * the embedded database and exits so that a fresh process serves it (docs/performance.md "Start-up and memory").
 */
export type WorkerMessage = { type: "fatal"; error: string } | { type: "prepared" };


/** Crashes within this window count towards slowing restarts down. */
const CRASH_WINDOW_MS = 30_000;
const CRASHES_BEFORE_BACKOFF = 5;
const MAX_RESTART_DELAY_MS = 30_000;
const SHUTDOWN_TIMEOUT_MS = 15_000;

function workerCount(config: Config, logger: Logger): number {
  if (!config.databaseUrl) {
    if (config.workers !== null && config.workers > 1) {
      logger.warn("WORKERS ignored: the embedded database allows one process; set DATABASE_URL to run several", { workers: config.workers });
    }
    return 1;
  }
  return config.workers ?? os.availableParallelism();
}

async function supervise() {
  // Before anything is written (DATA_DIR's lock): what the supervisor and its workers create there is their owner's only.
  createOwnerOnly();
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`Configuration error: ${error.message}`);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  warnIfWiderThanOwner(config.dataDir, logger);

  let lock: DataDirLock | null = null;
  try {
    if (config.databaseUrl) {
      // Migrate and seed once, before the workers start, so they never race each other doing it.
      const prepared = await prepareDatabase(config, logger);
      await prepared.database.close();
    } else {
      lock = lockDataDir(config.dataDir);
    }
  } catch (error) {
    console.error(
      error instanceof DataDirBusyError
        ? error.message
        : `DATABASE_URL: cannot open the database (${(error as Error).message})`,
    );
    process.exit(1);
  }

  const count = workerCount(config, logger);
  // The workers run the same form as this file: dist/gateway/main.js when built, main.ts under tsx.
  cluster.setupPrimary({
    exec: path.join(import.meta.dirname, `main${path.extname(import.meta.filename)}`),
    execArgv: [...process.execArgv, ...(config.databaseUrl ? POSTGRES_WORKER_HEAP : EMBEDDED_WORKER_HEAP)],
  });

  const reasons = new Map<number, string>();
  const preparedBy = new Set<number>();
  const startedAt = new Map<number, number>();
  const crashes: number[] = [];
  let everListened = false;
  let stopping = false;

  const fork = () => {
    const worker = cluster.fork();
    startedAt.set(worker.id, Date.now());
    worker.on("message", (message: WorkerMessage) => {
      if (message?.type === "fatal") reasons.set(worker.id, message.error);
      if (message?.type === "prepared") preparedBy.add(worker.id);
    });
    return worker;
  };

  cluster.on("listening", (worker, address) => {
    everListened = true;
    logger.info("worker started", { pid: worker.process.pid, port: address.port, workers: Object.keys(cluster.workers ?? {}).length });
  });

  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    const reason = reasons.get(worker.id) ?? (signal ? `killed by ${signal}` : `exited with code ${code}`);
    const uptimeMs = Date.now() - (startedAt.get(worker.id) ?? Date.now());
    reasons.delete(worker.id);
    startedAt.delete(worker.id);
    if (stopping) return;
    if (preparedBy.delete(worker.id) && code === 0) {
      logger.info("embedded database prepared; starting a fresh worker to serve it", { pid: worker.process.pid });
      fork();
      return;
    }
    if (!everListened) {
      // It never served: a start-up failure (port taken, database unreachable) that a restart would repeat.
      logger.error("worker failed to start; stopping", { pid: worker.process.pid, code, signal, reason });
      lock?.release();
      process.exit(1);
    }
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0]! < now - CRASH_WINDOW_MS) crashes.shift();
    const excess = crashes.length - CRASHES_BEFORE_BACKOFF;
    const delayMs = excess <= 0 ? 0 : Math.min(MAX_RESTART_DELAY_MS, 1000 * 2 ** (excess - 1));
    logger.error("worker died; starting another", { pid: worker.process.pid, code, signal, reason, uptimeMs, restartInMs: delayMs });
    // Not unref'd: with its only worker gone, this timer is what keeps the supervisor alive.
    setTimeout(() => {
      if (!stopping) fork();
    }, delayMs);
  });

  const shutdown = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("supervisor shutting down", { signal });
    const force = setTimeout(() => {
      logger.error("workers did not stop in time; killing them");
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      lock?.release();
      process.exit(1);
    }, SHUTDOWN_TIMEOUT_MS);
    force.unref();
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w));
    let failed = false;
    let left = workers.length;
    const done = () => {
      lock?.release();
      logger.info("supervisor stopped");
      process.exit(failed ? 1 : 0);
    };
    if (left === 0) return done();
    for (const worker of workers) {
      worker.once("exit", (code) => {
        if (code !== 0) failed = true;
        left -= 1;
        if (left === 0) done();
      });
      // Each worker drains its requests and closes its database (main.ts), then exits 0.
      worker.process.kill("SIGTERM");
    }
  };
  process.once("SIGTERM", () => shutdown("SIGTERM"));
  process.once("SIGINT", () => shutdown("SIGINT"));
  process.on("uncaughtException", (error) => {
    logger.error("supervisor failed", errorFields(error));
    lock?.release();
    process.exit(1);
  });

  logger.info("supervisor started", { pid: process.pid, workers: count, database: config.databaseUrl ? "postgres" : `pglite:${config.dataDir}` });
  for (let i = 0; i < count; i += 1) fork();
}

void supervise();
