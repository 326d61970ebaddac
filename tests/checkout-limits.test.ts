import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { guestFetcher, loadPage, payWith } from "./support/checkout.js";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../gateway/cart/cart.rules.js";
import { MAX_CHARGE_CENTS } from "../gateway/checkout/payment-provider.js";
import { formatMoney } from "../gateway/shared/money.js";

// spec §5 sets no maximum on a quantity, so a line holds up to 99,999 units: the money that grows
// with it stays exact, and an order above what one payment takes ($999,999.99) is refused at
// checkout before any money moves, with a clear message, leaving the cart as it was.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let guest: ReturnType<typeof guestFetcher>;
let tee: TestVariant;

const checkoutUrlOf = async (cartId: string) => (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
const rowsOf = (table: "orders" | "payment_attempts", cartId: string) => shop.database.db.selectFrom(table).select("id").where("cart_id", "=", cartId).execute();
const charges = async () => (await shop.database.db.selectFrom("test_payment_charges").select("idempotency_key").execute()).length;

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  guest = guestFetcher(shop.url);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

describe("an order above what one payment takes", () => {
  it("is refused on the checkout page and at payment, with nothing charged and the cart kept", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: MAX_LINE_QUANTITY }]);
    const subtotal = tee.priceCents * MAX_LINE_QUANTITY;
    expect(subtotal).toBeGreaterThan(MAX_CHARGE_CENTS);
    const url = await checkoutUrlOf(cartId);
    const shown = await loadPage(guest, url);
    expect(shown.status).toBe(200);
    // Free standard shipping above the threshold: the order comes to the subtotal.
    expect(shown.page).toContain(`This order comes to ${formatMoney(subtotal)}, more than the $999,999.99 one payment can take.`);

    const chargesBefore = await charges();
    const paid = await payWith(guest, url);
    expect(paid.status).toBe(422);
    expect(paid.location).toBeNull();
    expect(paid.page).toContain("Nothing was charged: please lower some quantities in your cart and pay again.");
    expect(await charges()).toBe(chargesBefore);
    expect(await rowsOf("payment_attempts", cartId)).toEqual([]);
    expect(await rowsOf("orders", cartId)).toEqual([]);
    expect((await api.get(cartId)).body.totalQuantity).toBe(MAX_LINE_QUANTITY);
  });

  it("pays an order just under the limit with exact totals, and refuses the dearer shipping that takes it over", async () => {
    const quantity = Math.floor(MAX_CHARGE_CENTS / tee.priceCents);
    const subtotal = tee.priceCents * quantity;
    const cartId = await api.filled([{ variantId: tee.id, quantity }]);
    const url = await checkoutUrlOf(cartId);
    expect((await loadPage(guest, url)).page).not.toContain("one payment can take");

    const expedited = await payWith(guest, url, { shipping: "expedited" });
    expect(expedited.status).toBe(422);
    expect(expedited.page).toContain(`This order comes to ${formatMoney(subtotal + 1499)}`);
    expect(await rowsOf("payment_attempts", cartId)).toEqual([]);

    const paid = await payWith(guest, url);
    expect(paid.status).toBe(303);
    const order = (await shop.running.gateway.services.orders.findByCartId(cartId))!;
    expect(order).toMatchObject({ subtotalCents: subtotal, shippingCents: 0, totalCents: subtotal });
    expect(order.lines[0]).toMatchObject({ quantity, unitPriceCents: tee.priceCents, lineTotalCents: subtotal });
    const [attempt] = await shop.database.db.selectFrom("payment_attempts").select(["amount_cents", "status"]).where("cart_id", "=", cartId).execute();
    expect(attempt).toEqual({ amount_cents: subtotal, status: "COMPLETED" });
  });

  it("records a paid order even when its units would take a product's sales count past int4 (the count stops there)", async () => {
    const db = shop.database.db;
    await db.updateTable("products").set({ sales_count: 2_147_483_000 }).where("handle", "=", "i-survived-the-subcommittee-tee").execute();
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1_000 }]);
    expect((await payWith(guest, await checkoutUrlOf(cartId))).status).toBe(303);
    expect(await rowsOf("orders", cartId)).toHaveLength(1);
    const { sales_count } = await db.selectFrom("products").select("sales_count").where("handle", "=", "i-survived-the-subcommittee-tee").executeTakeFirstOrThrow();
    expect(sales_count).toBe(2_147_483_647);
  });

  it("keeps every price below the limit (a CHECK), so cart totals stay exact integers of cents", async () => {
    const db = shop.database.db;
    await expect(sql`UPDATE variants SET price_cents = ${MAX_CHARGE_CENTS + 1} WHERE id = ${tee.id}`.execute(db)).rejects.toThrow(/variants_price_cents_max/);
    await expect(sql`UPDATE products SET price_cents = ${MAX_CHARGE_CENTS + 1} WHERE handle = 'i-survived-the-subcommittee-tee'`.execute(db)).rejects.toThrow(/products_price_cents_max/);
    // The largest cart: 100 lines of 99,999 units at the highest price is below 2^53.
    expect(MAX_CHARGE_CENTS * MAX_LINE_QUANTITY * MAX_CART_LINES).toBeLessThan(Number.MAX_SAFE_INTEGER);
    // The database holds what the gateway allows on a line, and no more.
    const line = await db.selectFrom("cart_lines").select("id").limit(1).executeTakeFirstOrThrow();
    await expect(sql`UPDATE cart_lines SET quantity = ${MAX_LINE_QUANTITY + 1} WHERE id = ${line.id}`.execute(db)).rejects.toThrow(/cart_lines_quantity_check/);
  });
});
