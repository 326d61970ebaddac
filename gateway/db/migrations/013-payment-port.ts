import { sql, type Kysely } from "kysely";

// Payments through a provider's own page (Stripe Checkout; the test provider keeps the same shape).
// An attempt is now a session at a provider: begun for the committed attempt, its outcome learned
// from the provider (its signed webhook, the return page, or reconciliation asking), and settled
// once, under the attempt's lock. New states: PROCESSING (paid by a method whose money comes later),
// FAILED (that method failed), VOIDING (paid, but never to be an order: a surplus or a mismatch,
// given back by the next step or by reconciliation). A provider's webhook event is recorded in the
// same transaction as its effect, once.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_status_check`.execute(db);
  await sql`
    ALTER TABLE payment_attempts
      ADD CONSTRAINT payment_attempts_status_check CHECK (status IN
        ('PENDING', 'PROCESSING', 'APPROVED', 'COMPLETED', 'DECLINED', 'FAILED', 'ABANDONED', 'VOIDING', 'VOIDED')),
      ADD COLUMN provider text NOT NULL DEFAULT 'test',
      ADD COLUMN session_id text,
      ADD COLUMN expires_at timestamptz,
      ADD COLUMN void_reason text,
      ADD CONSTRAINT payment_attempts_session_unique UNIQUE (provider, session_id)`.execute(db);
  await sql`DROP INDEX payment_attempts_open_idx`.execute(db);
  // Reconciliation reads only the attempts whose outcome is still to learn or to finish.
  await sql`
    CREATE INDEX payment_attempts_open_idx ON payment_attempts (updated_at)
      WHERE status IN ('PENDING', 'PROCESSING', 'APPROVED', 'VOIDING')`.execute(db);

  // A cart that has had a payment page begun: only its changes are checked for a page to close
  // (a cart change is the shop's busiest write; the flag comes with the lock it already takes).
  await sql`ALTER TABLE carts ADD COLUMN payment_started boolean NOT NULL DEFAULT false`.execute(db);

  await sql`
    CREATE TABLE payment_events (
      provider text NOT NULL,
      event_id text NOT NULL,
      type text NOT NULL,
      attempt_id uuid REFERENCES payment_attempts(id) ON DELETE SET NULL,
      received_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (provider, event_id)
    )`.execute(db);

  // The test provider's sessions: its "hosted page" state, written on their own (autocommit, never
  // inside the shop's transactions), as a service outside the machine would keep them.
  await sql`
    CREATE TABLE test_payment_sessions (
      id text PRIMARY KEY,
      attempt_id text NOT NULL UNIQUE,
      status text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'PAID', 'EXPIRED')),
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency_code text NOT NULL,
      payment_reference text,
      card_brand text,
      card_last4 text,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
}
