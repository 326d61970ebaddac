import { CompiledQuery, type Compilable } from "kysely";

// What kind of statement a SQL text is, for the two drivers that treat statements in a transaction
// differently from the rest (pglite-driver.ts, pg-named-statements.ts): one rule for both databases.

/** Opens a read whose plan is kept (see keepingPlan). */
const KEEP_PLAN = "/* keep plan */ ";

/**
 * Statements that read or change rows: worth preparing. DDL and anything else goes unnamed (a
 * prepared SELECT * would fail with "cached plan must not change result type" after a migration
 * changed the table, and DDL is run once).
 */
export const PREPARABLE = /^\s*(\/\* keep plan \*\/ )?(select|insert|update|delete|with)\b/i;

/** A read marked by keepingPlan: prepared outside a transaction too. */
export const KEEPS_PLAN = /^\/\* keep plan \*\/ (select|with)\b/i;

/** Opens a transaction. */
export const OPENS_TRANSACTION = /^\s*(begin|start transaction)\b/i;

/** Ends a transaction. */
export const ENDS_TRANSACTION = /^\s*(commit|rollback)\b/i;

/**
 * A read whose best plan is the same whatever its values (rows by key, a whole small table), marked
 * so that both drivers prepare it and keep its plan outside transactions as well: it is parsed and
 * planned once per connection instead of on every call. Statements whose plan depends on their values
 * (the catalog's lists and searches) stay unmarked and are planned with them each time.
 */
export function keepingPlan<R>(query: Compilable<R> | CompiledQuery<R>): CompiledQuery<R> {
  const compiled = "compile" in query ? query.compile() : query;
  if (!/^\s*(select|with)\b/i.test(compiled.sql)) throw new Error("Only a read keeps its plan");
  return { ...compiled, sql: KEEP_PLAN + compiled.sql };
}
