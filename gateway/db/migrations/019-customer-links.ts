import { sql, type Kysely } from "kysely";

// Customers' emailed links (password reset, email verification, a change of email and its
// confirmation, account deletion) and whether the account's email is verified. As with staff's
// links, a row is made when the link is asked for, without a token; the email job mints the token
// when it writes the message and only its SHA-256 is kept (a retried job mints a new one, and the
// token before stops working). used_at ends a link for good: followed, or replaced by a newer one.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE customers ADD COLUMN email_verified_at timestamptz`.execute(db);

  // `email` is the address the link is sent to and proves: the account's own for a reset or a
  // verification, the new one for a change of email (the account's current one for its confirmation).
  await sql`
    CREATE TABLE customer_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      purpose text NOT NULL CHECK (purpose IN ('reset', 'verify_email', 'change_email', 'confirm_email_change', 'delete_account')),
      email text NOT NULL,
      token_hash text UNIQUE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX customer_links_customer_idx ON customer_links (customer_id, purpose)`.execute(db);
  // Guest orders found by email when an address is verified.
  await sql`CREATE INDEX orders_guest_email_idx ON orders (lower(email)) WHERE customer_id IS NULL`.execute(db);
}
