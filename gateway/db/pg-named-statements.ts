import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from "kysely";
import type pg from "pg";
import { ENDS_TRANSACTION, KEEPS_PLAN, OPENS_TRANSACTION, PREPARABLE } from "./statement-kinds.js";

// The same rule as the embedded database's driver (pglite-driver.ts): statements that read or
// change rows, run inside a transaction (the cart's, the checkout's: by key), are sent as named
// statements so that each connection parses and plans them once, and so are reads marked to keep their
// plan (statement-kinds.ts keepingPlan) wherever they run; everything else stays unnamed and is
// planned with its values (the catalog's searches choose their index by the search term).

/**
 * A pool whose clients send statements run in transactions, and reads marked to keep their plan,
 * as named statements (node-postgres prepares a name once per connection). Names follow the SQL text, the same in every connection.
 */
export function namingTransactionStatements(pool: pg.Pool): PostgresPool {
  const names = new Map<string, string>();
  const clients = new WeakMap<pg.PoolClient, PostgresPoolClient>();
  const wrap = (client: pg.PoolClient): PostgresPoolClient => {
    let inTransaction = false;
    function query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
    function query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
    function query(sqlOrCursor: string | PostgresCursor<unknown>, parameters: ReadonlyArray<unknown> = []): unknown {
      if (typeof sqlOrCursor !== "string") return client.query(sqlOrCursor as unknown as pg.Submittable);
      const text = sqlOrCursor;
      if (OPENS_TRANSACTION.test(text)) inTransaction = true;
      else if (ENDS_TRANSACTION.test(text)) inTransaction = false;
      else if ((inTransaction || KEEPS_PLAN.test(text)) && PREPARABLE.test(text)) {
        let name = names.get(text);
        if (!name) names.set(text, (name = `k${names.size}`));
        return client.query({ name, text, values: [...parameters] });
      }
      return client.query(text, [...parameters]);
    }
    return {
      query,
      release: () => {
        inTransaction = false;
        client.release();
      },
    };
  };
  return {
    connect: async () => {
      const client = await pool.connect();
      let wrapped = clients.get(client);
      if (!wrapped) clients.set(client, (wrapped = wrap(client)));
      return wrapped;
    },
    end: () => pool.end(),
  };
}
