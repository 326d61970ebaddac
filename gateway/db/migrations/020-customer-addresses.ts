import { sql, type Kysely } from "kysely";

// A customer's address book: addresses as the checkout form checks them (shared/address.ts), kept
// normalised as they ship (the order's shipping_* columns hold the same fields). At most one default
// per customer, held by the database itself (a partial unique index); the rows go with the account.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE customer_addresses (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      customer_id uuid NOT NULL REFERENCES customers(id) ON DELETE CASCADE,
      name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 100),
      address1 text NOT NULL CHECK (char_length(address1) BETWEEN 1 AND 200),
      address2 text CHECK (char_length(address2) BETWEEN 1 AND 200),
      city text NOT NULL CHECK (char_length(city) BETWEEN 1 AND 100),
      province text,
      province_code text,
      postal_code text NOT NULL CHECK (char_length(postal_code) BETWEEN 2 AND 12),
      country text NOT NULL,
      country_code text NOT NULL CHECK (country_code ~ '^[A-Z]{2}$'),
      phone text CHECK (char_length(phone) BETWEEN 1 AND 30),
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CHECK ((province_code IS NULL) = (province IS NULL))
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX customer_addresses_one_default ON customer_addresses (customer_id) WHERE is_default`.execute(db);
  await sql`CREATE INDEX customer_addresses_customer_idx ON customer_addresses (customer_id, created_at)`.execute(db);
}
