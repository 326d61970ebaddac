// What kind of statement a SQL text is, for the two drivers that treat statements in a transaction
// differently from the rest (pglite-driver.ts, pg-named-statements.ts): one rule for both databases.

/**
 * Statements that read or change rows: worth preparing. DDL and anything else goes unnamed (a
 * prepared SELECT * would fail with "cached plan must not change result type" after a migration
 * changed the table, and DDL is run once).
 */
export const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

/** Opens a transaction. */
export const OPENS_TRANSACTION = /^\s*(begin|start transaction)\b/i;

/** Ends a transaction. */
export const ENDS_TRANSACTION = /^\s*(commit|rollback)\b/i;
