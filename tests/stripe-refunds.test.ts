import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { variantsOf, type TestVariant } from "./support/cart.js";
import { startStripeShop, type StripeShop } from "./support/stripe-shop.js";
import { BrowserSession } from "./support/browser-session.js";
import { waitFor } from "./support/process.js";

// Refunds and disputes against the fake Stripe, driven by the real SDK: the refund asked with our
// key and our refund's id in its metadata; refund.updated and refund.failed settling a pending one;
// Stripe unreachable, then asked again by reconciliation; a refund made in Stripe's Dashboard
// recorded once however often its event comes; a dispute holding an order from the printer.
const OWNER = { email: "owner@shop.example", password: "owner password 1" };
let s: StripeShop;
let owner: BrowserSession;
let sticker: TestVariant;

const db = () => s.shop.database.db;
const services = () => s.shop.running.gateway.services;
const refundsOf = (orderId: string) => db().selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();
const orderRow = (orderId: string) => db().selectFrom("orders").select(["financial_status", "refunded_cents", "total_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow();
const historyOf = (orderId: string) => db().selectFrom("order_history").select(["actor", "action", "message"]).where("order_id", "=", orderId).orderBy("id").execute();
const refundCalls = () => s.fake.calls.filter((c) => c.method === "POST" && c.path === "/v1/refunds" && !c.replayed);

const REFUND = `mutation($id: ID!, $amount: String!, $reason: RefundReason!) {
  orderRefund(orderId: $id, amount: $amount, reason: $reason) { refund { id status providerRefundId failureMessage } userErrors { code field message } } }`;

/** An order paid at Stripe (its webhook made it); with the PaymentIntent that paid it. */
async function paidOrder(quantity = 2) {
  const cart = await s.readyCart([{ variantId: sticker.id, quantity }]);
  const answer = await s.pay(cart.url, cart.form);
  const sessionId = new URL(answer.location!).pathname.split("/").pop()!;
  await s.fake.pay(sessionId);
  const order = await db().selectFrom("orders").select(["id", "total_cents"]).where("cart_id", "=", cart.cartId).executeTakeFirstOrThrow();
  return { id: order.id, totalCents: order.total_cents, paymentIntent: String(s.fake.session(sessionId).payment_intent) };
}

async function refund(id: string, amount: string, reason = "CUSTOMER_REQUEST") {
  const { data, errors } = await owner.graphql(REFUND, { id, amount, reason });
  expect(errors).toBeUndefined();
  return data.orderRefund;
}

beforeAll(async () => {
  s = await startStripeShop();
  sticker = (await variantsOf(s.shop, "red-tape-sticker-pack"))[0]!;
  await services().staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  owner = new BrowserSession(s.shop.url);
  await owner.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
});
afterAll(async () => {
  await s?.close();
});
afterEach(async () => {
  vi.restoreAllMocks();
  s.fake.refundMode = "succeeded";
  await s.fake.idle();
});

describe("a refund at Stripe", () => {
  it("is asked with our key and our refund's id, and its own webhooks afterwards change nothing", async () => {
    const { id, paymentIntent } = await paidOrder();
    const before = refundCalls().length;
    const answer = await refund(id, "1.25");
    expect(answer.userErrors).toEqual([]);
    expect(answer.refund).toMatchObject({ status: "SUCCEEDED", failureMessage: null });
    const [call] = refundCalls().slice(before);
    expect(call).toMatchObject({
      idempotencyKey: `refund:${answer.refund.id}`,
      params: { payment_intent: paymentIntent, amount: "125", reason: "requested_by_customer", metadata: { refund_id: answer.refund.id } },
    });
    expect(answer.refund.providerRefundId).toBe(s.fake.refunds.at(-1)!.id);
    // refund.created and charge.refunded come after: acknowledged, recorded, nothing more.
    await s.fake.idle();
    const deliveries = s.fake.deliveries.filter((d) => d.type === "refund.created" || d.type === "charge.refunded").slice(-2);
    expect(deliveries.map((d) => [d.status, JSON.parse(d.answer).result])).toEqual([
      [200, "refund"],
      [200, "refund"],
    ]);
    expect((await refundsOf(id)).map((r) => [r.amount_cents, r.status])).toEqual([[125, "SUCCEEDED"]]);
    expect((await historyOf(id)).filter((h) => h.action === "refunded")).toHaveLength(1);
  });

  it("pending at Stripe, it is settled by refund.updated; a replay of that event changes nothing", async () => {
    const { id } = await paidOrder();
    s.fake.refundMode = "pending";
    const answer = await refund(id, "2.00");
    expect(answer.refund.status).toBe("PENDING");
    expect(await orderRow(id)).toMatchObject({ financial_status: "PAID", refunded_cents: 0 });
    const event = await s.fake.settleRefund(answer.refund.providerRefundId, "succeeded");
    expect((await refundsOf(id))[0]).toMatchObject({ status: "SUCCEEDED" });
    expect(await orderRow(id)).toMatchObject({ financial_status: "PARTIALLY_REFUNDED", refunded_cents: 200 });
    const replays = await s.fake.deliver(event, { copies: 3 });
    expect(replays.map((d) => d.status)).toEqual([200, 200, 200]);
    expect((await historyOf(id)).filter((h) => h.action === "refunded")).toHaveLength(1);
    expect((await orderRow(id)).refunded_cents).toBe(200);
  });

  it("failed at Stripe (refund.failed), it is FAILED and its amount refundable again", async () => {
    const { id, totalCents } = await paidOrder(1);
    s.fake.refundMode = "pending";
    const pending = await refund(id, (totalCents / 100).toFixed(2));
    await s.fake.settleRefund(pending.refund.providerRefundId, "failed");
    expect((await refundsOf(id))[0]).toMatchObject({ status: "FAILED", failure_message: "Stripe: the refund failed (expired_or_canceled_card)" });
    expect(await orderRow(id)).toMatchObject({ financial_status: "PAID", refunded_cents: 0 });
    s.fake.refundMode = "succeeded";
    expect((await refund(id, (totalCents / 100).toFixed(2))).refund.status).toBe("SUCCEEDED");
    expect(await orderRow(id)).toMatchObject({ financial_status: "REFUNDED", refunded_cents: totalCents });
  });

  it("refused by Stripe (more than the charge has left), it is FAILED with Stripe's words", async () => {
    const { id, paymentIntent } = await paidOrder(1);
    // Most of it was given back in the Dashboard, and that event has not reached the shop yet.
    s.fake.hold();
    await s.fake.dashboardRefund(paymentIntent, (await orderRow(id)).total_cents - 100);
    const answer = await refund(id, "5.00");
    expect(answer.refund.status).toBe("FAILED");
    expect(answer.refund.failureMessage).toMatch(/^Stripe refused the refund: Refund amount \(500\) is greater than unrefunded amount on charge \(100\)/);
    await s.fake.release();
    expect((await refundsOf(id)).map((r) => [r.actor, r.status])).toEqual([
      [`staff:${OWNER.email}`, "FAILED"],
      ["provider:stripe", "SUCCEEDED"],
    ]);
  });

  it("Stripe unreachable: the refund stays PENDING, and reconciliation asks again with the same key, making it once", async () => {
    const { id } = await paidOrder(1);
    s.fake.refundMode = "unavailable";
    const answer = await refund(id, "1.00");
    expect(answer.refund).toMatchObject({ status: "PENDING", providerRefundId: null });
    s.fake.refundMode = "succeeded";
    expect(await services().refunds.reconcile(new Date(), { askAll: true })).toMatchObject({ succeeded: 1 });
    expect((await refundsOf(id))[0]).toMatchObject({ status: "SUCCEEDED" });
    expect(s.fake.refunds.filter((r) => r.metadata?.refund_id === answer.refund.id)).toHaveLength(1);
  });
});

describe("a refund made in Stripe's Dashboard", () => {
  it("is recorded once, however often and however many at once its event comes", async () => {
    const { id, paymentIntent } = await paidOrder();
    s.fake.hold();
    const { refund: made, event } = await s.fake.dashboardRefund(paymentIntent, 300);
    s.fake.discardHeld();
    const deliveries = await s.fake.deliver(event, { copies: 3 });
    expect(deliveries.map((d) => d.status)).toEqual([200, 200, 200]);
    await s.fake.deliver(event);
    const rows = await refundsOf(id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor: "provider:stripe", provider_refund_id: made.id, amount_cents: 300, status: "SUCCEEDED", reason: "OTHER" });
    expect(await orderRow(id)).toMatchObject({ financial_status: "PARTIALLY_REFUNDED", refunded_cents: 300 });
    expect((await historyOf(id)).filter((h) => h.action === "refund_recorded")).toHaveLength(1);
  });

  it("the refund that voids a surplus payment (which made no order) is acknowledged as not ours", async () => {
    const paymentIntent = await strayPayment();
    await s.fake.idle();
    const events = s.fake.events.filter((e) => e.type === "charge.refunded" && (e.data.object as { payment_intent?: string }).payment_intent === paymentIntent);
    expect(events).toHaveLength(1);
    const delivery = s.fake.deliveries.find((d) => d.eventId === events[0]!.id)!;
    expect([delivery.status, JSON.parse(delivery.answer).result]).toEqual([200, "not_ours"]);
    expect(await db().selectFrom("refunds").select("id").where("provider_refund_id", "in", s.fake.refunds.filter((r) => r.payment_intent === paymentIntent).map((r) => r.id)).execute()).toEqual([]);
  });
});

/** A PaymentIntent paid at Stripe for a session whose cart was paid by another: it made no order. */
async function strayPayment(): Promise<string> {
  const cart = await s.readyCart([{ variantId: sticker.id, quantity: 1 }]);
  const first = await s.pay(cart.url, cart.form);
  const sessionId = new URL(first.location!).pathname.split("/").pop()!;
  s.fake.hold();
  await s.fake.pay(sessionId);
  s.fake.discardHeld();
  // Tampered: what Stripe holds is not what the attempt asked, so the shop voids it and makes no order.
  s.fake.tamper(sessionId, { amountTotal: 51 });
  await services().checkout.reconcilePayments({ atStartUp: true });
  return String(s.fake.session(sessionId).payment_intent);
}

describe("a dispute", () => {
  it("flags the order, holds it from the printer, emails the owners; won, the order goes to the printer", async () => {
    const { id, paymentIntent } = await paidOrder();
    const { dispute } = await s.fake.openDispute(paymentIntent, "product_not_received");
    const { data } = await owner.graphql(`query($id: ID!) { adminOrder(id: $id) { disputes { providerDisputeId reason status outcome amount { amount } closedAt } } }`, { id });
    expect(data.adminOrder.disputes).toEqual([
      { providerDisputeId: dispute.id, reason: "product_not_received", status: "needs_response", outcome: null, amount: { amount: ((await orderRow(id)).total_cents / 100).toFixed(2) }, closedAt: null },
    ]);
    expect((await historyOf(id)).at(-1)).toMatchObject({ action: "disputed", actor: "provider:stripe" });
    expect((await historyOf(id)).at(-1)!.message).toContain("held from the printer until it closes");
    const emails = await db().selectFrom("jobs").select(["payload"]).where("kind", "=", "email").where("dedupe_key", "like", `%dispute-${dispute.id}%`).execute();
    expect(emails.map((e) => e.payload.to)).toEqual([OWNER.email]);

    // The job runner comes round to the order: it is not sent.
    await services().jobRunner.drain();
    const job = await db().selectFrom("jobs").select(["state", "last_error"]).where("dedupe_key", "=", `fulfillment:${id}`).executeTakeFirstOrThrow();
    expect(job).toEqual({ state: "FAILED", last_error: "Held: the payment is disputed" });

    await s.fake.closeDispute(dispute.id, "won");
    await waitFor(async () => (await db().selectFrom("jobs").select("state").where("dedupe_key", "=", `fulfillment:${id}`).executeTakeFirstOrThrow()).state === "PENDING", 10_000, "the job re-queued");
    await services().jobRunner.drain();
    expect((await db().selectFrom("jobs").select("state").where("dedupe_key", "=", `fulfillment:${id}`).executeTakeFirstOrThrow()).state).toBe("SUCCEEDED");
    expect((await historyOf(id)).map((h) => h.action)).toContain("dispute_closed");
  });

  it("for a payment that made no order of ours is acknowledged as not ours", async () => {
    const { event } = await s.fake.openDispute(await strayPayment());
    const [delivery] = await s.fake.deliver(event);
    expect(JSON.parse(delivery!.answer).result).toBe("not_ours");
    expect(await db().selectFrom("disputes").select("id").where("provider_dispute_id", "=", (event.data.object as { id: string }).id).execute()).toEqual([]);
  });
});
