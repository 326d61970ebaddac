import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, postForm } from "./support/checkout.js";
import { startStripeShop, type StripeShop } from "./support/stripe-shop.js";
import { addPromotion } from "./support/promotions.js";

// Usage limits hold when checkouts race: every cart loaded its checkout page while the code was
// free, then all press Pay at once. Exactly the limit's worth of payments open with the code; the
// others are told why on the page, and no attempt (so no money) is opened for them. On PostgreSQL
// with 50 carts for 10 uses; on the embedded database (one connection, so the race is a queue)
// with 12 for 3.
const onPostgres = process.env.TEST_DATABASE_URL !== undefined;
const CARTS = onPostgres ? 50 : 12;
const LIMIT = onPostgres ? 10 : 3;
const USED_UP = "has been used as many times as it can be.";

async function codeOnCarts(shop: TestGateway, api: ReturnType<typeof cartApi>, variant: TestVariant, code: string): Promise<string[]> {
  const carts = await Promise.all(Array.from({ length: CARTS }, () => api.filled([{ variantId: variant.id, quantity: 1 }])));
  for (const cartId of carts) {
    const res = await shop.rest(`/api/cart/${encodeURIComponent(cartId)}/discount-codes`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ discountCodes: [code] }),
    });
    expect(res.status).toBe(200);
    expect(res.body.discountCodes[0].applicable).toBe(true);
  }
  return carts;
}

describe(`${CARTS} checkouts racing for a code limited to ${LIMIT} uses (test provider)`, () => {
  let shop: TestGateway;
  beforeAll(async () => {
    shop = await startTestGateway();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it(`makes exactly ${LIMIT} discounted orders; the others are told before any money moves`, async () => {
    const api = cartApi(shop);
    const tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
    const code = `RACE${Date.now().toString(36).toUpperCase()}`;
    await addPromotion(shop, { kind: "fixed_amount", amountOffCents: 500, codes: [{ code, usageLimit: LIMIT }] });
    const carts = await codeOnCarts(shop, api, tee, code);
    const guest = guestFetcher(shop.url);
    const pages = await Promise.all(
      carts.map(async (cartId) => {
        const url = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
        const { page } = await loadPage(guest, url);
        expect(page).toContain("−$5.00");
        return { cartId, url, form: { ...formDefaults(page), ...guestDetails() } };
      }),
    );

    const answers = await Promise.all(pages.map((p, i) => postForm(guest, p.url, { ...p.form, email: `racer${i}@example.com` })));
    const paid = answers.filter((a) => a.status === 303);
    const refused = answers.filter((a) => a.status === 409);
    expect(paid).toHaveLength(LIMIT);
    expect(refused).toHaveLength(CARTS - LIMIT);
    for (const r of refused) expect(r.page).toContain(USED_UP);

    const db = shop.database.db;
    const orders = await db.selectFrom("orders").select(["cart_id", "discount_cents", "discount_code", "total_cents", "subtotal_cents", "shipping_cents"]).where("cart_id", "in", carts).execute();
    expect(orders).toHaveLength(LIMIT);
    for (const o of orders) expect(o).toMatchObject({ discount_cents: 500, discount_code: code, total_cents: o.subtotal_cents - 500 + o.shipping_cents });
    const attempts = await db.selectFrom("payment_attempts").select(["cart_id", "status"]).where("cart_id", "in", carts).execute();
    expect(attempts.map((a) => a.status).sort()).toEqual(Array.from({ length: LIMIT }, () => "COMPLETED"));
  });
});

describe(`${CARTS} checkouts racing for a code limited to ${LIMIT} uses (Stripe)`, () => {
  let s: StripeShop;
  beforeAll(async () => {
    s = await startStripeShop();
  });
  afterAll(async () => {
    await s?.close();
  });

  it(`opens exactly ${LIMIT} Stripe sessions, each with the attempt's own coupon, and each paid session becomes its discounted order`, async () => {
    const tee = (await variantsOf(s.shop, "i-survived-the-subcommittee-tee"))[0]!;
    const code = `STRIPE${Date.now().toString(36).toUpperCase()}`;
    await addPromotion(s.shop, { kind: "percentage", percentOff: 20, codes: [{ code, usageLimit: LIMIT }] });
    const carts = await codeOnCarts(s.shop, s.api, tee, code);
    const ready = await Promise.all(
      carts.map(async (cartId) => {
        const url = (await s.api.checkoutUrl(cartId)).body.checkoutUrl as string;
        const { page } = await loadPage(s.guest, url);
        const { card_number: _n, expiry: _e, cvc: _c, ...details } = guestDetails();
        return { cartId, url, form: { ...formDefaults(page), ...details } };
      }),
    );
    const sessionsBefore = s.fake.sessionCalls().length;
    const answers = await Promise.all(ready.map((r, i) => s.pay(r.url, { ...r.form, email: `stripe${i}@example.com` })));
    const sent = answers.filter((a) => a.status === 303);
    expect(sent).toHaveLength(LIMIT);
    expect(answers.filter((a) => a.status === 409 && a.page.includes(USED_UP))).toHaveLength(CARTS - LIMIT);
    expect(s.fake.sessionCalls().length - sessionsBefore).toBe(LIMIT);

    const discount = Math.floor((tee.priceCents * 20 * 2 + 100) / 200);
    const db = s.shop.database.db;
    const attempts = await db.selectFrom("payment_attempts").select(["id", "amount_cents", "session_id", "cart_id"]).where("cart_id", "in", carts).execute();
    expect(attempts).toHaveLength(LIMIT);
    for (const attempt of attempts) {
      const session = s.fake.session(attempt.session_id!);
      // Stripe's total is exactly ours: the lines less one amount_off coupon of this attempt.
      expect(session.amount_total).toBe(attempt.amount_cents);
      expect(session.total_details?.amount_discount).toBe(discount);
      expect(session.discounts).toHaveLength(1);
      expect(session.allow_promotion_codes).toBeNull();
      const { successUrl } = await s.fake.pay(attempt.session_id!);
      expect((await s.returnTo(successUrl)).status).toBe(303);
    }
    const orders = await db.selectFrom("orders").select(["discount_cents", "discount_code", "total_cents"]).where("cart_id", "in", carts).execute();
    expect(orders).toHaveLength(LIMIT);
    for (const o of orders) expect(o).toMatchObject({ discount_cents: discount, discount_code: code });
    expect(orders.map((o) => o.total_cents).sort()).toEqual(attempts.map((a) => a.amount_cents).sort());
  });
});
