import { sql, type Kysely } from "kysely";

// The catalog at 100,000 products: every sort the shop offers can walk an index, and the size of
// a filtered list is counted once per catalog version (catalog_state) instead of on every page.
export async function up(db: Kysely<unknown>): Promise<void> {
  // price-high orders by price descending then handle ascending: the price-low index read backwards
  // gives handle descending, so without this index every page sorted all the matching products.
  await sql`CREATE INDEX products_price_high_idx ON products (price_cents DESC, handle)`.execute(db);

  // One row whose version changes with every statement that writes products, in the same
  // transaction: the gateway reads it with each page and keeps the list sizes it counted for that
  // version, so every gateway process (and every worker on PostgreSQL) sees a change at once.
  await sql`
    CREATE TABLE catalog_state (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      version bigint NOT NULL DEFAULT 1
    )`.execute(db);
  await sql`INSERT INTO catalog_state (id, version) VALUES (true, 1)`.execute(db);
  await sql`
    CREATE FUNCTION catalog_state_bump() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      UPDATE catalog_state SET version = version + 1;
      RETURN NULL;
    END
    $$`.execute(db);
  await sql`
    CREATE TRIGGER products_catalog_state_bump
    AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
    FOR EACH STATEMENT EXECUTE FUNCTION catalog_state_bump()`.execute(db);
}
