import { sql, type Kysely, type RawBuilder } from "kysely";

// Addresses a printer accepts: an optional second line and phone, the state/province/territory
// (ISO 3166-2, its code without the country, and its name as it was at checkout; required by
// checkout for the US, Canada and Australia) and the country's ISO 3166-1 alpha-2 code. Orders
// placed before keep no subdivision; their country code comes from the country's name, as the
// checkout offered the names (shared/address.ts; this list is that one as it was, kept here so the
// migration never changes). A name the shop never offered would get 'ZZ' (ISO's "unknown").
// A payment attempt not yet made into an order keeps the order it will make as JSON (a NewOrder):
// its address gains the same fields, so settling it after the upgrade records it like the others.
const COUNTRY_CODES: [string, string][] = [
  ["United States", "US"],
  ["Canada", "CA"],
  ["United Kingdom", "GB"],
  ["Ireland", "IE"],
  ["Australia", "AU"],
  ["New Zealand", "NZ"],
  ["Germany", "DE"],
  ["France", "FR"],
  ["Netherlands", "NL"],
  ["Belgium", "BE"],
  ["Spain", "ES"],
  ["Italy", "IT"],
  ["Sweden", "SE"],
  ["Denmark", "DK"],
  ["Norway", "NO"],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE orders
      ADD COLUMN shipping_address2 text,
      ADD COLUMN shipping_province_code text,
      ADD COLUMN shipping_province text,
      ADD COLUMN shipping_phone text,
      ADD COLUMN shipping_country_code text`.execute(db);
  const names = sql.join(COUNTRY_CODES.map(([name, code]) => sql`(${name}::text, ${code}::text)`));
  const codeOf = (country: RawBuilder<unknown>) => sql`COALESCE((SELECT code FROM (VALUES ${names}) AS countries (name, code) WHERE countries.name = ${country}), 'ZZ')`;
  await sql`UPDATE orders SET shipping_country_code = ${codeOf(sql.ref("orders.shipping_country"))}`.execute(db);
  await sql`
    UPDATE payment_attempts
    SET order_draft = jsonb_set(
      order_draft,
      '{shippingAddress}',
      jsonb_build_object('address2', NULL, 'province', NULL, 'provinceCode', NULL, 'phone', NULL,
                         'countryCode', ${codeOf(sql`order_draft->'shippingAddress'->>'country'`)})
        || (order_draft->'shippingAddress'))
    WHERE order_id IS NULL AND jsonb_typeof(order_draft->'shippingAddress') = 'object'`.execute(db);
  await sql`
    ALTER TABLE orders
      ALTER COLUMN shipping_country_code SET NOT NULL,
      ADD CONSTRAINT orders_shipping_country_code_check CHECK (shipping_country_code ~ '^[A-Z]{2}$'),
      ADD CONSTRAINT orders_shipping_province_check CHECK ((shipping_province_code IS NULL) = (shipping_province IS NULL))`.execute(db);
}
