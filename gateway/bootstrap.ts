import http from "node:http";
import type { AddressInfo } from "node:net";
import type { Config } from "./config.js";
import { openDatabase, type DatabaseHandle } from "./db/database.js";
import { adoptDataDirLock, lockDataDir, type DataDirLock } from "./db/data-dir-lock.js";
import { migrateToLatest } from "./db/migrate.js";
import { applySeed } from "./seed/seed.js";
import { buildSeedData } from "./seed/data/index.js";
import { createApp, type GatewayApp } from "./app.js";
import { announceCatalogChange } from "./catalog/catalog.changes.js";
import { CdnPurge } from "./ssr/cdn-purge.js";
import { ALL_PAGES } from "./ssr/page-keys.js";
import type { Logger } from "./logger.js";
import { serveStaffSocket } from "./staff/staff.socket.js";
import type { Services } from "./services.js";

/** SHOP_OWNER_EMAIL + SHOP_OWNER_PASSWORD: an owner with that email exists once the gateway starts. */
async function ensureShopOwner(config: Config, services: Services, logger: Logger): Promise<void> {
  if (!config.shopOwner) return;
  try {
    const { created } = await services.staff.ensureOwner(config.shopOwner.email, config.shopOwner.password);
    if (created) logger.info("shop owner created", { email: config.shopOwner.email.trim().toLowerCase() });
  } catch (error) {
    throw new Error(`SHOP_OWNER_EMAIL/SHOP_OWNER_PASSWORD: ${(error as Error).message}`, { cause: error });
  }
}

export interface RunningGateway {
  url: string;
  server: http.Server;
  gateway: GatewayApp;
  database: DatabaseHandle;
  /** Stops accepting, lets requests in flight finish, then closes the database. */
  close(): Promise<void>;
}

/**
 * Opens the database named by the config (holding DATA_DIR's lock for PGlite), migrates and seeds it.
 * `afterRebuild` says what to do when that created or changed the embedded database: serve from a
 * reopened instance in this process, or close it and answer `database: null` (a supervisor's worker
 * then exits and a fresh process serves).
 */
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  options?: { dataDirLockHeldBy?: number; afterRebuild?: "reopen" },
): Promise<{ database: DatabaseHandle; lock: DataDirLock | null }>;
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  options: { dataDirLockHeldBy?: number; afterRebuild: "close" },
): Promise<{ database: DatabaseHandle | null; lock: DataDirLock | null }>;
export async function prepareDatabase(
  config: Config,
  logger: Logger,
  options: { dataDirLockHeldBy?: number; afterRebuild?: "reopen" | "close" } = {},
): Promise<{ database: DatabaseHandle | null; lock: DataDirLock | null }> {
  const lock = config.databaseUrl
    ? null
    : options.dataDirLockHeldBy !== undefined
      ? adoptDataDirLock(config.dataDir, options.dataDirLockHeldBy)
      : lockDataDir(config.dataDir);
  try {
    const target = config.databaseUrl ? ({ kind: "postgres", url: config.databaseUrl } as const) : ({ kind: "pglite", dataDir: config.dataDir } as const);
    const database = await openDatabase(target);
    const applied = await migrateToLatest(database.db);
    if (applied.length > 0) logger.info("migrations applied", { migrations: applied });
    const seed = await applySeed(database.db, buildSeedData());
    logger.info(seed.applied ? "seed applied" : "seed already current", { fingerprint: seed.fingerprint.slice(0, 12) });
    // Gateway processes still serving the former catalog (a rolling restart on PostgreSQL) drop their
    // caches, and a CDN in front drops every page (in the background: start-up does not wait for it).
    if (seed.applied) {
      await announceCatalogChange(database.db);
      if (config.cdnPurge) void new CdnPurge(config.cdnPurge, logger).purge([ALL_PAGES]);
    }
    if (database.kind === "pglite" && (applied.length > 0 || seed.applied)) {
      // Creating and filling the embedded database grows PGlite's WebAssembly heap to ~500 MiB,
      // which a heap never gives back: serve from a fresh instance instead (docs/performance.md "Start-up and memory"). A
      // fresh process is better still: V8's heap and malloc keep what building the seed took.
      await database.close();
      if (options.afterRebuild === "close") return { database: null, lock };
      return { database: await openDatabase(target), lock };
    }
    return { database, lock };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

export async function startGateway(config: Config, logger: Logger, database: DatabaseHandle, onClosed?: () => void): Promise<RunningGateway> {
  const gateway = await createApp({ config, db: database.db, logger, ping: () => database.ping(), listen: database.listen });
  // A start that fails after createApp stops what it started (the sweepers, the job runner) before
  // the caller closes the database.
  const abandon = async (error: unknown): Promise<never> => {
    await gateway.stopBackgroundWork();
    await gateway.graphql.stop();
    throw error;
  };
  await ensureShopOwner(config, gateway.services, logger).catch(abandon);
  // On the embedded database this process is the only one that can write it: `npm run staff:add`
  // asks it through a socket in DATA_DIR (staff/staff.socket.ts).
  const staffSocket = database.kind === "pglite" ? await serveStaffSocket(config.dataDir, gateway.services.staff, logger) : null;
  const server = http.createServer(gateway.handler);
  // Slow clients cannot hold sockets: headers within 20 s, a whole request (a 10 MB design upload
  // included) within 60 s, an idle keep-alive connection 5 s.
  server.headersTimeout = 20_000;
  server.requestTimeout = 60_000;
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.port, config.host, () => {
      server.off("error", reject);
      resolve();
    });
  }).catch(async (error: unknown) => {
    await staffSocket?.close();
    return abandon(error);
  });
  const address = server.address() as AddressInfo;
  const host = address.family === "IPv6" ? `[${address.address}]` : address.address;

  let closing: Promise<void> | null = null;
  const close = () => {
    closing ??= (async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeIdleConnections();
      });
      await gateway.stopBackgroundWork();
      await staffSocket?.close();
      await gateway.graphql.stop();
      await database.close();
      onClosed?.();
    })();
    return closing;
  };
  return { url: `http://${host}:${address.port}`, server, gateway, database, close };
}
