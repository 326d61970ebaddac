import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, postForm } from "./support/checkout.js";
import { waitFor } from "./support/process.js";
import { CheckoutService } from "../gateway/checkout/checkout.service.js";
import { PaymentAttemptRepository } from "../gateway/checkout/payment-attempt.repository.js";
import { PaymentSettlement } from "../gateway/checkout/payment-settlement.js";
import { TEST_CARDS, TestPaymentProvider } from "../gateway/checkout/test-payment-provider.js";
import type { BegunPayment, PaymentRequest } from "../gateway/checkout/payment-provider.js";
import { FORM_NAMES } from "../gateway/checkout/pages/checkout.view.js";
import type { CheckoutFormInput } from "../gateway/checkout/checkout.form.js";
import { createLogger } from "../gateway/logger.js";

// A payment becomes exactly one order, whatever order the provider's answers, the return page and
// crashes come in. The test provider keeps its sessions and charges in its own tables (as a
// payment service outside the machine would), so these tests read what it took.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let guest: ReturnType<typeof guestFetcher>;
let sticker: TestVariant;
let tee: TestVariant;

const card = { number: TEST_CARDS.approved, expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvc: "123" };
const declinedCard = { ...card, number: TEST_CARDS.declined };
const logs: string[] = [];

/** The posted form's fields as the checkout service reads them. */
const formInput = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(FORM_NAMES).map(([key, name]) => [key, form[name] ?? ""])) as unknown as CheckoutFormInput;
const db = () => shop.database.db;
const attemptsOf = (cartId: string) => db().selectFrom("payment_attempts").selectAll().where("cart_id", "=", cartId).orderBy("created_at").execute();
const ordersOf = (cartId: string) => db().selectFrom("orders").select(["id", "order_number", "total_cents"]).where("cart_id", "=", cartId).execute();
const sessionOf = (id: string) => db().selectFrom("test_payment_sessions").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
const chargesOf = (sessionId: string) => db().selectFrom("test_payment_charges").selectAll().where("idempotency_key", "like", `${sessionId}:%`).orderBy("created_at").execute();
const services = () => shop.running.gateway.services;
const testPayments = () => services().testPayments!;

/** The shop's checkout parts on the test gateway's database, around a provider of the test's choosing. */
function checkoutParts(provider: TestPaymentProvider = testPayments()) {
  const { carts, orders, orderLifecycle } = services();
  const attempts = new PaymentAttemptRepository(db());
  const logger = createLogger("info", (line) => logs.push(line));
  return {
    attempts,
    settlement: new PaymentSettlement(carts, orders, attempts, provider, orderLifecycle, logger),
    checkout: new CheckoutService(
      carts,
      orders,
      provider,
      attempts,
      { publicUrl: "http://127.0.0.1:3000", sessionMinutes: 60 },
      { freeShipping: services().freeShipping, cartDiscounts: services().cartDiscounts },
      orderLifecycle,
      logger,
    ),
  };
}

/** A filled cart and the form a shopper would post for it. */
async function readyCart(items = [{ variantId: sticker.id, quantity: 2 }]): Promise<{ cartId: string; url: string; form: Record<string, string>; token: string }> {
  const cartId = await api.filled(items);
  const url = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
  const { page } = await loadPage(guest, url);
  return { cartId, url, form: { ...formDefaults(page), ...guestDetails() }, token: new URL(url).pathname.split("/").pop()! };
}

/** Pay pressed with a form that passes: the attempt committed and its session begun, no money taken yet. */
async function begun(token: string, form: Record<string, string>) {
  const outcome = await services().checkout.begin(token, { form: formInput(form), summaryKey: null, customerId: null });
  if (outcome.kind !== "redirect") throw new Error(`expected a session, got ${outcome.kind}`);
  return outcome;
}

const minutesFromNow = (minutes: number) => new Date(Date.now() + minutes * 60_000);

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  guest = guestFetcher(shop.url);
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

