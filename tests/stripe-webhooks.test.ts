import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { variantsOf, type TestVariant } from "./support/cart.js";
import { loadPage } from "./support/checkout.js";
import { startStripeShop, type StripeShop } from "./support/stripe-shop.js";
import { cardNumbersIn, databaseText } from "./support/card-scan.js";
import { stripeSignature, type Delivery, type SignatureKind } from "./support/fake-stripe.js";

// POST /api/webhooks/stripe: signed by Stripe (checked on the raw bytes before anything is read),
// believed only for its type and its session's id (the session is read back from Stripe), recorded
// once with its effect, and answered 2xx only once that effect is committed. Each attack here has
// the fix that stops it: the signature check, the re-read, the event recorded with its effect, the
// livemode rule, the amount check.
let s: StripeShop;
let sticker: TestVariant;
let tee: TestVariant;

const db = () => s.shop.database.db;
const services = () => s.shop.running.gateway.services;
const attemptsOf = (cartId: string) => db().selectFrom("payment_attempts").selectAll().where("cart_id", "=", cartId).orderBy("created_at").execute();
const ordersOf = (cartId: string) => db().selectFrom("orders").select(["id", "order_number", "total_cents"]).where("cart_id", "=", cartId).execute();
const eventRows = (eventId: string) => db().selectFrom("payment_events").selectAll().where("event_id", "=", eventId).execute();
const resultOf = (delivery: Delivery) => ({ status: delivery.status, ...(delivery.status === 200 ? (JSON.parse(delivery.answer) as object) : {}) });

/** What a webhook could have written: every attempt's status, the orders, the events, the jobs. */
async function written() {
  const [attempts, orders, events, jobs] = await Promise.all([
    db().selectFrom("payment_attempts").select(["id", "status", "updated_at"]).orderBy("id").execute(),
    db().selectFrom("orders").select("id").orderBy("id").execute(),
    db().selectFrom("payment_events").select(["event_id"]).orderBy("event_id").execute(),
    db().selectFrom("jobs").select("id").orderBy("id").execute(),
  ]);
  return { attempts, orders, events, jobs };
}

/** A cart with a session open at Stripe for it. */
async function openSession(items = [{ variantId: sticker.id, quantity: 2 }]) {
  const cart = await s.readyCart(items);
  const answer = await s.pay(cart.url, cart.form);
  expect(answer.status, answer.page.slice(0, 300)).toBe(303);
  const sessionId = new URL(answer.location!).pathname.split("/").pop()!;
  const [attempt] = await attemptsOf(cart.cartId);
  return { ...cart, sessionId, attemptId: attempt!.id };
}

/** Paid at Stripe, its checkout.session.completed event made but not sent yet. */
async function paidUnheard(items?: { variantId: string; quantity: number }[]) {
  const open = await openSession(items);
  s.fake.hold();
  const { event, successUrl } = await s.fake.pay(open.sessionId);
  expect(s.fake.discardHeld().map((e) => e.id)).toEqual([event.id]);
  return { ...open, event, successUrl };
}

/** A call to the webhook with this body and Stripe-Signature header, as anyone could make it. */
async function call(body: string, signature: string | null): Promise<{ status: number; body: any }> {
  const res = await fetch(`${s.proxy.url}/api/webhooks/stripe`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(signature ? { "stripe-signature": signature } : {}) },
    body,
  });
  return { status: res.status, body: await res.json() };
}

