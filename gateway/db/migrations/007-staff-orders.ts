import { sql, type Kysely } from "kysely";

// The shop's own side: staff accounts and their sessions, API tokens for integrators, the
// audit log of what staff and tokens did, and an order's life after payment (tracking, cancellation,
// its history).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE staff_members (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL UNIQUE CHECK (email = lower(email)),
      name text NOT NULL,
      role text NOT NULL CHECK (role IN ('owner', 'staff')),
      password_hash text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  // A staff session lives in the same store as a customer's, under its own key; this column lets
  // every session of a staff member be ended (as customer_id does for customers).
  await sql`ALTER TABLE sessions ADD COLUMN staff_id uuid REFERENCES staff_members(id) ON DELETE CASCADE`.execute(db);
  await sql`CREATE INDEX sessions_staff_idx ON sessions (staff_id)`.execute(db);

  // Only the SHA-256 of a token is kept; the token itself is shown once, when it is made.
  await sql`
    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      token_hash text NOT NULL UNIQUE,
      scopes text[] NOT NULL,
      created_by uuid REFERENCES staff_members(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_used_at timestamptz,
      revoked_at timestamptz
    )`.execute(db);

  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL,
      action text NOT NULL,
      order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
      order_number integer,
      details text
    )`.execute(db);

  // After payment: production, shipping with tracking, or cancellation.
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_fulfillment_status_check`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD CONSTRAINT orders_fulfillment_status_check
        CHECK (fulfillment_status IN ('UNFULFILLED', 'IN_PROGRESS', 'FULFILLED', 'CANCELLED')),
      ADD COLUMN carrier text,
      ADD COLUMN tracking_number text,
      ADD COLUMN tracking_url text,
      ADD COLUMN shipped_at timestamptz,
      ADD COLUMN cancel_reason text,
      ADD COLUMN cancelled_at timestamptz`.execute(db);
  // The admin list: newest first, optionally one status.
  await sql`CREATE INDEX orders_status_number_idx ON orders (fulfillment_status, order_number DESC)`.execute(db);

  await sql`
    CREATE TABLE order_history (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      actor text NOT NULL,
      action text NOT NULL,
      message text NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX order_history_order_idx ON order_history (order_id, id)`.execute(db);
}