describe("the test provider behind the payment port", () => {
  const request = (attemptId: string, amountCents = 1234): PaymentRequest => ({ ...baseRequest(attemptId, amountCents), returnUrl: "http://shop/store/checkout/t/return?session_id={SESSION_ID}" });

  it("begins one session per attempt: asked again, it answers the first", async () => {
    const attemptId = crypto.randomUUID();
    const first = await testPayments().begin(request(attemptId));
    const again = await testPayments().begin(request(attemptId));
    expect(again).toEqual(first);
    expect(first.redirectUrl).toBe(`http://shop/store/checkout/t/return?session_id=${first.sessionId}`);
    expect(await testPayments().lookup(first.sessionId)).toMatchObject({ state: "open" });
  });

  it("takes the approved card once, keeps a declined session open, and takes nothing once expired", async () => {
    const session = await testPayments().begin(request(crypto.randomUUID(), 4321));
    expect(await testPayments().pay(session.sessionId, declinedCard)).toEqual({ approved: false, message: "Your card was declined." });
    expect((await testPayments().lookup(session.sessionId)).state).toBe("open");
    expect(await testPayments().pay(session.sessionId, card)).toEqual({ approved: true });
    expect(await testPayments().pay(session.sessionId, card)).toEqual({ approved: true });
    const paid = await testPayments().lookup(session.sessionId);
    expect(paid).toMatchObject({ state: "paid", amountCents: 4321, currencyCode: "USD", card: { brand: "Visa", last4: "4242" } });
    expect((await chargesOf(session.sessionId)).map((c) => c.status)).toEqual(["DECLINED", "APPROVED"]);
    // Expiring a paid session leaves it paid: the payment won that race.
    expect((await testPayments().expire(session.sessionId)).state).toBe("paid");

    const closed = await testPayments().begin(request(crypto.randomUUID()));
    expect(await testPayments().expire(closed.sessionId)).toEqual({ state: "expired" });
    expect((await testPayments().pay(closed.sessionId, card)).approved).toBe(false);
    expect(await chargesOf(closed.sessionId)).toEqual([]);
  });

  it("voids a payment once", async () => {
    const session = await testPayments().begin(request(crypto.randomUUID()));
    await testPayments().pay(session.sessionId, card);
    const paid = await testPayments().lookup(session.sessionId);
    if (paid.state !== "paid") throw new Error("not paid");
    await testPayments().void(paid.paymentId);
    await testPayments().void(paid.paymentId);
    expect((await chargesOf(session.sessionId)).map((c) => c.status)).toEqual(["VOIDED"]);
  });
});