beforeAll(async () => {
  s = await startStripeShop();
  sticker = (await variantsOf(s.shop, "red-tape-sticker-pack"))[0]!;
  tee = (await variantsOf(s.shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(async () => {
  await s?.close();
});
afterEach(() => {
  vi.restoreAllMocks();
  s.fake.discardHeld();
});

describe("a paid session's webhook", () => {
  it("before the return page: the webhook makes the order, the return page shows it", async () => {
    const { cartId, sessionId } = await openSession();
    const before = s.fake.deliveries.length;
    const { event, successUrl } = await s.fake.pay(sessionId);
    expect(s.fake.deliveries.slice(before).map(resultOf)).toEqual([{ status: 200, received: true, result: "paid" }]);
    const [order] = await ordersOf(cartId);
    expect(order).toBeDefined();
    const back = await s.returnTo(successUrl);
    expect(back.status).toBe(303);
    expect(back.location).toContain(`order_number=${order!.order_number}`);
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await eventRows(event.id)).toEqual([expect.objectContaining({ provider: "stripe", type: "checkout.session.completed", attempt_id: (await attemptsOf(cartId))[0]!.id })]);
  });

  it("after the return page: the return page makes the order, the webhook changes nothing", async () => {
    const { cartId, event, successUrl } = await paidUnheard();
    const back = await s.returnTo(successUrl);
    expect(back.status).toBe(303);
    const [order] = await ordersOf(cartId);
    expect(back.location).toContain(`order_number=${order!.order_number}`);
    expect((await s.fake.deliver(event)).map(resultOf)).toEqual([{ status: 200, received: true, result: "paid" }]);
    expect(await ordersOf(cartId)).toEqual([order]);
    expect(await eventRows(event.id)).toHaveLength(1);
  });

  it("three identical webhooks at once make one order", async () => {
    const { cartId, event } = await paidUnheard();
    const answers = await s.fake.deliver(event, { copies: 3 });
    expect(answers.map(resultOf)).toEqual(Array.from({ length: 3 }, () => ({ status: 200, received: true, result: "paid" })));
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await eventRows(event.id)).toHaveLength(1);
  });

  it("a replayed event changes nothing, however late", async () => {
    const { cartId, event } = await paidUnheard();
    await s.fake.deliver(event);
    const [order] = await ordersOf(cartId);
    const jobs = await db().selectFrom("jobs").select("id").execute();
    const later = await s.fake.deliver(event.id, { copies: 2 });
    expect(later.map(resultOf)).toEqual([
      { status: 200, received: true, result: "paid" },
      { status: 200, received: true, result: "paid" },
    ]);
    expect(await ordersOf(cartId)).toEqual([order]);
    expect(await eventRows(event.id)).toHaveLength(1);
    expect(await db().selectFrom("jobs").select("id").execute()).toHaveLength(jobs.length);
  });

  it("events out of order (the later one first) make one order", async () => {
    const { cartId, sessionId } = await openSession();
    s.fake.hold();
    await s.fake.pay(sessionId, { async: true });
    await s.fake.settleAsync(sessionId, "succeeded");
    const sent = await s.fake.release({ reverse: true });
    expect(sent.map((d) => [d.type, resultOf(d)])).toEqual([
      ["checkout.session.async_payment_succeeded", { status: 200, received: true, result: "paid" }],
      ["checkout.session.completed", { status: 200, received: true, result: "paid" }],
    ]);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it("is answered 5xx when its effect cannot be committed (the database gone), and Stripe's retry settles it once", async () => {
    const { cartId, event } = await paidUnheard();
    vi.spyOn(services().orders, "place").mockRejectedValueOnce(new Error("Connection terminated unexpectedly"));
    const [failed] = await s.fake.deliver(event);
    expect(failed!.status).toBe(503);
    // The event's record went with the effect: nothing of it stayed.
    expect(await eventRows(event.id)).toEqual([]);
    expect(await ordersOf(cartId)).toEqual([]);
    const [retried] = await s.fake.deliver(event);
    expect(resultOf(retried!)).toEqual({ status: 200, received: true, result: "paid" });
    expect(await ordersOf(cartId)).toHaveLength(1);
    expect(await eventRows(event.id)).toHaveLength(1);
  });
});

describe("what the webhook does not believe", () => {
  it("refuses a missing, wrong or stale signature, or a body changed after signing, with 400, writing nothing", async () => {
    const { cartId, event } = await paidUnheard();
    const body = JSON.stringify(event);
    const before = await written();
    const reads = s.fake.calls.length;
    for (const kind of ["missing", "wrong-secret", "stale"] as SignatureKind[]) {
      const answer = await call(body, stripeSignature(body, kind));
      expect(answer, kind).toEqual({ status: 400, body: expect.objectContaining({ field: "stripe-signature" }) });
    }
    const tampered = await call(body.replace(`"livemode":false`, `"livemode":false `), stripeSignature(body));
    expect(tampered.status).toBe(400);
    expect(await written()).toEqual(before);
    expect(s.fake.calls.length).toBe(reads); // Stripe was not even asked
    expect(await ordersOf(cartId)).toEqual([]);
    // One of several v1 signatures (during a secret's roll) is enough.
    const good = await call(body, stripeSignature(body, "several-v1"));
    expect(good).toEqual({ status: 200, body: { received: true, result: "paid" } });
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it("reads the session back from Stripe: a body claiming paid for an open session makes no order", async () => {
    const { cartId, sessionId } = await openSession();
    const forged = s.fake.sessionEvent("checkout.session.completed", sessionId);
    const object = forged.data.object as { payment_status: string; status: string };
    object.status = "complete";
    object.payment_status = "paid";
    expect((await s.fake.deliver(forged)).map(resultOf)).toEqual([{ status: 200, received: true, result: "open" }]);
    expect(await ordersOf(cartId)).toEqual([]);
    expect((await attemptsOf(cartId))[0]!.status).toBe("PENDING");
  });

  it("acknowledges a well-signed event about a session that is not ours, and does nothing with it", async () => {
    const { attemptId, sessionId } = await openSession();
    const foreign = s.fake.foreignSession();
    const before = await written();
    const event = s.fake.sessionEvent("checkout.session.completed", foreign.id);
    // Even when its body names our attempt: Stripe's own record of the session says whose it is.
    (event.data.object as { client_reference_id: string | null }).client_reference_id = attemptId;
    expect((await s.fake.deliver(event)).map(resultOf)).toEqual([{ status: 200, received: true, result: "not_ours" }]);
    // A session Stripe does not know for our key at all.
    const unknown = s.fake.sessionEvent("checkout.session.completed", sessionId);
    (unknown.data.object as { id: string }).id = "cs_test_NotAnyoneYouKnow";
    expect((await s.fake.deliver(unknown)).map(resultOf)).toEqual([{ status: 200, received: true, result: "not_ours" }]);
    const after = await written();
    expect(after.attempts).toEqual(before.attempts);
    expect(after.orders).toEqual(before.orders);
    expect(after.jobs).toEqual(before.jobs);
    // Only the id of the event about a session Stripe knows is kept, tied to no attempt (checkout's
    // settleFromEvent keeps it so a replay is known); the unknown session's event left nothing.
    expect(after.events.filter((e) => !before.events.some((b) => b.event_id === e.event_id)).map((e) => e.event_id)).toEqual([event.id]);
    expect(await eventRows(event.id)).toEqual([expect.objectContaining({ attempt_id: null })]);
  });

  it("ignores an event of the other mode than its key's (a live event at a test key)", async () => {
    const { cartId, sessionId } = await paidUnheard();
    const live = s.fake.sessionEvent("checkout.session.completed", sessionId, { livemode: true });
    const reads = s.fake.calls.length;
    const before = await written();
    expect((await s.fake.deliver(live)).map(resultOf)).toEqual([{ status: 200, received: true, result: "ignored" }]);
    expect(await written()).toEqual(before);
    expect(s.fake.calls.length).toBe(reads);
    expect(await ordersOf(cartId)).toEqual([]);
    expect(s.shop.logs.join("\n")).toContain("stripe webhook: an event of the other mode ignored");
  });

  it("acknowledges other event types and signed bodies it cannot act on, doing nothing", async () => {
    const before = await written();
    const reads = s.fake.calls.length;
    const other = JSON.stringify({ id: "evt_other", object: "event", type: "payment_intent.succeeded", livemode: false, data: { object: { id: "pi_1", object: "payment_intent" } } });
    expect(await call(other, stripeSignature(other))).toEqual({ status: 200, body: { received: true, result: "ignored" } });
    const odd = JSON.stringify({ id: "evt_odd", object: "event", type: "checkout.session.completed", livemode: false, data: { object: { object: "charge", id: "ch_1" } } });
    expect(await call(odd, stripeSignature(odd))).toEqual({ status: 200, body: { received: true, result: "ignored" } });
    expect(await call("not json", stripeSignature("not json"))).toEqual({ status: 400, body: expect.objectContaining({ field: "body" }) });
    expect(await written()).toEqual(before);
    expect(s.fake.calls.length).toBe(reads);
  });

  it("makes no order of a payment that is not what the attempt asked: given back in full and logged", async () => {
    const { cartId, sessionId, attemptId, url, form } = await openSession();
    const asked = (await attemptsOf(cartId))[0]!.amount_cents;
    s.fake.tamper(sessionId, { amountTotal: asked - 1 });
    const { event } = await s.fake.pay(sessionId);
    expect(s.fake.deliveries.filter((d) => d.eventId === event.id).map(resultOf)).toEqual([{ status: 200, received: true, result: "voided" }]);
    expect(await ordersOf(cartId)).toEqual([]);
    expect((await attemptsOf(cartId))[0]).toMatchObject({ status: "VOIDED", void_reason: `mismatch: amount ${asked - 1} of ${asked}` });
    const intent = s.fake.session(sessionId).payment_intent as string;
    expect(s.fake.refunds.filter((r) => r.payment_intent === intent)).toEqual([expect.objectContaining({ amount: asked - 1, status: "succeeded" })]);
    expect(s.fake.calls.filter((c) => c.path === "/v1/refunds" && c.params.payment_intent === intent).map((c) => c.idempotencyKey)).toEqual([`void:${attemptId}`]);
    expect(s.shop.logs.join("\n")).toMatch(/"level":"error","msg":"payment does not match its attempt: giving it back, no order"/);
    // The cart is as it was, and payable properly.
    const again = await s.pay(url, form);
    expect(again.status).toBe(303);
    expect(new URL(again.location!).pathname).not.toContain(sessionId);
  });
});

describe("payments whose money comes later, and sessions that end", () => {
  it("asynchronous success: processing on checkout.session.completed, the order on async_payment_succeeded", async () => {
    const { cartId, sessionId } = await openSession();
    const { event } = await s.fake.pay(sessionId, { async: true });
    expect(s.fake.deliveries.filter((d) => d.eventId === event.id).map(resultOf)).toEqual([{ status: 200, received: true, result: "processing" }]);
    expect((await attemptsOf(cartId))[0]!.status).toBe("PROCESSING");
    expect(await ordersOf(cartId)).toEqual([]);
    const succeeded = await s.fake.settleAsync(sessionId, "succeeded");
    expect(s.fake.deliveries.filter((d) => d.eventId === succeeded.id).map(resultOf)).toEqual([{ status: 200, received: true, result: "paid" }]);
    expect(await ordersOf(cartId)).toHaveLength(1);
  });

  it("asynchronous failure: the attempt fails, the customer is emailed, the cart can be paid again", async () => {
    const { cartId, sessionId, attemptId, url, form } = await openSession([{ variantId: tee.id, quantity: 1 }]);
    await s.fake.pay(sessionId, { async: true });
    const failed = await s.fake.settleAsync(sessionId, "failed");
    expect(s.fake.deliveries.filter((d) => d.eventId === failed.id).map(resultOf)).toEqual([{ status: 200, received: true, result: "failed" }]);
    expect((await attemptsOf(cartId))[0]!.status).toBe("FAILED");
    expect(await ordersOf(cartId)).toEqual([]);
    const email = await db().selectFrom("jobs").select(["kind", "payload"]).where("dedupe_key", "=", `email:payment-${attemptId}-failed`).executeTakeFirstOrThrow();
    expect(email.payload).toMatchObject({ to: "pat+shop@example.com", template: "payment_failed", data: { message: "The customer's bank account could not be debited." } });
    // The same event again sends no second email.
    await s.fake.deliver(failed);
    expect(await db().selectFrom("jobs").select("id").where("dedupe_key", "=", `email:payment-${attemptId}-failed`).execute()).toHaveLength(1);
    const again = await s.pay(url, form);
    expect(again.status).toBe(303);
    expect((await attemptsOf(cartId)).map((a) => a.status)).toEqual(["FAILED", "PENDING"]);
  });

  it("expiry: the attempt is abandoned and the cart can be paid again", async () => {
    const { cartId, sessionId, url, form } = await openSession();
    const expired = await s.fake.expireSession(sessionId);
    expect(s.fake.deliveries.filter((d) => d.eventId === expired.id).map(resultOf)).toEqual([{ status: 200, received: true, result: "abandoned" }]);
    expect((await attemptsOf(cartId))[0]!.status).toBe("ABANDONED");
    // The checkout page is the same; Pay opens a new session.
    expect((await loadPage(s.guest, url)).status).toBe(200);
    const again = await s.pay(url, form);
    expect(again.status).toBe(303);
    expect(new URL(again.location!).pathname).not.toContain(sessionId);
    expect((await attemptsOf(cartId)).map((a) => a.status)).toEqual(["ABANDONED", "PENDING"]);
  });
});

describe("card numbers", () => {
  it("appear nowhere: not in what the gateway received or sent to Stripe, not in its logs, not in its database", async () => {
    await s.fake.idle();
    const places = [
      ...s.proxy.received.map((r) => ({ place: `gateway received ${r.method} ${r.url}`, text: r.body })),
      ...s.fake.received.filter((r) => r.kind === "api").map((r) => ({ place: `Stripe received ${r.method} ${r.url}`, text: `${r.url}\n${r.body}` })),
      { place: "gateway logs", text: s.shop.logs.join("\n") },
      ...(await databaseText(db())),
    ];
    expect(s.proxy.received.filter((r) => r.url === "/api/webhooks/stripe").length).toBeGreaterThan(20);
    expect(places.filter((p) => cardNumbersIn(p.text).length > 0).map((p) => `${p.place}: ${cardNumbersIn(p.text).join(", ")}`)).toEqual([]);
  });
});
