import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, postForm } from "./support/checkout.js";
import { CheckoutService } from "../gateway/checkout/checkout.service.js";
import { PaymentAttemptRepository } from "../gateway/checkout/payment-attempt.repository.js";
import { PaymentSettlement } from "../gateway/checkout/payment-settlement.js";
import { TEST_CARDS, TestPaymentProvider } from "../gateway/checkout/test-payment-provider.js";
import type { ChargeRequest, ChargeResult } from "../gateway/checkout/payment-provider.js";
import { FORM_NAMES } from "../gateway/checkout/pages/checkout.view.js";
import type { CheckoutFormInput } from "../gateway/checkout/checkout.form.js";

/** The posted form's fields as the checkout service reads them. */
const formInput = (form: Record<string, string>) =>
  Object.fromEntries(Object.entries(FORM_NAMES).map(([key, name]) => [key, form[name] ?? ""])) as unknown as CheckoutFormInput;

// A payment is charged at most once, whatever crashes. The test provider keeps its
// charges by idempotency key (table test_payment_charges), as a payment service outside the
// machine would, so these tests read what it charged.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let guest: ReturnType<typeof guestFetcher>;
let sticker: TestVariant;

const card = { number: TEST_CARDS.approved, expiryMonth: 12, expiryYear: new Date().getUTCFullYear() + 1, cvc: "123" };
const ledger = () => shop.database.db.selectFrom("test_payment_charges").selectAll();
const attemptsOf = (cartId: string) => shop.database.db.selectFrom("payment_attempts").selectAll().where("cart_id", "=", cartId).orderBy("created_at").execute();
/** One attempt as the repository reads it (in a transaction, as checkout's steps do). */
const attemptById = (id: string) => {
  const attempts = new PaymentAttemptRepository(shop.database.db);
  return attempts.transaction((trx) => attempts.findById(id, trx));
};
const ordersOf = (cartId: string) => shop.database.db.selectFrom("orders").select(["id", "order_number"]).where("cart_id", "=", cartId).execute();

/** The parts of the shop's checkout, built on the test gateway's database. */
function checkoutParts(provider = new TestPaymentProvider(shop.database.db)) {
  const carts = shop.running.gateway.services.carts;
  const attempts = new PaymentAttemptRepository(shop.database.db);
  const orders = shop.running.gateway.services.orders;
  return {
    provider,
    attempts,
    settlement: new PaymentSettlement(carts, orders, attempts, provider, shop.running.gateway.services.orderLifecycle),
    checkout: new CheckoutService(carts, orders, provider, attempts, { freeShippingThresholdCents: 7500 }, shop.running.gateway.services.orderLifecycle),
  };
}

/** A filled cart and the form a shopper would post for it. */
async function readyCart(): Promise<{ cartId: string; url: string; form: Record<string, string>; token: string }> {
  const cartId = await api.filled([{ variantId: sticker.id, quantity: 2 }]);
  const url = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
  const { page } = await loadPage(guest, url);
  return { cartId, url, form: { ...formDefaults(page), ...guestDetails() }, token: new URL(url).pathname.split("/").pop()! };
}

/** A provider whose process "dies" right after the money was taken: the charge is made, the answer is lost. */
class CrashAfterCharge extends TestPaymentProvider {
  override async charge(request: ChargeRequest): Promise<ChargeResult> {
    await super.charge(request);
    throw new Error("the gateway died here");
  }
}

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  guest = guestFetcher(shop.url);
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

describe("the payment provider interface", () => {
  it("charges once per idempotency key: a second charge answers the first", async () => {
    const provider = new TestPaymentProvider(shop.database.db);
    const key = crypto.randomUUID();
    const first = await provider.charge({ amountCents: 1234, currencyCode: "USD", card, idempotencyKey: key, description: "t" });
    const second = await provider.charge({ amountCents: 1234, currencyCode: "USD", card, idempotencyKey: key, description: "t" });
    expect(first.status).toBe("approved");
    expect(second).toEqual(first);
    expect(await ledger().where("idempotency_key", "=", key).execute()).toHaveLength(1);
    expect(await provider.findCharge(key)).toEqual(first);
    expect(await provider.findCharge(crypto.randomUUID())).toBeNull();
  });
});