describe("a checkout's payment", () => {
  it("commits the attempt, begins its session, and records the order with the payment", async () => {
    const { cartId, url, form } = await readyCart();
    const paid = await postForm(guest, url, form);
    expect(paid.status).toBe(303);
    const [attempt] = await attemptsOf(cartId);
    const [order] = await ordersOf(cartId);
    expect(attempt).toMatchObject({ status: "COMPLETED", provider: "test", order_id: order!.id, card_last4: "4242" });
    expect(await sessionOf(attempt!.session_id!)).toMatchObject({ status: "PAID", attempt_id: attempt!.id, amount_cents: attempt!.amount_cents, payment_reference: attempt!.charge_reference });
    expect(order!.total_cents).toBe(attempt!.amount_cents);
  });

  it("keeps the attempt open after a declined card, and the next card pays that same attempt", async () => {
    const { cartId, url, form } = await readyCart();
    const declined = await postForm(guest, url, { ...form, card_number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(declined.page).toContain("Your card was declined.");
    expect(await ordersOf(cartId)).toEqual([]);
    const paid = await postForm(guest, url, form);
    expect(paid.status).toBe(303);
    const attempts = await attemptsOf(cartId);
    expect(attempts).toEqual([expect.objectContaining({ status: "COMPLETED" })]);
    expect((await chargesOf(attempts[0]!.session_id!)).map((c) => c.status)).toEqual(["DECLINED", "APPROVED"]);
  });

  it("opens a new attempt when the order changes (another shipping method), closing the old session", async () => {
    const { cartId, url, form, token } = await readyCart();
    const first = await begun(token, form);
    const paid = await postForm(guest, url, { ...form, shipping: "expedited" });
    expect(paid.status).toBe(303);
    const attempts = await attemptsOf(cartId);
    expect(attempts.map((a) => a.status)).toEqual(["ABANDONED", "COMPLETED"]);
    expect((await sessionOf(first.sessionId)).status).toBe("EXPIRED");
    expect((await ordersOf(cartId))[0]!.total_cents).toBe(attempts[1]!.amount_cents);
  });

  it("turns a payment the provider took before a crash into the one order, and paying again charges nothing more", async () => {
    const { cartId, url, form, token } = await readyCart();
    const { sessionId } = await begun(token, form);
    // The shopper paid; the gateway died before it heard back.
    expect(await testPayments().pay(sessionId, card)).toEqual({ approved: true });
    expect(await ordersOf(cartId)).toEqual([]);

    const report = await services().checkout.reconcilePayments();
    expect(report.completed).toBe(0); // too young: it may still be settling elsewhere
    const later = await checkoutParts().settlement.reconcile(minutesFromNow(3));
    expect(later.completed).toBeGreaterThanOrEqual(1);
    const orders = await ordersOf(cartId);
    expect(orders).toHaveLength(1);

    const again = await postForm(guest, url, form);
    expect(again.status).toBe(303);
    expect(again.location).toContain(`order_number=${orders[0]!.order_number}`);
    expect(await chargesOf(sessionId)).toHaveLength(1);
    expect(await attemptsOf(cartId)).toHaveLength(1);
  });

  it("resumes an attempt whose session was never begun (a crash before the provider was asked), once", async () => {
    const { cartId, url, form, token } = await readyCart();
    const dying = checkoutParts(
      new (class extends TestPaymentProvider {
        override async begin(): Promise<BegunPayment> {
          throw new Error("the gateway died before asking the provider");
        }
      })(db()),
    );
    await expect(dying.checkout.begin(token, { form: formInput(form), summaryKey: null, customerId: null })).rejects.toThrow("died before asking");
    expect(await attemptsOf(cartId)).toEqual([expect.objectContaining({ status: "PENDING", session_id: null })]);
    const paid = await postForm(guest, url, form);
    expect(paid.status).toBe(303);
    expect(await attemptsOf(cartId)).toEqual([expect.objectContaining({ status: "COMPLETED" })]);
  });

  it("abandons an attempt never sent to a provider once reconciliation finds it old", async () => {
    const { cartId, token, form } = await readyCart();
    const parts = checkoutParts();
    const orphan = await db()
      .transaction()
      .execute((trx) => parts.attempts.insert({ cartId, summaryKey: "k", amountCents: 100, currencyCode: "USD", draft: {} as never, provider: "test" }, trx));
    await parts.settlement.reconcile(minutesFromNow(3));
    expect((await parts.attempts.findById(orphan.id))!.status).toBe("ABANDONED");
    expect((await begun(token, form)).kind).toBe("redirect");
  });

  it("abandons an attempt whose session ran out, and the cart is payable again", async () => {
    const { cartId, url, form, token } = await readyCart();
    const { sessionId } = await begun(token, form);
    await checkoutParts().settlement.reconcile(minutesFromNow(61));
    expect((await attemptsOf(cartId))[0]!.status).toBe("ABANDONED");
    expect((await sessionOf(sessionId)).status).toBe("EXPIRED");
    expect((await testPayments().pay(sessionId, card)).approved).toBe(false);
    expect((await postForm(guest, url, form)).status).toBe(303);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });
});

describe("settling", () => {
  it("answers the same one order to three settlements at once", async () => {
    const { cartId, form, token } = await readyCart();
    const { sessionId } = await begun(token, form);
    await testPayments().pay(sessionId, card);
    const [attempt] = await attemptsOf(cartId);
    const { settlement } = checkoutParts();
    const settled = await Promise.all([settlement.settle(attempt!.id), settlement.settle(attempt!.id), settlement.settle(attempt!.id)]);
    const orders = await ordersOf(cartId);
    expect(orders).toHaveLength(1);
    expect(settled.map((s) => (s.kind === "paid" ? s.order.id : s.kind))).toEqual([orders[0]!.id, orders[0]!.id, orders[0]!.id]);
  });

  it("records a provider's event once, with its effect; the same event again changes nothing", async () => {
    const { cartId, form, token } = await readyCart();
    const { sessionId } = await begun(token, form);
    await testPayments().pay(sessionId, card);
    const event = { provider: "test", eventId: `evt_${crypto.randomUUID()}`, type: "session.paid" };
    const [first, second] = await Promise.all([
      services().checkout.settleFromEvent(event, { sessionId, attemptId: null }),
      services().checkout.settleFromEvent(event, { sessionId, attemptId: null }),
    ]);
    expect(first.kind).toBe("paid");
    expect(second.kind).toBe("paid");
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await db().selectFrom("payment_events").selectAll().where("event_id", "=", event.eventId).execute()).toHaveLength(1);
  });

  it("gives back a second payment for a cart another attempt already paid, and answers the order", async () => {
    const { cartId, url, form } = await readyCart();
    expect((await postForm(guest, url, form)).status).toBe(303);
    const [order] = await ordersOf(cartId);
    const [done] = await attemptsOf(cartId);
    const parts = checkoutParts();
    const extra = await db()
      .transaction()
      .execute((trx) =>
        parts.attempts.insert({ cartId, summaryKey: done!.summary_key, amountCents: done!.amount_cents, currencyCode: "USD", draft: done!.order_draft as never, provider: "test" }, trx),
      );
    const session = await testPayments().begin({ ...baseRequest(extra.id, extra.amountCents) });
    await parts.attempts.recordSession(extra.id, session);
    await testPayments().pay(session.sessionId, card);
    expect(await parts.settlement.settle(extra.id)).toMatchObject({ kind: "paid", order: { id: order!.id } });
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await parts.attempts.findById(extra.id)).toMatchObject({ status: "VOIDED", voidReason: "surplus" });
    expect((await chargesOf(session.sessionId)).map((c) => c.status)).toEqual(["VOIDED"]);
  });

  it("makes no order of a payment that is not what its attempt asked: it is given back and logged", async () => {
    const { cartId, form, token } = await readyCart();
    const parts = checkoutParts();
    const { sessionId } = await begun(token, form);
    const [attempt] = await attemptsOf(cartId);
    // The provider's session for this attempt took one cent less than the attempt asked.
    await db().updateTable("test_payment_sessions").set({ amount_cents: attempt!.amount_cents - 1 }).where("id", "=", sessionId).execute();
    await testPayments().pay(sessionId, card);
    expect(await parts.settlement.settle(attempt!.id)).toEqual({ kind: "voided" });
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await parts.attempts.findById(attempt!.id)).toMatchObject({ status: "VOIDED", voidReason: `mismatch: amount ${attempt!.amount_cents - 1} of ${attempt!.amount_cents}` });
    expect((await chargesOf(sessionId)).map((c) => c.status)).toEqual(["VOIDED"]);
    expect(logs.join("\n")).toContain("payment does not match its attempt");
    // The cart is untouched and can be paid properly.
    expect((await begun(token, form)).kind).toBe("redirect");
  });
});

