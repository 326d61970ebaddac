import { sql, type Kysely } from "kysely";

// Money given back, as a ledger. A refund is a row (amount in cents, reason, who, its state at the
// provider, the provider's refund id) written and committed before the provider is asked, under the
// order's row lock, so two requests can never give back more than was paid. An order's financial
// status follows its succeeded refunds (PAID → PARTIALLY_REFUNDED → REFUNDED); refunded_cents is
// their sum, kept with the status in the transaction that settles each refund. Refunds made at the
// provider itself (Stripe's Dashboard) arrive by webhook and are recorded once, by their provider
// id. A dispute (a chargeback) flags its order and holds it from the printer until it closes.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE orders DROP CONSTRAINT orders_financial_status_check`.execute(db);
  await sql`
    ALTER TABLE orders
      ADD CONSTRAINT orders_financial_status_check CHECK (financial_status IN ('PAID', 'PARTIALLY_REFUNDED', 'REFUNDED')),
      ADD COLUMN refunded_cents integer NOT NULL DEFAULT 0 CHECK (refunded_cents >= 0),
      ADD COLUMN cancel_customer_message text,
      ADD CONSTRAINT orders_refunded_within_total CHECK (refunded_cents <= total_cents)`.execute(db);

  // A payment's order, by the provider's id of the money (a webhook about a refund or dispute names it).
  await sql`CREATE INDEX payment_attempts_charge_idx ON payment_attempts (charge_reference) WHERE charge_reference IS NOT NULL`.execute(db);
  await sql`CREATE INDEX payment_attempts_order_idx ON payment_attempts (order_id) WHERE order_id IS NOT NULL`.execute(db);

  await sql`
    CREATE TABLE refunds (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      currency_code text NOT NULL,
      reason text NOT NULL CHECK (reason IN ('DAMAGED', 'DEFECTIVE', 'NOT_RECEIVED', 'CUSTOMER_REQUEST', 'CANCELLATION', 'DUPLICATE', 'FRAUDULENT', 'OTHER')),
      note text,
      actor text NOT NULL,
      status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'SUCCEEDED', 'FAILED')),
      provider text NOT NULL,
      provider_refund_id text,
      failure_message text,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT refunds_provider_refund_unique UNIQUE (provider, provider_refund_id)
    )`.execute(db);
  await sql`CREATE INDEX refunds_order_idx ON refunds (order_id, created_at)`.execute(db);
  // Reconciliation asks the provider about the refunds it has not heard back on.
  await sql`CREATE INDEX refunds_pending_idx ON refunds (updated_at) WHERE status = 'PENDING'`.execute(db);

  await sql`
    CREATE TABLE disputes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      order_id uuid NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
      provider text NOT NULL,
      provider_dispute_id text NOT NULL,
      amount_cents integer NOT NULL,
      currency_code text NOT NULL,
      reason text NOT NULL,
      status text NOT NULL,
      outcome text CHECK (outcome IN ('WON', 'LOST')),
      opened_at timestamptz NOT NULL DEFAULT now(),
      closed_at timestamptz,
      CONSTRAINT disputes_provider_unique UNIQUE (provider, provider_dispute_id)
    )`.execute(db);
  await sql`CREATE INDEX disputes_order_idx ON disputes (order_id)`.execute(db);

  // ORDERS_REFUNDED: one delivery per refund (an order may be refunded several times), so a
  // delivery is keyed by its event as well ("" for the topics that happen once per order).
  await sql`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_topic_check`.execute(db);
  await sql`
    ALTER TABLE webhook_deliveries
      ADD CONSTRAINT webhook_deliveries_topic_check CHECK (topic IN ('ORDERS_PAID', 'ORDERS_FULFILLED', 'ORDERS_CANCELLED', 'ORDERS_REFUNDED')),
      ADD COLUMN event_key text NOT NULL DEFAULT ''`.execute(db);
  await sql`ALTER TABLE webhook_deliveries DROP CONSTRAINT webhook_deliveries_subscription_id_topic_order_id_key`.execute(db);
  await sql`ALTER TABLE webhook_deliveries ADD CONSTRAINT webhook_deliveries_event_unique UNIQUE (subscription_id, topic, order_id, event_key)`.execute(db);

  // The test provider's refunds: its own ledger, written on its own as a service outside would keep it.
  await sql`
    CREATE TABLE test_payment_refunds (
      id text PRIMARY KEY,
      idempotency_key text NOT NULL UNIQUE,
      charge_reference text NOT NULL,
      amount_cents integer NOT NULL CHECK (amount_cents > 0),
      reference text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX test_payment_refunds_charge_idx ON test_payment_refunds (charge_reference)`.execute(db);
}
