import { sql, type Kysely } from "kysely";

// A day of orders in /admin (docs/admin.md). A shipped order can be marked delivered; the To ship
// view (paid, not shipped, not cancelled, oldest first) and the list's date range read orders by
// the time they were paid, so both have an index that starts with what they filter on.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders ADD COLUMN delivered_at timestamptz`.execute(db);
  await sql`ALTER TABLE orders ADD CONSTRAINT orders_delivered_after_shipped CHECK (delivered_at IS NULL OR shipped_at IS NOT NULL)`.execute(db);
  await sql`CREATE INDEX orders_status_processed_idx ON orders (fulfillment_status, processed_at, order_number)`.execute(db);
  await sql`CREATE INDEX orders_processed_idx ON orders (processed_at, order_number)`.execute(db);
}