describe("a cart changed while its payment page is open", () => {
  it("closes the session: nobody pays for what the cart no longer holds", async () => {
    const { cartId, url, form, token } = await readyCart();
    const { sessionId } = await begun(token, form);
    expect((await api.add(cartId, [{ variantId: tee.id, quantity: 1 }])).status).toBe(200);
    await waitFor(async () => (await sessionOf(sessionId)).status === "EXPIRED", 10_000, "the open session to be expired");
    await waitFor(async () => (await attemptsOf(cartId))[0]!.status === "ABANDONED", 10_000, "the attempt to be abandoned");
    expect((await testPayments().pay(sessionId, card)).approved).toBe(false);
    // Paying now pays for what the cart holds now.
    const paid = await postForm(guest, url, (await readyForm(url)).form);
    expect(paid.status).toBe(303);
    const attempts = await attemptsOf(cartId);
    expect(attempts.map((a) => a.status)).toEqual(["ABANDONED", "COMPLETED"]);
    expect((attempts[1]!.order_draft as { lines: unknown[] }).lines).toHaveLength(2);
  });

  it("makes a payment that won the race the order of what was paid", async () => {
    const { cartId, form, token } = await readyCart();
    const { sessionId } = await begun(token, form);
    await testPayments().pay(sessionId, card);
    const [attempt] = await attemptsOf(cartId);
    await api.add(cartId, [{ variantId: tee.id, quantity: 1 }]);
    await waitFor(async () => (await ordersOf(cartId)).length === 1, 10_000, "the paid session to become the order");
    const lines = await db().selectFrom("order_lines").select(["variant_id", "quantity"]).where("order_id", "=", (await ordersOf(cartId))[0]!.id).execute();
    expect(lines).toEqual([{ variant_id: sticker.id, quantity: 2 }]);
    expect((await ordersOf(cartId))[0]!.total_cents).toBe(attempt!.amount_cents);
  });
});

/** A payment request for an attempt made by hand in a test. */
function baseRequest(attemptId: string, amountCents: number): PaymentRequest {
  return {
    attemptId,
    cartId: "cart",
    amountCents,
    currencyCode: "USD",
    discount: null,
    lines: [],
    shipping: { label: "Standard", amountCents: 0 },
    email: "a@example.com",
    shippingAddress: { name: "A", line1: "1 Main St", line2: null, city: "X", postalCode: "12345", countryCode: "US", stateCode: "NY", phone: null },
    returnUrl: "http://shop/return?session_id={SESSION_ID}",
    cancelUrl: "http://shop/cancel",
    expiresAt: minutesFromNow(60),
  };
}

async function readyForm(url: string) {
  const { page } = await loadPage(guest, url);
  return { form: { ...formDefaults(page), ...guestDetails() } };
}
