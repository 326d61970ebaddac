import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { loadPage } from "./support/checkout.js";
import { waitFor } from "./support/process.js";
import { startStripeShop, type StripeShop } from "./support/stripe-shop.js";
import { cardNumbersIn, databaseText } from "./support/card-scan.js";
import { STRIPE_TEST_KEYS } from "./support/fake-stripe.js";
import { PaymentAttemptRepository } from "../gateway/checkout/payment-attempt.repository.js";
import { PaymentSettlement } from "../gateway/checkout/payment-settlement.js";
import { CheckoutService } from "../gateway/checkout/checkout.service.js";
import { StripePaymentProvider } from "../gateway/checkout/stripe-payment-provider.js";
import type { BegunPayment, PaymentRequest } from "../gateway/checkout/payment-provider.js";
import { FORM_NAMES } from "../gateway/checkout/pages/checkout.view.js";
import type { CheckoutFormInput } from "../gateway/checkout/checkout.form.js";
import { createLogger } from "../gateway/logger.js";

// Stripe Checkout behind the payment port, the real `stripe` SDK talking to the fake Stripe
// (tests/support/fake-stripe.ts): what the Pay button sends Stripe and where it sends the browser,
// how Stripe's sessions become orders (the return page, reconciliation), and what is given back.
// The webhook has its own file (stripe-webhooks.test.ts).
let s: StripeShop;
let sticker: TestVariant;
let tee: TestVariant;
const logs: string[] = [];

const db = () => s.shop.database.db;
const services = () => s.shop.running.gateway.services;
const attemptsOf = (cartId: string) => db().selectFrom("payment_attempts").selectAll().where("cart_id", "=", cartId).orderBy("created_at").execute();
const ordersOf = (cartId: string) => db().selectFrom("orders").select(["id", "order_number", "total_cents", "card_brand", "card_last4"]).where("cart_id", "=", cartId).execute();
const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);
const formInput = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(FORM_NAMES).map(([key, name]) => [key, form[name] ?? ""])) as unknown as CheckoutFormInput;

/** A provider of the shop's settings, built again (as another gateway process would). */
const provider = () => new StripePaymentProvider({ ...STRIPE_TEST_KEYS, apiVersion: null, apiUrl: new URL(s.fake.url) });

/** The shop's checkout parts around a provider of the test's choosing (a crash injected, a clock moved). */
function checkoutParts(payments: StripePaymentProvider = provider()) {
  const { carts, orders, orderLifecycle } = services();
  const attempts = new PaymentAttemptRepository(db());
  const logger = createLogger("info", (line) => logs.push(line));
  return {
    attempts,
    settlement: new PaymentSettlement(carts, orders, attempts, payments, orderLifecycle, logger),
    checkout: new CheckoutService(
      carts,
      orders,
      payments,
      attempts,
      { publicUrl: "http://127.0.0.1:3000", sessionMinutes: 60 },
      { freeShipping: services().freeShipping, cartDiscounts: services().cartDiscounts },
      orderLifecycle,
      logger,
    ),
  };
}

/** Pay pressed: answers the session the browser was sent to. */
async function pressPay(url: string, form: Record<string, string>) {
  const answer = await s.pay(url, form);
  expect(answer.status, answer.page.slice(0, 300)).toBe(303);
  const sessionId = new URL(answer.location!).pathname.split("/").pop()!;
  return { location: answer.location!, sessionId, session: s.fake.session(sessionId) };
}

