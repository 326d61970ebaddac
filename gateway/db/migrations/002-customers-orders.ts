import { sql, type Kysely } from "kysely";

// Customers and their sessions, the sign-in rate limiter's ledger, and orders.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customers (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      display_name text,
      password_hash text,
      google_sub text UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // express-session's store. customer_id lets a password change or an account link end every
  // other session of that customer.
  await sql`
    CREATE TABLE sessions (
      sid text PRIMARY KEY,
      sess jsonb NOT NULL,
      customer_id uuid REFERENCES customers(id) ON DELETE CASCADE,
      expire timestamptz NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX sessions_expire_idx ON sessions (expire)`.execute(db);
  await sql`CREATE INDEX sessions_customer_idx ON sessions (customer_id)`.execute(db);

  // One row per counted event (a failed sign-in, a registration), shared by every gateway process.
  await sql`
    CREATE TABLE rate_limit_events (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      bucket text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX rate_limit_events_bucket_idx ON rate_limit_events (bucket, created_at)`.execute(db);

  await sql`CREATE SEQUENCE order_number_seq START WITH 1001`.execute(db);
  await sql`
    CREATE TABLE orders (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_number integer NOT NULL UNIQUE DEFAULT nextval('order_number_seq'),
      customer_id uuid REFERENCES customers(id) ON DELETE SET NULL,
      cart_id text UNIQUE,
      email text NOT NULL,
      financial_status text NOT NULL DEFAULT 'PAID' CHECK (financial_status IN ('PAID', 'REFUNDED')),
      fulfillment_status text NOT NULL DEFAULT 'UNFULFILLED' CHECK (fulfillment_status IN ('UNFULFILLED', 'IN_PROGRESS', 'FULFILLED')),
      currency_code text NOT NULL DEFAULT 'USD',
      subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
      shipping_cents integer NOT NULL CHECK (shipping_cents >= 0),
      total_cents integer NOT NULL CHECK (total_cents >= 0),
      shipping_method text NOT NULL,
      shipping_name text NOT NULL,
      shipping_address1 text NOT NULL,
      shipping_city text NOT NULL,
      shipping_postal_code text NOT NULL,
      shipping_country text NOT NULL,
      card_brand text,
      card_last4 text,
      status_token text NOT NULL UNIQUE,
      processed_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX orders_customer_idx ON orders (customer_id, processed_at DESC)`.execute(db);

  await sql`
    CREATE TABLE order_lines (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      position integer NOT NULL,
      product_id uuid,
      variant_id uuid,
      product_handle text NOT NULL,
      product_title text NOT NULL,
      variant_title text,
      image_url text,
      quantity integer NOT NULL CHECK (quantity >= 1),
      unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
      line_total_cents integer NOT NULL CHECK (line_total_cents >= 0),
      custom_attributes jsonb NOT NULL DEFAULT '[]',
      UNIQUE (order_id, position)
    )`.execute(db);
}
