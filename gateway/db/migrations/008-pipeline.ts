import { sql, type Kysely } from "kysely";

// The pipeline: work that must happen after a commit and must never be lost (sending an
// order to the print partner, emails, outbound webhooks) is a row here, enqueued in the same
// transaction as the change that asks for it and picked up by every gateway process.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      kind text NOT NULL,
      payload jsonb NOT NULL DEFAULT '{}',
      state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'RUNNING', 'SUCCEEDED', 'FAILED')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      max_attempts integer NOT NULL CHECK (max_attempts >= 1),
      run_at timestamptz NOT NULL DEFAULT now(),
      locked_until timestamptz,
      locked_by text,
      last_error text,
      -- What the work produced (e.g. the partner's order id), for the screens that show the job.
      result jsonb,
      -- One job per subject: a second enqueue of the same key is a no-op, so one order is never
      -- sent (or one email never queued) twice.
      dedupe_key text NOT NULL UNIQUE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // The runner's claim reads only work that is due or whose lock has run out.
  await sql`CREATE INDEX jobs_due_idx ON jobs (run_at) WHERE state IN ('PENDING', 'RUNNING')`.execute(db);

  // The print partner's own id for a catalog variant (Printful's variant_id), per partner.
  await sql`
    CREATE TABLE partner_variants (
      partner text NOT NULL,
      variant_id uuid NOT NULL REFERENCES variants(id) ON DELETE CASCADE,
      external_variant_id text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (partner, variant_id)
    )`.execute(db);

  // Outbound webhooks for integrators. The secret signs deliveries, so it is kept as given (a hash
  // could not sign); it is answered once, when the subscription is made.
  await sql`
    CREATE TABLE webhook_subscriptions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      url text NOT NULL,
      topics text[] NOT NULL,
      secret text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`
    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      subscription_id uuid NOT NULL REFERENCES webhook_subscriptions(id) ON DELETE CASCADE,
      topic text NOT NULL CHECK (topic IN ('ORDERS_PAID', 'ORDERS_FULFILLED', 'ORDERS_CANCELLED')),
      order_id uuid NOT NULL,
      -- The exact bytes that are signed and sent, so every retry sends the same body.
      body text NOT NULL,
      state text NOT NULL DEFAULT 'PENDING' CHECK (state IN ('PENDING', 'SUCCEEDED', 'FAILED')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (subscription_id, topic, order_id)
    )`.execute(db);
  await sql`CREATE INDEX webhook_deliveries_subscription_idx ON webhook_deliveries (subscription_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE webhook_attempts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      delivery_id uuid NOT NULL REFERENCES webhook_deliveries(id) ON DELETE CASCADE,
      at timestamptz NOT NULL DEFAULT now(),
      status_code integer,
      error text,
      duration_ms integer NOT NULL
    )`.execute(db);
  await sql`CREATE INDEX webhook_attempts_delivery_idx ON webhook_attempts (delivery_id, at)`.execute(db);
}
