import { Kysely, PostgresDialect, sql, type LogEvent } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import pg from "pg";
import type { Database } from "./schema.js";

type DatabaseKind = "pglite" | "postgres";

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: DatabaseKind;
  /** The embedded database itself, for tests that copy it; null on PostgreSQL. */
  pglite: PGlite | null;
  /** Number of SQL statements sent so far: lets tests prove a page costs a fixed number of round trips. */
  readonly queryCount: number;
  /** True when the database answers a trivial query within the timeout. */
  ping(timeoutMs?: number): Promise<boolean>;
  close(): Promise<void>;
}

export type DatabaseTarget =
  | { kind: "pglite"; dataDir: string | null; loadDataDir?: Blob }
  | { kind: "postgres"; url: string; maxConnections?: number; /** Bulk scripts only: lifts the 30 s statement limit. */ longStatements?: boolean };

/** Sees every statement sent (BEGIN and COMMIT included), with its parameters: for benchmarks' EXPLAIN. */
export type QueryListener = (sql: string, parameters: readonly unknown[]) => void;

export async function openDatabase(target: DatabaseTarget, onQuery?: QueryListener): Promise<DatabaseHandle> {
  let queryCount = 0;
  const log = (event: LogEvent) => {
    queryCount += 1;
    onQuery?.(event.query.sql, event.query.parameters);
  };

  if (target.kind === "pglite") {
    const pglite = await PGlite.create({
      ...(target.dataDir ? { dataDir: target.dataDir } : {}),
      ...(target.loadDataDir ? { loadDataDir: target.loadDataDir } : {}),
      extensions: { pg_trgm },
    });
    const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite), log });
    return {
      db,
      kind: "pglite",
      pglite,
      get queryCount() {
        return queryCount;
      },
      ping: (timeoutMs) => ping(db, timeoutMs),
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
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), log });
  return {
    db,
    kind: "postgres",
    pglite: null,
    get queryCount() {
      return queryCount;
    },
    ping: (timeoutMs) => ping(db, timeoutMs),
    close: once(() => db.destroy()),
  };
}

function once(fn: () => Promise<void>): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () => (done ??= fn());
}

async function ping(db: Kysely<Database>, timeoutMs = 2_000): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), timeoutMs);
  });
  try {
    return await Promise.race([
      sql`SELECT 1`.execute(db).then(() => true),
      timeout,
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

const CONNECTION_ERROR_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EPIPE", "ENOTFOUND", "57P01", "57P02", "57P03"]);

/** True for failures that mean "the database cannot be reached", answered with 503 rather than 500. */
export function isConnectionError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && (CONNECTION_ERROR_CODES.has(code) || code.startsWith("08"))) return true;
  return /PGlite is closed|Connection terminated|not queryable|Query read timeout|timeout exceeded when trying to connect|driver has already been destroyed/i.test(
    error.message,
  );
}
