import cluster from "node:cluster";
import { loadConfig, ConfigError } from "./config.js";
import { createLogger, errorFields } from "./logger.js";
import { DataDirBusyError } from "./db/data-dir-lock.js";
import { createOwnerOnly, warnIfWiderThanOwner } from "./db/data-dir.js";
import { prepareDatabase, startGateway } from "./bootstrap.js";
import type { WorkerMessage } from "./supervisor.js";

async function main() {
  // Before anything is written: what this process creates in DATA_DIR is its owner's only.
  createOwnerOnly();
  let config;
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
  // Whatever escapes is fatal: logged as one line (and told to the supervisor, which logs why the
  // worker died and starts another), then the process ends.
  const die = (error: unknown) => {
    logger.error("gateway crashed", errorFields(error));
    if (cluster.isWorker) process.send?.({ type: "fatal", error: error instanceof Error ? error.message : String(error) });
    process.exit(1);
  };
  process.on("uncaughtException", die);
  process.on("unhandledRejection", die);
  // Under the supervisor, the supervisor has said it.
  if (!cluster.isWorker) warnIfWiderThanOwner(config.dataDir, logger);

  // A stop asked for while the gateway starts (the supervisor stopping as a slow worker comes up) is
  // kept and honoured as soon as there is something to close, with exit 0 like any other stop.
  let stopAskedBy: string | null = null;
  let stop = (signal: string) => void (stopAskedBy ??= signal);
  process.once("SIGTERM", () => stop("SIGTERM"));
  process.once("SIGINT", () => stop("SIGINT"));
  // A worker whose supervisor is gone (killed) stops too, rather than serve on unsupervised.
  if (cluster.isWorker) process.once("disconnect", () => stop("supervisor gone"));

  let prepared;
  try {
    // Under the supervisor (gateway/supervisor.ts) DATA_DIR's lock is the supervisor's.
    prepared = cluster.isWorker
      ? await prepareDatabase(config, logger, { dataDirLockHeldBy: process.ppid, afterRebuild: "close" })
      : await prepareDatabase(config, logger);
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(
      config.databaseUrl
        ? `DATABASE_URL: cannot open the database (${(error as Error).message})`
        : `DATA_DIR: cannot open the embedded database in ${config.dataDir} (${(error as Error).message})`,
    );
    process.exit(1);
  }
  const { database, lock } = prepared;
  if (!database) {
    // The embedded database was just created or changed: a fresh worker serves it (supervisor.ts).
    process.send?.({ type: "prepared" } satisfies WorkerMessage);
    process.exit(0);
  }
  if (stopAskedBy) {
    logger.info("stopped before serving", { signal: stopAskedBy });
    await database.close();
    lock?.release();
    process.exit(0);
  }

  const running = await startGateway(config, logger, database, () => lock?.release()).catch(async (error: unknown) => {
    await database.close();
    lock?.release();
    const code = (error as NodeJS.ErrnoException).code;
    console.error(code === "EADDRINUSE" ? `PORT: ${config.port} is already in use` : `Cannot start: ${(error as Error).message}`);
    process.exit(1);
  });

  logger.info("storefront listening", {
    url: running.url,
    graphql: `${running.url}/graphql`,
    database: database.kind === "pglite" ? `pglite:${config.dataDir}` : "postgres",
  });

  let stopping = false;
  stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info("shutting down", { signal });
    const force = setTimeout(() => {
      logger.error("shutdown timed out; exiting");
      process.exit(1);
    }, 10_000);
    force.unref();
    running
      .close()
      .then(() => {
        logger.info("stopped");
        process.exit(0);
      })
      .catch((error: unknown) => {
        logger.error("shutdown failed", errorFields(error));
        process.exit(1);
      });
  };
  if (stopAskedBy) stop(stopAskedBy);
}

void main();