describe("a checkout's payment", () => {
  it("commits the attempt before charging, charges its id as the key, and records the approval with the order", async () => {
    const { cartId, url, form } = await readyCart();
    const paid = await postForm(guest, url, form);
    expect(paid.status).toBe(303);
    const [attempt] = await attemptsOf(cartId);
    const [order] = await ordersOf(cartId);
    expect(attempt).toMatchObject({ status: "COMPLETED", order_id: order!.id, card_last4: "4242" });
    const charges = await ledger().where("idempotency_key", "=", attempt!.id).execute();
    expect(charges).toEqual([expect.objectContaining({ status: "APPROVED", reference: attempt!.charge_reference, amount_cents: attempt!.amount_cents })]);
  });

  it("turns a charge whose answer was lost in a crash into the order, and a re-submission charges nothing more", async () => {
    const { cartId, url, form, token } = await readyCart();
    const crashing = checkoutParts(new CrashAfterCharge(shop.database.db));
    await expect(
      crashing.checkout.pay(token, { form: formInput(form), summaryKey: null, customerId: null }),
    ).rejects.toThrow("the gateway died here");
    const [pending] = await attemptsOf(cartId);
    expect(pending!.status).toBe("PENDING");
    expect(await ordersOf(cartId)).toEqual([]);
    expect(await ledger().where("idempotency_key", "=", pending!.id).execute()).toHaveLength(1);

    // Start-up reconciliation finds the approved charge and records its order.
    const report = await shop.running.gateway.services.checkout.reconcilePayments();
    expect(report.completed).toBeGreaterThanOrEqual(1);
    const orders = await ordersOf(cartId);
    expect(orders).toHaveLength(1);
    expect((await attemptsOf(cartId))[0]).toMatchObject({ status: "COMPLETED", order_id: orders[0]!.id });

    // The shopper presses Pay now again: the same order, and still one charge.
    const again = await postForm(guest, url, form);
    expect(again.status).toBe(303);
    expect(again.location).toContain(`order_number=${orders[0]!.order_number}`);
    expect(await ledger().where("idempotency_key", "=", pending!.id).execute()).toHaveLength(1);
    expect(await attemptsOf(cartId)).toHaveLength(1);
  });

  it("re-submits a payment whose charge never reached the provider with the same key, once", async () => {
    const { cartId, url, form, token } = await readyCart();
    // Killed after the attempt was committed, before the provider was asked.
    const silent = checkoutParts(
      new (class extends TestPaymentProvider {
        override async charge(): Promise<ChargeResult> {
          throw new Error("the gateway died before charging");
        }
      })(shop.database.db),
    );
    expect((await silent.checkout.pay(token, { form: formInput({}), summaryKey: null, customerId: null })).kind).toBe("invalid");
    expect(await attemptsOf(cartId)).toEqual([]);
    await expect(
      silent.checkout.pay(token, {
        form: formInput(form),
        summaryKey: null,
        customerId: null,
      }),
    ).rejects.toThrow("the gateway died before charging");
    const [pending] = await attemptsOf(cartId);
    expect(pending!.status).toBe("PENDING");

    // Reconciliation leaves a young attempt alone: it may still be in flight.
    const settled = await checkoutParts().settlement.settle((await attemptById(pending!.id))!, false);
    expect(settled.kind).toBe("waiting");
    const paid = await postForm(guest, url, form);
    expect(paid.status).toBe(303);
    expect(await attemptsOf(cartId)).toEqual([expect.objectContaining({ id: pending!.id, status: "COMPLETED" })]);
    expect(await ledger().where("idempotency_key", "=", pending!.id).execute()).toHaveLength(1);
  });

  it("voids a second approved charge for a cart another attempt already paid", async () => {
    const { cartId, url, form } = await readyCart();
    expect((await postForm(guest, url, form)).status).toBe(303);
    const [order] = await ordersOf(cartId);
    const parts = checkoutParts();
    const [done] = await attemptsOf(cartId);
    const extra = await shop.database.db.transaction().execute((trx) =>
      parts.attempts.insert({ cartId, summaryKey: done!.summary_key, amountCents: done!.amount_cents, currencyCode: "USD", draft: done!.order_draft as never }, trx),
    );
    expect((await parts.settlement.charge(extra, card, "surplus")).status).toBe("approved");
    const settled = await parts.settlement.complete(extra.id);
    expect(settled).toMatchObject({ kind: "paid", order: { id: order!.id } });
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect((await attemptById(extra.id))!.status).toBe("VOIDED");
    expect(await ledger().where("idempotency_key", "=", extra.id).execute()).toEqual([expect.objectContaining({ status: "VOIDED" })]);
  });

  it("abandons an old attempt the provider never heard of, leaving the cart payable", async () => {
    const { cartId, url, form } = await readyCart();
    const parts = checkoutParts();
    const priced = await shop.database.db.transaction().execute((trx) =>
      parts.attempts.insert({ cartId, summaryKey: "stale", amountCents: 100, currencyCode: "USD", draft: {} as never }, trx),
    );
    const report = await parts.settlement.reconcile(new Date(Date.now() + 10 * 60 * 1000));
    expect(report.abandoned).toBeGreaterThanOrEqual(1);
    expect((await attemptById(priced.id))!.status).toBe("ABANDONED");
    expect((await postForm(guest, url, form)).status).toBe(303);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });
});
