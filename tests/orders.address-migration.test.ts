import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { migrateToLatest } from "../gateway/db/migrate.js";
import { migrations } from "../gateway/db/migrations/index.js";
import type { NewOrder } from "../gateway/orders/order.records.js";
import { OrderRepository } from "../gateway/orders/order.repository.js";
import { createTestDatabase, type TestDatabase } from "./support/database.js";

// Orders and open payment attempts made before addresses had a state, a second line, a phone and
// the country's ISO code: the migration gives them the code (from the country's name) and nothing
// else, and an attempt settled after the upgrade still makes its order.
describe("addresses recorded before the country's code was kept", () => {
  let old: TestDatabase;
  beforeAll(async () => {
    old = await createTestDatabase({ seed: false, migrations: migrations.filter((m) => m.name < "012") });
  });
  afterAll(async () => {
    await old?.dispose();
  });

  it("gain the code from the country's name; an open attempt's draft gains the new fields", async () => {
    const insertOrder = (country: string, token: string) => sql<{ id: string }>`
      INSERT INTO orders (email, subtotal_cents, shipping_cents, total_cents, shipping_method, shipping_name,
                          shipping_address1, shipping_city, shipping_postal_code, shipping_country, status_token)
      VALUES ('pat@example.com', 2499, 599, 3098, 'Standard', 'Pat', '1 Main St', 'Springfield', '12345', ${country}, ${token})
      RETURNING id`.execute(old.db);
    const us = (await insertOrder("United States", "tok-us")).rows[0]!.id;
    const ca = (await insertOrder("Canada", "tok-ca")).rows[0]!.id;
    const unknown = (await insertOrder("Atlantis", "tok-xx")).rows[0]!.id;

    const draft = {
      customerId: null,
      cartId: "cart-open",
      email: "pat@example.com",
      subtotalCents: 2499,
      shippingCents: 599,
      totalCents: 3098,
      shippingMethod: "Standard (5–7 business days)",
      shippingAddress: { name: "Pat Doe", address1: "1 Main St", city: "Oslo", postalCode: "0150", country: "Norway" },
      lines: [],
    };
    await sql`INSERT INTO carts (id, checkout_token) VALUES ('cart-open', 'checkout-open'), ('cart-done', 'checkout-done')`.execute(old.db);
    await sql`
      INSERT INTO payment_attempts (cart_id, summary_key, amount_cents, currency_code, order_draft, order_id) VALUES
        ('cart-open', 'k1', 3098, 'USD', ${JSON.stringify(draft)}::jsonb, NULL),
        ('cart-done', 'k2', 3098, 'USD', ${JSON.stringify({ ...draft, cartId: "cart-done" })}::jsonb, ${us}::uuid)`.execute(old.db);

    expect(await migrateToLatest(old.db)).toContain("012-shipping-address");

    const rows = await old.db
      .selectFrom("orders")
      .select(["id", "shipping_country", "shipping_country_code", "shipping_address2", "shipping_province", "shipping_province_code", "shipping_phone"])
      .orderBy("order_number")
      .execute();
    const none = { shipping_address2: null, shipping_province: null, shipping_province_code: null, shipping_phone: null };
    expect(rows).toEqual([
      { id: us, shipping_country: "United States", shipping_country_code: "US", ...none },
      { id: ca, shipping_country: "Canada", shipping_country_code: "CA", ...none },
      { id: unknown, shipping_country: "Atlantis", shipping_country_code: "ZZ", ...none },
    ]);

    const attempts = await old.db.selectFrom("payment_attempts").select(["cart_id", "order_draft"]).orderBy("cart_id").execute();
    const [done, open] = attempts.map((a) => a.order_draft as NewOrder);
    // An attempt that made its order is history: left as it was.
    expect(done!.shippingAddress).toEqual(draft.shippingAddress);
    expect(open!.shippingAddress).toEqual({ ...draft.shippingAddress, address2: null, province: null, provinceCode: null, phone: null, countryCode: "NO" });

    // Settled now, the open attempt's order is recorded with every column.
    const placed = await old.db.transaction().execute((trx) => new OrderRepository(old.db).insert({ ...open!, cardBrand: "Visa", cardLast4: "4242" }, trx));
    expect(placed.shippingAddress).toEqual(open!.shippingAddress);
  });

  it("refuses a country code that is not two capital letters, and a state code without its name", async () => {
    const base = sql`'pat@example.com', 1, 0, 1, 'Standard', 'Pat', '1 Main St', 'Springfield', '12345', 'United States'`;
    const insert = (code: string, province: string | null, provinceCode: string | null, token: string) => sql`
      INSERT INTO orders (email, subtotal_cents, shipping_cents, total_cents, shipping_method, shipping_name, shipping_address1,
                          shipping_city, shipping_postal_code, shipping_country, shipping_country_code, shipping_province, shipping_province_code, status_token)
      VALUES (${base}, ${code}, ${province}, ${provinceCode}, ${token})`.execute(old.db);
    await expect(insert("us", null, null, "t1")).rejects.toThrow(/orders_shipping_country_code_check/);
    await expect(insert("US", null, "IL", "t2")).rejects.toThrow(/orders_shipping_province_check/);
    await insert("US", "Illinois", "IL", "t3");
  });
});
