import { sql, type Kysely } from "kysely";

// spec §5 sets no maximum on a quantity: a cart line now holds up to 99,999 units (was 999), a bound
// no shopper meets that still refuses an int4 overflow or a 100-digit number cleanly. The money that
// grows with it stays exact: a price is at most the most one payment may take ($999,999.99,
// MAX_CHARGE_CENTS), so a line (price × 99,999) stays below 10^13 cents and a cart of 100 lines
// below 10^15, inside a JavaScript number's exact integers (2^53). Checkout refuses an order above
// MAX_CHARGE_CENTS, so the order, order line and payment columns (int4, up to 2,147,483,647) hold
// every order that can be paid.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE cart_lines DROP CONSTRAINT cart_lines_quantity_check`.execute(db);
  await sql`ALTER TABLE cart_lines ADD CONSTRAINT cart_lines_quantity_check CHECK (quantity BETWEEN 1 AND 99999)`.execute(db);
  await sql`ALTER TABLE products ADD CONSTRAINT products_price_cents_max CHECK (price_cents <= 99999999)`.execute(db);
  await sql`ALTER TABLE variants ADD CONSTRAINT variants_price_cents_max CHECK (price_cents <= 99999999)`.execute(db);
}
