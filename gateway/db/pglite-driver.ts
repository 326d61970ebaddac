import { CompiledQuery, type DatabaseConnection, type Driver, type QueryResult, type TransactionSettings } from "kysely";
import { PGliteDialect } from "kysely-pglite-dialect";
import { messages as backend, protocol, types, type PGlite } from "@electric-sql/pglite";
import { KEEPS_PLAN, OPENS_TRANSACTION, PREPARABLE } from "./statement-kinds.js";

/** Statements described (and, once run in a transaction, prepared) per process; the least recently used is dropped beyond this (a prepared one holds a plan in PGlite's heap). */
export const STATEMENT_LIMIT = 200;

// BEGIN, COMMIT or ROLLBACK alone (one statement, no parameters): sent as simple-protocol messages.
const TRANSACTION_CONTROL = /^\s*(begin|commit|rollback|start transaction)\b[^;]*$/i;

interface Statement {
  /** The parameter types PostgreSQL inferred, to serialise values the way PGlite's own query() does. */
  paramTypes: number[];
  /** Set once the statement has run inside a transaction: from then on it runs there on its cached plan. */
  name: string | null;
}

/**
 * The embedded database, with what a PostgreSQL driver does and PGlite's query() does not (docs/performance.md
 * "SQL per request"). PGlite runs every statement on the one JavaScript thread, so its per-statement
 * overhead is the shop's write throughput. query() enters the WebAssembly module six times per
 * statement (parse, describe, bind, describe, execute, sync) and plans it again on every call:
 * the cart add's locking read spent 1.1 ms planning for 0.5 ms executing. Here each statement that
 * reads or writes rows is described once (its parameter types) and then sent as one message:
 * - inside a transaction (the cart's, the checkout's: writes and reads by key) under a name, so
 *   PostgreSQL keeps its plan (after five runs it may settle on one generic plan, as for any
 *   prepared statement);
 * - outside one, a read marked to keep its plan (statement-kinds.ts keepingPlan: rows by key, the
 *   catalog's relations) under a name too;
 * - any other statement outside one (the catalog's lists and searches, whose best plan depends on
 *   the values) unnamed, planned with its values each time, as node-postgres sends them to PostgreSQL.
 * BEGIN goes as a simple-protocol message in front of the transaction's first statement (one call
 * into PGlite), COMMIT/ROLLBACK as one simple-protocol message each. Parameters are serialised by their types
 * with PGlite's own serialisers and rows parsed by its parsers, so values come back as from query().
 */
export class PreparedPGliteDialect extends PGliteDialect {
  constructor(private readonly pglite: PGlite) {
    super(pglite);
  }

  override createDriver(): Driver {
    return new PreparedPGliteDriver(this.pglite);
  }
}

class PreparedPGliteDriver implements Driver {
  // One connection, handed out in turn: PGlite is one session, so a transaction owns it until it ends.
  private readonly connection: PreparedPGliteConnection;
  private busy = false;
  private readonly waiting: (() => void)[] = [];

  constructor(pglite: PGlite) {
    this.connection = new PreparedPGliteConnection(pglite);
  }

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    if (this.busy) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.busy = true;
    return this.connection;
  }

  async releaseConnection(): Promise<void> {
    const next = this.waiting.shift();
    if (next) next();
    else this.busy = false;
  }

  // Through executeQuery, so that Kysely's log hook counts them as statements (DatabaseHandle.queryCount).
  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const sql = settings.isolationLevel ? `start transaction isolation level ${settings.isolationLevel}` : "begin";
    await connection.executeQuery(CompiledQuery.raw(sql));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("commit"));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw("rollback"));
  }

  // The handle closes PGlite itself (database.ts), after Kysely has let go.
  async destroy(): Promise<void> {}
}

