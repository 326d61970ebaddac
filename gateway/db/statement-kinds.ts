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

/** Stands for the i-th value while compiledOnce compiles its statement. */
class Placeholder {
  constructor(readonly index: number) {}
}

/**
 * A statement Kysely builds and compiles once, then sends with each call's values: building and
 * compiling a query of two dozen columns cost as much as a small read itself. `build` gets
 * placeholders and may use them only as values (a comparison's operand, a LIMIT), never to decide
 * what the statement is: statements that differ in shape are compiled each by a maker of their own.
 */
export function compiledOnce<V extends unknown[], R>(build: (...values: V) => Compilable<R>): (...values: V) => CompiledQuery<R> {
  let template: { compiled: CompiledQuery<R>; slots: number[] } | null = null;
  return (...values) => {
    if (!template) {
      const compiled = build(...(values.map((_, i) => new Placeholder(i)) as V)).compile();
      const slots = compiled.parameters.map((p) => (p instanceof Placeholder ? p.index : -1));
      values.forEach((_, i) => {
        if (!slots.includes(i)) throw new Error(`compiledOnce: value ${i} is not a parameter of the statement`);
      });
      template = { compiled, slots };
    }
    const { compiled, slots } = template;
    return { ...compiled, parameters: slots.map((slot, i) => (slot >= 0 ? values[slot] : compiled.parameters[i])) };
  };
}
