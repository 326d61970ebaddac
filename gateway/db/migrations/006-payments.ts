import { sql, type Kysely } from "kysely";

// Payments charged at most once, whatever crashes. A payment attempt is written (and
// committed) before the provider is asked for money; its id is the idempotency key the provider
// gets, and it holds the order exactly as it will be recorded. The approval is written before the
// order's transaction, so an approved charge is never only in memory: reconciliation turns every
// approved attempt without an order into the order (or voids the charge).
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE payment_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      cart_id text NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
      status text NOT NULL DEFAULT 'PENDING'
        CHECK (status IN ('PENDING', 'APPROVED', 'COMPLETED', 'DECLINED', 'ABANDONED', 'VOIDED')),
      summary_key text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency_code text NOT NULL,
      order_draft jsonb NOT NULL,
      charge_reference text,
      card_brand text,
      card_last4 text,
      order_id uuid REFERENCES orders(id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX payment_attempts_cart_idx ON payment_attempts (cart_id, created_at)`.execute(db);
  // Reconciliation reads only the attempts still open.
  await sql`CREATE INDEX payment_attempts_open_idx ON payment_attempts (updated_at) WHERE status IN ('PENDING', 'APPROVED')`.execute(db);

  // The built-in test provider's own ledger. It stands for a payment service outside the machine:
  // it is written on its own (autocommit, never inside the shop's transactions), so its charges
  // outlive any crash of the gateway, and tests can read what it charged.
  await sql`
    CREATE TABLE test_payment_charges (
      idempotency_key text PRIMARY KEY,
      reference text NOT NULL UNIQUE,
      status text NOT NULL CHECK (status IN ('APPROVED', 'DECLINED', 'VOIDED')),
      amount_cents integer NOT NULL,
      currency_code text NOT NULL,
      card_brand text NOT NULL,
      card_last4 text NOT NULL,
      decline_message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