beforeAll(async () => {
  s = await startStripeShop();
  sticker = (await variantsOf(s.shop, "red-tape-sticker-pack"))[0]!;
  tee = (await variantsOf(s.shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(async () => {
  await s?.close();
});

describe("the Pay button in Stripe mode", () => {
  it("shows no card fields: the card is typed on Stripe's page", async () => {
    const { url } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const { status, page, headers } = await loadPage(s.guest, url);
    expect(status).toBe(200);
    expect(page).not.toMatch(/name="(card_number|expiry|cvc)"/);
    expect(page).not.toContain("Test mode");
    expect(page).toContain("You will pay on Stripe's secure page");
    // The form may send the browser on to Stripe's page (a form's redirect is held to form-action).
    expect(headers.get("content-security-policy")).toContain(`form-action 'self' http://127.0.0.1:3000 ${s.fake.url}`);
    expect(services().testPayments).toBeNull();
  });

  it("creates one Checkout Session for the payment and answers 303 to Stripe's page", async () => {
    const items = [
      { variantId: sticker.id, quantity: 2 },
      { variantId: tee.id, quantity: 1 },
    ];
    const { cartId, url, form, token } = await s.readyCart(items);
    const before = s.fake.sessionCalls().length;
    const { location, session } = await pressPay(url, form);
    const [attempt] = await attemptsOf(cartId);
    expect(location).toBe(session.url);
    expect(location.startsWith(`${s.fake.url}/c/pay/cs_test_`)).toBe(true);
    expect(attempt).toMatchObject({ provider: "stripe", status: "PENDING", session_id: session.id });

    const calls = s.fake.sessionCalls();
    expect(calls).toHaveLength(before + 1);
    const call = calls.at(-1)!;
    expect(call.idempotencyKey).toBe(`checkout-session:${attempt!.id}`);
    expect(call.stripeVersion).toBe(Stripe.API_VERSION);
    const draft = attempt!.order_draft as { lines: { unitPriceCents: number; quantity: number; productTitle: string; variantTitle: string | null }[]; shippingCents: number; shippingMethod: string; totalCents: number };
    const p = call.params as Record<string, any>;
    expect(p.mode).toBe("payment");
    expect(p.client_reference_id).toBe(attempt!.id);
    expect(p.customer_email).toBe("pat+shop@example.com");
    expect(p.metadata).toEqual({ attempt_id: attempt!.id, cart_id: cartId });
    expect(p.payment_intent_data.metadata).toEqual({ attempt_id: attempt!.id, cart_id: cartId });
    // The guest buyer (tests/support/checkout.ts) lives in Illinois: the state goes to Stripe as its code.
    expect(p.payment_intent_data.shipping).toEqual({ name: "Pat Doe", address: { line1: "1 Main St, Apt 2", city: "Springfield", postal_code: "12345", country: "US", state: "IL" } });
    expect(p.success_url).toBe(`http://127.0.0.1:3000/store/checkout/${token}/return?session_id={CHECKOUT_SESSION_ID}`);
    expect(p.cancel_url).toBe(`http://127.0.0.1:3000/store/checkout/${token}?cancelled=1`);
    expect(Number(p.expires_at)).toBe(Math.floor(new Date(attempt!.expires_at!).getTime() / 1000));
    expect(Number(p.expires_at) - Date.now() / 1000).toBeGreaterThan(59 * 60);

    // Every line in integer cents, named, with a PNG image; the shipping as its own line.
    expect(draft.shippingCents).toBeGreaterThan(0);
    expect(p.line_items).toHaveLength(3);
    draft.lines.forEach((line, i) => {
      const item = p.line_items[i];
      expect(item.quantity).toBe(String(line.quantity));
      expect(item.price_data.currency).toBe("usd");
      expect(item.price_data.unit_amount).toBe(String(line.unitPriceCents));
      expect(item.price_data.product_data.name).toBe(line.variantTitle ? `${line.productTitle} (${line.variantTitle})` : line.productTitle);
      expect(item.price_data.product_data.images).toHaveLength(1);
      expect(item.price_data.product_data.images[0]).toMatch(/^http:\/\/127\.0\.0\.1:3000\/media\/.+\.png$/);
    });
    expect(p.line_items[2]).toEqual({ quantity: "1", price_data: { currency: "usd", unit_amount: String(draft.shippingCents), product_data: { name: `Shipping: ${draft.shippingMethod}` } } });
    expect(session.amount_total).toBe(draft.totalCents);
    expect(attempt!.amount_cents).toBe(draft.totalCents);
  });

  it("shows a custom design's line on Stripe's page as the design's mock-up (absolute), a product's as its photo's PNG", async () => {
    const designId = await uploadDesign(s.shop);
    const { url, form } = await s.readyCart([
      { variantId: tee.id, quantity: 1, customAttributes: [{ key: "designId", value: designId }] },
      { variantId: sticker.id, quantity: 1 },
    ]);
    await pressPay(url, form);
    const p = s.fake.sessionCalls().at(-1)!.params as Record<string, any>;
    expect(p.line_items[0].price_data.product_data.images).toEqual([`http://127.0.0.1:3000/designs/${designId}/preview`]);
    expect(p.line_items[1].price_data.product_data.images).toEqual([expect.stringMatching(/^http:\/\/127\.0\.0\.1:3000\/media\/.+\.png$/)]);
  });

  it("opens no session on any GET: the checkout page, a return without a session, an unknown session", async () => {
    const { url, token } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const before = s.fake.calls.length;
    expect((await loadPage(s.guest, url)).status).toBe(200);
    expect((await s.guest(`/store/checkout/${token}/return`)).status).toBe(404);
    expect((await s.guest(`/store/checkout/${token}/return?session_id=cs_test_nothing`)).status).toBe(404);
    expect((await s.guest(`/store/checkout/${token}?cancelled=1`)).status).toBe(200);
    expect(s.fake.calls.slice(before).filter((c) => c.method === "POST")).toEqual([]);
  });

  it("sends a second Pay for the same order to the same session (same Idempotency-Key, one session)", async () => {
    const { cartId, url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const first = await pressPay(url, form);
    const second = await pressPay(url, form);
    expect(second.location).toBe(first.location);
    const [attempt] = await attemptsOf(cartId);
    const calls = s.fake.sessionCalls().filter((c) => c.idempotencyKey === `checkout-session:${attempt!.id}`);
    expect(calls).toHaveLength(2);
    expect(calls[1]!.replayed).toBe(true);
    expect(await attemptsOf(cartId)).toHaveLength(1);
  });

  it("after a crash between Stripe's answer and recording the session, Pay again answers that same session", async () => {
    const { cartId, url, form, token } = await s.readyCart([{ variantId: sticker.id, quantity: 3 }]);
    const dying = checkoutParts(
      new (class extends StripePaymentProvider {
        override async begin(request: PaymentRequest): Promise<BegunPayment> {
          await super.begin(request);
          throw new Error("the gateway died before it recorded the session");
        }
      })({ ...STRIPE_TEST_KEYS, apiVersion: null, apiUrl: new URL(s.fake.url) }),
    );
    await expect(dying.checkout.begin(token, { form: formInput(form), summaryKey: null, customerId: null })).rejects.toThrow("died before");
    const [orphan] = await attemptsOf(cartId);
    expect(orphan).toMatchObject({ status: "PENDING", session_id: null });
    const made = s.fake.sessionOfAttempt(orphan!.id)!;

    // Two minutes later the same attempt asks again: the same key with the same parameters, so
    // Stripe answers the session it made (an expiry counted from now would be "the same key with
    // other parameters": refused).
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() + 2 * 60_000 });
    const again = await pressPay(url, form).finally(() => vi.useRealTimers());
    expect(again.sessionId).toBe(made.id);
    const calls = s.fake.sessionCalls().filter((c) => c.idempotencyKey === `checkout-session:${orphan!.id}`);
    expect(calls.map((c) => [c.status, c.replayed])).toEqual([
      [200, false],
      [200, true],
    ]);
    expect(await attemptsOf(cartId)).toEqual([expect.objectContaining({ id: orphan!.id, session_id: made.id })]);
  });
});

describe("Stripe's answers", () => {
  it("a card payment becomes the order on the return page, with the card's brand and last four", async () => {
    const { cartId, url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 2 }]);
    const { sessionId } = await pressPay(url, form);
    s.fake.hold(); // the webhook comes later (stripe-webhooks.test.ts): the return page settles on its own
    const { successUrl } = await s.fake.pay(sessionId);
    expect(successUrl).toContain(`session_id=${sessionId}`);
    const back = await s.returnTo(successUrl);
    expect(back.status).toBe(303);
    const [order] = await ordersOf(cartId);
    expect(back.location).toContain(`/checkout-success?id=${order!.id}&order_number=${order!.order_number}`);
    expect(order).toMatchObject({ card_brand: "Visa", card_last4: "4242" });
    const [attempt] = await attemptsOf(cartId);
    expect(attempt).toMatchObject({ status: "COMPLETED", order_id: order!.id, charge_reference: s.fake.session(sessionId).payment_intent });
    expect(order!.total_cents).toBe(s.fake.session(sessionId).amount_total);
    await s.fake.release();
    await s.fake.idle();
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it("pays on Stripe's page as a browser does: declined, then approved, and back to the shop's return page", async () => {
    const { cartId, url, form } = await s.readyCart([{ variantId: tee.id, quantity: 1 }]);
    const { location, sessionId } = await pressPay(url, form);
    const page = await fetch(location);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('<label for="cardNumber">Card number</label>');
    const typed = (card: string) => fetch(location, { method: "POST", redirect: "manual", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ cardNumber: card, cardExpiry: "12 / 34", cardCvc: "123", billingName: "Pat Doe" }).toString() });
    const declined = await typed("4000 0000 0000 0002");
    expect(declined.status).toBe(402);
    expect(await declined.text()).toContain("Your card was declined.");
    expect(s.fake.session(sessionId).status).toBe("open");
    const approved = await typed("4242 4242 4242 4242");
    expect(approved.status).toBe(303);
    const successUrl = approved.headers.get("location")!;
    expect(successUrl).toMatch(new RegExp(`/store/checkout/[^/]+/return\\?session_id=${sessionId}$`));
    await s.fake.idle();
    const back = await s.returnTo(successUrl);
    expect(back.status).toBe(303);
    expect(back.location).toContain("/checkout-success?");
    expect(await ordersOf(cartId)).toEqual([expect.objectContaining({ card_brand: "Visa", card_last4: "4242" })]);
  });

  it("lookup maps each state of a session: open, paid, processing, failed, expired", async () => {
    const payments = provider();
    const open = async () => {
      const { url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
      return (await pressPay(url, form)).session;
    };
    s.fake.hold();
    try {
      const a = await open();
      expect(await payments.lookup(a.id)).toEqual({ state: "open", expiresAt: new Date(a.expires_at * 1000) });
      await s.fake.pay(a.id);
      const intent = s.fake.session(a.id).payment_intent as string;
      expect(await payments.lookup(a.id)).toEqual({
        state: "paid",
        reference: a.client_reference_id,
        amountCents: a.amount_total,
        currencyCode: "USD",
        paymentId: intent,
        card: { brand: "Visa", last4: "4242" },
      });
      const b = await open();
      await s.fake.pay(b.id, { async: true });
      expect(await payments.lookup(b.id)).toEqual({ state: "processing" });
      await s.fake.settleAsync(b.id, "failed");
      expect(await payments.lookup(b.id)).toEqual({ state: "failed", message: "The customer's bank account could not be debited." });
      const c = await open();
      await s.fake.expireSession(c.id);
      expect(await payments.lookup(c.id)).toEqual({ state: "expired" });
      // Every read asks for the PaymentIntent and its charge, with our pinned version.
      const reads = s.fake.calls.filter((call) => call.method === "GET" && call.path === `/v1/checkout/sessions/${a.id}`);
      expect(reads.map((r) => [r.params.expand, r.stripeVersion])).toEqual(reads.map(() => [["payment_intent", "payment_intent.latest_charge"], Stripe.API_VERSION]));
    } finally {
      s.fake.discardHeld();
    }
  });

  it("sends STRIPE_API_VERSION, when set, on every call instead of the SDK's pinned version", async () => {
    const { url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const { sessionId } = await pressPay(url, form);
    const pinned = new StripePaymentProvider({ ...STRIPE_TEST_KEYS, apiVersion: "2025-09-30.clover", apiUrl: new URL(s.fake.url) });
    const before = s.fake.calls.length;
    await pinned.lookup(sessionId);
    await pinned.expire(sessionId);
    expect(s.fake.calls.slice(before).map((c) => [c.method, c.stripeVersion])).toEqual([
      ["GET", "2025-09-30.clover"],
      ["POST", "2025-09-30.clover"],
    ]);
  });

  it("expire() closes an open session; refused for one paid meanwhile, it answers the payment that won", async () => {
    const payments = provider();
    const { url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const { session } = await pressPay(url, form);
    expect(await payments.expire(session.id)).toEqual({ state: "expired" });
    expect(s.fake.session(session.id).status).toBe("expired");
    expect(await payments.expire(session.id)).toEqual({ state: "expired" });

    const other = await s.readyCart([{ variantId: tee.id, quantity: 1 }]);
    const paid = await pressPay(other.url, other.form);
    s.fake.hold();
    await s.fake.pay(paid.sessionId);
    const answer = await payments.expire(paid.sessionId);
    expect(answer).toMatchObject({ state: "paid", amountCents: paid.session.amount_total });
    const refused = s.fake.calls.filter((c) => c.path === `/v1/checkout/sessions/${paid.sessionId}/expire`);
    expect(refused.map((c) => c.status)).toEqual([400]);
    s.fake.discardHeld();
  });

  it("void() refunds the PaymentIntent in full, once per key, and a payment refunded already is left alone", async () => {
    const payments = provider();
    const { url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const { sessionId, session } = await pressPay(url, form);
    s.fake.hold();
    await s.fake.pay(sessionId);
    const intent = s.fake.session(sessionId).payment_intent as string;
    await payments.void(intent, "void:test-once");
    await payments.void(intent, "void:test-once");
    await payments.void(intent, "void:another-key");
    const refunds = s.fake.refunds.filter((r) => r.payment_intent === intent);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]).toMatchObject({ amount: session.amount_total, status: "succeeded" });
    const calls = s.fake.calls.filter((c) => c.path === "/v1/refunds" && c.params.payment_intent === intent);
    expect(calls.map((c) => [c.idempotencyKey, c.status, c.replayed])).toEqual([
      ["void:test-once", 200, false],
      ["void:test-once", 200, true],
      ["void:another-key", 400, false],
    ]);
    s.fake.discardHeld();
  });
});

describe("a session's end", () => {
  it("a cart changed while its session is open has that session expired at Stripe", async () => {
    const { cartId, url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
    const { sessionId } = await pressPay(url, form);
    expect((await s.api.add(cartId, [{ variantId: tee.id, quantity: 1 }])).status).toBe(200);
    await waitFor(() => s.fake.session(sessionId).status === "expired", 10_000, "the session to be expired at Stripe");
    await waitFor(async () => (await attemptsOf(cartId))[0]!.status === "ABANDONED", 10_000, "the attempt to be abandoned");
    expect(s.fake.calls.filter((c) => c.path === `/v1/checkout/sessions/${sessionId}/expire`).map((c) => c.status)).toEqual([200]);
    // Paying now pays for what the cart holds now, on a new session.
    const { page } = await loadPage(s.guest, url);
    const next = await pressPay(url, { ...form, summary_key: /name="summary_key" value="([^"]+)"/.exec(page)![1]! });
    expect(next.sessionId).not.toBe(sessionId);
    expect((s.fake.sessionParams(next.sessionId).line_items as unknown[]).length).toBe(3);
  });

  it("reconciliation settles a payment it never heard of, and abandons a session past its time", async () => {
    const paidCart = await s.readyCart([{ variantId: sticker.id, quantity: 4 }]);
    const paid = await pressPay(paidCart.url, paidCart.form);
    const lateCart = await s.readyCart([{ variantId: tee.id, quantity: 2 }]);
    const late = await pressPay(lateCart.url, lateCart.form);
    s.fake.hold();
    await s.fake.pay(paid.sessionId);
    // Neither the webhook nor the browser came back; reconciliation asks Stripe.
    const { settlement } = checkoutParts();
    await settlement.reconcile(minutesFromNow(3));
    expect(await ordersOf(paidCart.cartId)).toHaveLength(1);
    expect((await attemptsOf(lateCart.cartId))[0]!.status).toBe("PENDING");
    await settlement.reconcile(minutesFromNow(61));
    expect((await attemptsOf(lateCart.cartId))[0]!.status).toBe("ABANDONED");
    expect(s.fake.session(late.sessionId).status).toBe("expired");
    expect(await ordersOf(lateCart.cartId)).toEqual([]);
    expect(await ordersOf(paidCart.cartId)).toHaveLength(1);
    s.fake.discardHeld();
  });

  it("an asynchronous payment waits as processing, and becomes the order once Stripe has the money", async () => {
    const { cartId, url, form } = await s.readyCart([{ variantId: sticker.id, quantity: 2 }]);
    const { sessionId } = await pressPay(url, form);
    s.fake.hold();
    const { successUrl } = await s.fake.pay(sessionId, { async: true });
    const back = await s.returnTo(successUrl);
    expect(back.status).toBe(200);
    expect(back.page).toContain("Payment processing");
    expect((await attemptsOf(cartId))[0]!.status).toBe("PROCESSING");
    // Pay pressed again while the bank confirms: nothing new is opened.
    expect((await s.pay(url, form)).status).toBe(200);
    await s.fake.settleAsync(sessionId, "succeeded");
    await checkoutParts().settlement.reconcile(minutesFromNow(3));
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect((await attemptsOf(cartId)).map((a) => a.status)).toEqual(["COMPLETED"]);
    s.fake.discardHeld();
  });
});

describe("card numbers", () => {
  it("appear nowhere: not in what the gateway received or sent to Stripe, not in its logs, not in its database", async () => {
    await s.fake.idle();
    // The only place a card number went is Stripe's own page (where the shopper types it).
    const pages = s.fake.received.filter((r) => r.kind === "page" && r.method === "POST");
    const places = [
      ...s.proxy.received.map((r) => ({ place: `gateway received ${r.method} ${r.url}`, text: r.body })),
      ...s.fake.received.filter((r) => r.kind === "api").map((r) => ({ place: `Stripe received ${r.method} ${r.url}`, text: `${r.url}\n${r.body}` })),
      ...s.fake.deliveries.map((d) => ({ place: `webhook ${d.eventId}`, text: JSON.stringify(s.fake.events.find((e) => e.id === d.eventId)) })),
      { place: "gateway logs", text: s.shop.logs.join("\n") },
      { place: "test logs", text: logs.join("\n") },
      ...(await databaseText(db())),
    ];
    expect(places.length).toBeGreaterThan(20);
    expect(places.filter((p) => cardNumbersIn(p.text).length > 0).map((p) => `${p.place}: ${cardNumbersIn(p.text).join(", ")}`)).toEqual([]);
    // The scan finds them where they were typed (URL-encoded, as a form posts them).
    expect(pages.map((p) => cardNumbersIn(decodeURIComponent(p.body.replace(/\+/g, " "))))).toEqual([["4000 0000 0000 0002"], ["4242 4242 4242 4242"]]);
    expect(cardNumbersIn(`{"card":"4242-4242-4242-4242","n":4000000000000002,"amex":"3782 822463 10005","not":4242424242424241,"uuid":"a3c5-4198-9359-9792"}`)).toEqual([
      "4242-4242-4242-4242",
      "4000000000000002",
      "3782 822463 10005",
    ]);
  });
});
