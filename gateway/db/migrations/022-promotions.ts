import { sql, type Kysely } from "kysely";

// Promotions (docs/promotions.md). A promotion is the rule: what it takes off (a percentage or an
// amount off the order, or free shipping), when it runs, its minimum subtotal, whether a customer may
// use it once only, and which products or collections it is limited to. It is either reached by a
// discount code (one or many codes, each with its own usage limit) or automatic: an automatic
// promotion is a free-shipping offer that lowers the standing threshold while it runs.
//
// A use of a code is a row of discount_redemptions made in the transaction that opens a payment
// attempt, under the promotion's row lock. Whether it counts follows the attempt's own status
// (pending, processing, approved or completed: counted; abandoned, failed, voided: released), so
// nothing has to remember to give a use back and no counter can drift.
//
// The standing free-shipping threshold moves from an environment variable to shop_settings, one
// row, edited by staff.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE shop_settings (
      id boolean PRIMARY KEY DEFAULT true CHECK (id),
      free_shipping_threshold_cents integer NOT NULL DEFAULT 7500 CHECK (free_shipping_threshold_cents BETWEEN 0 AND 100000000),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`INSERT INTO shop_settings (id) VALUES (true)`.execute(db);

  await sql`
    CREATE TABLE promotions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL CHECK (char_length(title) BETWEEN 1 AND 100),
      kind text NOT NULL CHECK (kind IN ('percentage', 'fixed_amount', 'free_shipping')),
      percent_off integer CHECK (percent_off BETWEEN 1 AND 100),
      amount_off_cents integer CHECK (amount_off_cents BETWEEN 1 AND 100000000),
      automatic boolean NOT NULL DEFAULT false,
      min_subtotal_cents integer NOT NULL DEFAULT 0 CHECK (min_subtotal_cents BETWEEN 0 AND 100000000),
      starts_at timestamptz NOT NULL DEFAULT now(),
      ends_at timestamptz,
      once_per_customer boolean NOT NULL DEFAULT false,
      product_ids text[] NOT NULL DEFAULT '{}',
      collection_ids text[] NOT NULL DEFAULT '{}',
      disabled_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((kind = 'percentage') = (percent_off IS NOT NULL)),
      CHECK ((kind = 'fixed_amount') = (amount_off_cents IS NOT NULL)),
      CHECK (NOT automatic OR (kind = 'free_shipping' AND NOT once_per_customer AND product_ids = '{}' AND collection_ids = '{}')),
      CHECK (ends_at IS NULL OR ends_at > starts_at)
    )`.execute(db);
  // The banner's question: which automatic offers run now.
  await sql`CREATE INDEX promotions_automatic_idx ON promotions (starts_at) WHERE automatic AND disabled_at IS NULL`.execute(db);

  await sql`
    CREATE TABLE discount_codes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      promotion_id uuid NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
      code text NOT NULL CHECK (code ~ '^[A-Za-z0-9_-]{3,40}$'),
      usage_limit integer CHECK (usage_limit >= 1),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Codes are case-insensitive and unique.
  await sql`CREATE UNIQUE INDEX discount_codes_code_key ON discount_codes (lower(code))`.execute(db);
  await sql`CREATE INDEX discount_codes_promotion_idx ON discount_codes (promotion_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE discount_redemptions (
      attempt_id uuid PRIMARY KEY REFERENCES payment_attempts(id) ON DELETE CASCADE,
      code_id uuid NOT NULL REFERENCES discount_codes(id) ON DELETE CASCADE,
      promotion_id uuid NOT NULL REFERENCES promotions(id) ON DELETE CASCADE,
      customer_key text NOT NULL,
      discount_cents integer NOT NULL CHECK (discount_cents >= 0),
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX discount_redemptions_code_idx ON discount_redemptions (code_id)`.execute(db);
  await sql`CREATE INDEX discount_redemptions_customer_idx ON discount_redemptions (promotion_id, customer_key)`.execute(db);

  // One code per cart (ON DELETE SET NULL: a code staff delete leaves the cart without one).
  await sql`ALTER TABLE carts ADD COLUMN discount_code_id uuid REFERENCES discount_codes(id) ON DELETE SET NULL`.execute(db);

  // A code may take off all of an order with free shipping: its attempt has nothing to pay and is
  // placed without a provider (checkout.service.ts).
  await sql`ALTER TABLE payment_attempts DROP CONSTRAINT payment_attempts_amount_cents_check`.execute(db);
  await sql`ALTER TABLE payment_attempts ADD CONSTRAINT payment_attempts_amount_cents_check CHECK (amount_cents >= 0)`.execute(db);

  // What the order was given, as it was paid: the code's text and the amount, per line too.
  await sql`ALTER TABLE orders ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0)`.execute(db);
  await sql`ALTER TABLE orders ADD COLUMN discount_code text`.execute(db);
  await sql`ALTER TABLE order_lines ADD COLUMN discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0)`.execute(db);
}