class PreparedPGliteConnection implements DatabaseConnection {
  /** By SQL text, in order of last use (a Map keeps insertion order: the first entry is the least recent). */
  private readonly statements = new Map<string, Statement>();
  private nextName = 0;
  /** A BEGIN (or START TRANSACTION) received but not sent yet: it goes in front of the next statement. */
  private pendingBegin: Uint8Array | null = null;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    const { sql, parameters } = compiled;
    if (parameters.length === 0 && TRANSACTION_CONTROL.test(sql)) {
      // BEGIN is sent in front of the transaction's first statement, in the same call into PGlite:
      // one entry into the WebAssembly module fewer per transaction (~0.1 ms of a cart add). It
      // cannot fail on its own (the one connection is never inside a transaction here), and if the
      // statement behind it fails, the transaction is open and aborted, as if they had been sent apart.
      if (OPENS_TRANSACTION.test(sql) && this.pendingBegin === null && !this.pglite.isInTransaction()) {
        this.pendingBegin = protocol.serialize.query(sql);
        return { rows: [] };
      }
      return this.run<R>(protocol.serialize.query(sql));
    }
    if (!PREPARABLE.test(sql)) {
      await this.flushBegin();
      return toQueryResult<R>(await this.pglite.query<R>(sql, [...parameters]));
    }
    const statement = this.statements.get(sql) ?? (await this.describe(sql));
    // Most recently used last.
    this.statements.delete(sql);
    this.statements.set(sql, statement);
    const values = parameters.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = this.pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const execute = (name: string) =>
      concat(protocol.serialize.bind({ statement: name, values }), protocol.serialize.describe({ type: "P" }), protocol.serialize.execute({}), protocol.serialize.sync());
    if (this.pendingBegin === null && !KEEPS_PLAN.test(sql) && !this.pglite.isInTransaction()) {
      // Unnamed: planned with this call's values, as node-postgres does on PostgreSQL.
      return this.run<R>(concat(protocol.serialize.parse({ text: sql, types: statement.paramTypes }), execute("")));
    }
    if (statement.name) return this.run<R>(execute(statement.name));
    const name = `k${this.nextName++}`;
    try {
      const result = await this.run<R>(concat(protocol.serialize.parse({ name, text: sql, types: statement.paramTypes }), execute(name)));
      statement.name = name;
      await this.evictBeyondLimit();
      return result;
    } catch (error) {
      // The statement may or may not have been prepared before the failure: leave nothing behind.
      await this.close(name);
      throw error;
    }
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(compiled);
  }

  /** The parameter types PostgreSQL infers for the statement (one call; nothing is kept on its side). A statement that does not parse is refused. */
  private async describe(sql: string): Promise<Statement> {
    const { messages } = await this.pglite.runExclusive(() =>
      this.pglite.execProtocol(concat(protocol.serialize.parse({ text: sql }), protocol.serialize.describe({ type: "S" }), protocol.serialize.sync())),
    );
    const description = messages.find((m): m is backend.ParameterDescriptionMessage => m instanceof backend.ParameterDescriptionMessage);
    const statement: Statement = { name: null, paramTypes: description?.dataTypeIDs ?? [] };
    this.statements.set(sql, statement);
    await this.evictBeyondLimit();
    return statement;
  }

  private async evictBeyondLimit(): Promise<void> {
    while (this.statements.size > STATEMENT_LIMIT) {
      const [oldestSql, oldest] = this.statements.entries().next().value!;
      this.statements.delete(oldestSql);
      if (oldest.name) await this.close(oldest.name);
    }
  }

  private async close(name: string): Promise<void> {
    // Closing a statement that does not exist is not an error.
    await this.pglite.runExclusive(() => this.pglite.execProtocol(concat(protocol.serialize.close({ type: "S", name }), protocol.serialize.sync())));
  }

  private async run<R>(message: Uint8Array): Promise<QueryResult<R>> {
    const begin = this.pendingBegin;
    this.pendingBegin = null;
    // runExclusive: the same lock PGlite's own query() and listen() take.
    const { messages } = await this.pglite.runExclusive(() => this.pglite.execProtocol(begin ? concat(begin, message) : message));
    return this.toQueryResult<R>(messages);
  }

  /** Sends a BEGIN still waiting for its first statement on its own (before a statement that does not go through run()). */
  private async flushBegin(): Promise<void> {
    if (this.pendingBegin) await this.run(new Uint8Array(0));
  }

  /**
   * Rows from the backend's messages, each value through PGlite's parser for its type. Not PGlite's
   * parseResults: it copies every registered parser (hundreds, one per array type) into a new object
   * on each call, which was 14 % of the CPU of a cart add.
   */
  private toQueryResult<R>(messages: readonly unknown[]): QueryResult<R> {
    let fields: backend.Field[] = [];
    const rows: Record<string, unknown>[] = [];
    let affected = 0;
    for (const message of messages) {
      if (message instanceof backend.RowDescriptionMessage) fields = message.fields;
      else if (message instanceof backend.DataRowMessage) {
        const row: Record<string, unknown> = {};
        fields.forEach((field, i) => (row[field.name] = types.parseType(message.fields[i] ?? null, field.dataTypeID, this.pglite.parsers)));
        rows.push(row);
      } else if (message instanceof backend.CommandCompleteMessage) affected += affectedRows(message.text);
    }
    return { rows: rows as R[], ...(affected > 0 ? { numAffectedRows: BigInt(affected) } : {}) };
  }
}

/** The row count of an INSERT, UPDATE, DELETE, MERGE or COPY from its command tag (as PGlite's query() reports it). */
function affectedRows(tag: string): number {
  const words = tag.split(" ");
  switch (words[0]) {
    case "INSERT":
      return Number.parseInt(words[2]!, 10);
    case "UPDATE":
    case "DELETE":
    case "COPY":
    case "MERGE":
      return Number.parseInt(words[1]!, 10);
    default:
      return 0;
  }
}

function toQueryResult<R>(result: { rows: unknown[]; affectedRows?: number }): QueryResult<R> {
  return {
    rows: result.rows as R[],
    ...(result.affectedRows ? { numAffectedRows: BigInt(result.affectedRows) } : {}),
  };
}

function concat(...parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}
