import { sql, type Kysely } from "kysely";

// Server carts. A cart's id is a bearer token (gid://shop/Cart/<192 random bits>); its checkout page
// has a token of its own, so handing out the checkout URL does not hand out the cart.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE carts (
      id text PRIMARY KEY,
      checkout_token text NOT NULL UNIQUE,
      customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      touched_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    )`.execute(db);
  // The sweeper deletes carts untouched for 30 days.
  await sql`CREATE INDEX carts_touched_idx ON carts (touched_at)`.execute(db);

  // A line is one variant with one set of custom attributes: adding the same pair again raises the
  // quantity of the line (the unique index makes that an atomic upsert). A variant that leaves the
  // catalog leaves every cart with it.
  await sql`
    CREATE TABLE cart_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      seq bigint GENERATED ALWAYS AS IDENTITY,
      cart_id text NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      variant_id uuid NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
      quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 999),
      custom_attributes jsonb NOT NULL DEFAULT '[]',
      attributes_key text NOT NULL,
      UNIQUE (cart_id, variant_id, attributes_key)
    )`.execute(db);
  // For the cascade when the seed or an admin removes a variant.
  await sql`CREATE INDEX cart_lines_variant_idx ON cart_lines (variant_id)`.execute(db);
}
