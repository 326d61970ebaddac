import v8 from "node:v8";
import { Kysely, PostgresDialect, sql, type LogEvent } from "kysely";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { Database } from "./schema.js";
import { PreparedPGliteDialect } from "./pglite-driver.js";
import { namingTransactionStatements } from "./pg-named-statements.js";
import { within } from "../within.js";

type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded database itself, for tests that copy it; null on PostgreSQL. */
  pglite: PGlite | null;
  /** Number of SQL statements sent so far: lets tests prove a page costs a fixed number of round trips. */
  readonly queryCount: number;
  /** LISTEN on a channel (a connection of its own on PostgreSQL, opened again when lost); resolves with a stop function. */
  listen: Listen;
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

/** Listens for NOTIFY on a channel; `onGap` runs when the listening connection was lost (notices may be missed). */
export type Listen = (channel: string, onMessage: (payload: string) => void, onGap: () => void) => Promise<() => Promise<void>>;

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob }
  | { kind: "postgres"; url: string; maxConnections?: number; /** Bulk scripts only: lifts the 30 s statement limit. */ longStatements?: boolean };

/** PostgreSQL's buffer cache inside the embedded database (its default is 128MB). */
const PGLITE_SHARED_BUFFERS = "16MB";

/** Sees every statement sent (BEGIN and COMMIT included), with its parameters: for benchmarks' EXPLAIN. */
export type QueryListener = (sql: string, parameters: readonly unknown[]) => void;

export async function openDatabase(target: DatabaseTarget, onQuery?: QueryListener): Promise<DatabaseHandle> {
  let queryCount = 0;
  const log = (event: LogEvent) => {
    queryCount += 1;
    onQuery?.(event.query.sql, event.query.parameters);
  };

  if (target.kind === "pglite") {
    // PGlite's memory (docs/performance.md "Start-up and memory"): its WASM heap starts at 128 MiB (the module's minimum) and
    // PostgreSQL's shared_buffers, 128 MB by default, is written through at start, so all of it
    // becomes resident. This catalog's whole database is a few MB, and the gateway caches catalog
    // answers in front of it: 16 MB of buffers hold it. V8 compiles the 10 MB module twice (fast
    // baseline code, then optimised code for hot functions); the baseline alone starts faster,
    // keeps ~50 MiB less, and measured no slower on this workload (docs/performance.md "Start-up and memory").
    v8.setFlagsFromString("--liftoff-only");
    const pglite = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      extensions: { pg_trgm },
      startParams: [...PGlite.defaultStartParams, "-c", `shared_buffers=${PGLITE_SHARED_BUFFERS}`, "-c", "temp_buffers=1MB"],
    });
    const db = new Kysely<Database>({ dialect: new PreparedPGliteDialect(pglite), log });
    return {
      db,
      kind: "pglite",
      pglite,
      get queryCount() {
        return queryCount;
      },
      ping: (timeoutMs) => ping(db, timeoutMs),
      // One process owns the embedded database: its own notices are all there are.
      listen: async (channel, onMessage) => {
        const unlisten = await pglite.listen(channel, onMessage);
        return async () => {
          if (!pglite.closed) await unlisten();
        };
      },
      close: once(async () => {
        await db.destroy();
        if (!pglite.closed) await pglite.close();
      }),
    };
  }

  const pool = new pg.Pool({
    connectionString: target.url,
    max: target.maxConnections ?? 10,
    connectionTimeoutMillis: 5_000,
    // No statement may hold a connection for long (the GraphQL deadline stops resolving; this stops SQL).
    ...(target.longStatements ? {} : { statement_timeout: 30_000, query_timeout: 35_000 }),
  });
  // A client whose server goes away (a failover, a restart, pg_terminate_backend) emits 'error'. The
  // pool listens only while a client is idle; a client checked out by a query or a transaction has
  // no listener then, and an unheard 'error' event ends the process. So every client gets its own
  // listener for life: the query in flight fails with the error (answered 503), the pool drops the
  // dead client when it is released, and the next query opens a fresh connection.
  pool.on("connect", (client) => {
    client.on("error", () => undefined);
  });
  pool.on("error", () => undefined);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: namingTransactionStatements(pool) }), log });
  const listeners = new Set<() => Promise<void>>();
  return {
    db,
    kind: "postgres",
    pglite: null,
    get queryCount() {
      return queryCount;
    },
    ping: (timeoutMs) => ping(db, timeoutMs),
    listen: async (channel, onMessage, onGap) => {
      const stop = await listenOnPostgres(target.url, channel, onMessage, onGap);
      listeners.add(stop);
      return async () => {
        listeners.delete(stop);
        await stop();
      };
    },
    close: once(async () => {
      await Promise.all([...listeners].map((stop) => stop()));
      await db.destroy();
    }),
  };
}

/** A LISTEN connection's application_name is this and its channel: others can count who listens (catalog/catalog.changes.ts). */
export const LISTENER_APPLICATION_PREFIX = "storefront-listen:";

/** How long a lost LISTEN connection waits before it is opened again. */
const RELISTEN_DELAY_MS = 1_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to queries). When the server
 * goes away the connection is opened again every second until it answers, and `onGap` tells the
 * owner that notices may have been missed. The first connection must succeed.
 */
async function listenOnPostgres(url: string, channel: string, onMessage: (payload: string) => void, onGap: () => void): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let retry: NodeJS.Timeout | null = null;
  const connect = async () => {
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: LISTENER_APPLICATION_PREFIX + channel });
    next.on("notification", (message) => {
      if (message.channel === channel) onMessage(message.payload ?? "");
    });
    const lost = () => {
      if (stopped || client !== next) return;
      client = null;
      next.end().catch(() => undefined);
      onGap();
      scheduleRetry();
    };
    next.on("error", lost);
    next.on("end", lost);
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
    } catch (error) {
      client = null;
      next.end().catch(() => undefined);
      throw error;
    }
  };
  const scheduleRetry = () => {
    retry = setTimeout(() => {
      retry = null;
      if (stopped) return;
      connect().then(onGap, scheduleRetry);
    }, RELISTEN_DELAY_MS);
    retry.unref();
  };
  await connect();
  return async () => {
    stopped = true;
    if (retry) clearTimeout(retry);
    const last = client;
    client = null;
    await last?.end().catch(() => undefined);
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= fn());
}

async function ping(db: Kysely<Database>, timeoutMs = 2_000): Promise<boolean> {
  try {
    return await within(sql`SELECT 1`.execute(db).then(() => true), timeoutMs, false);
  } catch {
    return false;
  }
}

const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P02", "57P03"]);

/**
 * What a shopper is told when the database cannot be reached. A change whose COMMIT went unanswered
 * and that the database could not account for in time (08007, cart/commit-resolution.ts) may have been
 * saved: trying it again blindly could make it twice, so the answer says to look first.
 */
export function unavailableMessage(error: unknown): string {
  return (error as { code?: unknown } | null)?.code === "08007"
    ? "The shop's database did not confirm whether your change was saved; check before trying again"
    : "The shop's database is unavailable; please try again shortly";
}

/** True for failures that mean "the database cannot be reached", answered with 503 rather than 500. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || code.startsWith("08"))) return true;
  return /PGlite is closed|Connection terminated|not queryable|Query read timeout|timeout exceeded when trying to connect|driver has already been destroyed/i.test(
    error.message,
  );
}
