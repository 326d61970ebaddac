import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestGateway, withJobRunner, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { variantsOf, type TestVariant } from "./support/cart.js";
import { paidOrder, readEml, startFakeServer } from "./support/pipeline.js";
import { waitFor } from "./support/process.js";
import type { Services } from "../gateway/services.js";

// Refunds as a ledger, on the test provider: partial refunds up to the whole, what is refused
// (over, zero, negative, malformed) changing nothing, two refunds racing for the same money, a
// provider that refuses or does not answer, a crash between the provider's refund and our record,
// and what the customer, the audit log, the emails and the integrators see after each.
const OWNER = { email: "olive@shop.example", password: "owner password 1" };
let dataDir: string;
let shop: TestGateway;
let services: Services;
let owner: BrowserSession;
let tee: TestVariant;

const REFUND = `mutation($id: ID!, $amount: String!, $reason: RefundReason!, $note: String) {
  orderRefund(orderId: $id, amount: $amount, reason: $reason, note: $note) {
    order { financialStatus refundedPrice { amount } refundablePrice { amount } refunds { amount { amount } reason note actor status failureMessage } }
    refund { id amount { amount } status reason actor providerRefundId failureMessage }
    userErrors { code field message }
  } }`;
const CANCEL = `mutation($id: ID!, $reason: String!, $refund: Boolean, $notify: Boolean, $message: String) {
  orderCancel(orderId: $id, reason: $reason, refund: $refund, notifyCustomer: $notify, customerMessage: $message) {
    order { fulfillmentStatus financialStatus cancelReason cancelCustomerMessage refundedPrice { amount } refunds { amount { amount } reason status } }
    userErrors { code field message }
  } }`;

const db = () => shop.database.db;
const refundsOf = (orderId: string) => db().selectFrom("refunds").selectAll().where("order_id", "=", orderId).orderBy("created_at").execute();
const providerRefunds = () => db().selectFrom("test_payment_refunds").selectAll().orderBy("created_at").execute();
const orderRow = (orderId: string) => db().selectFrom("orders").select(["financial_status", "refunded_cents", "total_cents"]).where("id", "=", orderId).executeTakeFirstOrThrow();
const historyOf = (orderId: string) => db().selectFrom("order_history").select(["actor", "action", "message"]).where("order_id", "=", orderId).orderBy("id").execute();
const auditOf = (orderId: string) => db().selectFrom("audit_log").select(["actor", "action", "details"]).where("order_id", "=", orderId).orderBy("id").execute();
const tokenOf = async (orderId: string) => (await db().selectFrom("orders").select("status_token").where("id", "=", orderId).executeTakeFirstOrThrow()).status_token;
const dollars = (cents: number) => (cents / 100).toFixed(2);

async function order(quantity = 2) {
  const placed = await paidOrder(shop, db(), [{ variantId: tee.id, quantity }]);
  return { ...placed, totalCents: (await orderRow(placed.id)).total_cents };
}

async function refund(id: string, amount: string, reason = "DEFECTIVE", note: string | null = null, as: BrowserSession = owner) {
  const { data, errors } = await as.graphql(REFUND, { id, amount, reason, note });
  expect(errors).toBeUndefined();
  return data.orderRefund;
}

/** Everything a refused refund could have written (the print partner's own steps, made by the job runner meanwhile, aside). */
async function snapshot(orderId: string) {
  const ours = (entry: { action: string }) => entry.action.startsWith("refund") || entry.action === "cancelled";
  return {
    refunds: await refundsOf(orderId),
    order: await orderRow(orderId),
    history: (await historyOf(orderId)).filter(ours),
    audit: (await auditOf(orderId)).filter(ours),
    provider: await providerRefunds(),
  };
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-refunds-"));
  // The ORDERS_REFUNDED receiver is a local server: allowed only with the development setting.
  shop = await startTestGateway({ dataDir, webhookAllowPrivateTargets: true, ...withJobRunner({ pollIntervalMs: 100, backoffMaxMs: 200 }) });
  services = shop.running.gateway.services;
  await services.staff.create({ ...OWNER, name: "Olive Owner", role: "owner" });
  owner = new BrowserSession(shop.url);
  const { data } = await owner.graphql(`mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }`, { input: OWNER });
  expect(data.staffLogin.userErrors).toEqual([]);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(async () => {
  await shop?.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});
afterEach(() => vi.restoreAllMocks());

describe("orderRefund", () => {
  it("refunds in parts up to the whole: the ledger, the provider, the order's status and what remains agree after each", async () => {
    const { id, totalCents } = await order();
    const first = await refund(id, "5.00", "DEFECTIVE", "Misprinted sleeve");
    expect(first.userErrors).toEqual([]);
    expect(first.refund).toMatchObject({ amount: { amount: "5.00" }, status: "SUCCEEDED", reason: "DEFECTIVE", actor: `staff:${OWNER.email}`, failureMessage: null });
    expect(first.refund.providerRefundId).toMatch(/^tre_/);
    expect(first.order).toMatchObject({ financialStatus: "PARTIALLY_REFUNDED", refundedPrice: { amount: "5.00" }, refundablePrice: { amount: dollars(totalCents - 500) } });

    const rest = await refund(id, dollars(totalCents - 500), "CUSTOMER_REQUEST");
    expect(rest.refund.status).toBe("SUCCEEDED");
    expect(rest.order).toMatchObject({ financialStatus: "REFUNDED", refundedPrice: { amount: dollars(totalCents) }, refundablePrice: { amount: "0.00" } });
    expect(rest.order.refunds.map((r: { amount: { amount: string } }) => r.amount.amount)).toEqual(["5.00", dollars(totalCents - 500)]);

    // The provider made exactly these refunds, each under the key of its row.
    const rows = await refundsOf(id);
    const atProvider = (await providerRefunds()).filter((r) => rows.some((row) => row.provider_refund_id === r.id));
    expect(atProvider.map((r) => [r.idempotency_key, r.amount_cents])).toEqual(rows.map((row) => [`refund:${row.id}`, row.amount_cents]));
    expect(await orderRow(id)).toEqual({ financial_status: "REFUNDED", refunded_cents: totalCents, total_cents: totalCents });

    const more = await refund(id, "0.01");
    expect(more).toMatchObject({ order: null, refund: null, userErrors: [{ code: "INVALID_INPUT", field: "amount", message: "Nothing remains to refund on this order." }] });
  });

  it("refuses more than remains, zero, negative and malformed amounts, changing nothing", async () => {
    const { id, totalCents } = await order();
    await refund(id, "1.00");
    const before = await snapshot(id);
    const refused = [
      [dollars(totalCents), `At most ${"$" + dollars(totalCents - 100)} remains refundable on this order.`],
      ["0.00", "The amount must be more than $0.00."],
      ["0", "The amount must be more than $0.00."],
      ["-5.00", "amount must be an amount in dollars and cents, e.g. 12.50"],
      ["1.005", "amount must be an amount in dollars and cents, e.g. 12.50"],
      ["ten dollars", "amount must be an amount in dollars and cents, e.g. 12.50"],
      ["", "amount must be an amount in dollars and cents, e.g. 12.50"],
    ] as const;
    for (const [amount, message] of refused) {
      expect((await refund(id, amount)).userErrors, amount).toEqual([{ code: "INVALID_INPUT", field: "amount", message }]);
    }
    expect((await refund("00000000-0000-4000-8000-000000000000", "1.00")).userErrors[0]).toMatchObject({ code: "NOT_FOUND" });
    expect((await refund("not-an-id", "1.00")).userErrors[0]).toMatchObject({ code: "NOT_FOUND" });
    expect((await owner.graphql(REFUND, { id, amount: "1.00", reason: "BECAUSE" })).errors?.[0]?.extensions?.code).toBe("BAD_USER_INPUT");
    expect(await snapshot(id)).toEqual(before);
  });

  it("lets only the owner and tokens with orders:write refund", async () => {
    const { id } = await order(1);
    const before = await snapshot(id);
    const guest = new BrowserSession(shop.url);
    expect((await guest.graphql(REFUND, { id, amount: "1.00", reason: "OTHER" })).errors?.[0]?.extensions?.code).toBe("UNAUTHENTICATED");
    const token = (await owner.graphql(`mutation { apiTokenCreate(name: "reader", scopes: ["orders:read"]) { token } }`)).data.apiTokenCreate.token;
    const reader = new BrowserSession(shop.url, { authorization: `Bearer ${token}` });
    expect((await reader.graphql(REFUND, { id, amount: "1.00", reason: "OTHER" })).errors?.[0]?.extensions?.code).toBe("FORBIDDEN");
    expect(await snapshot(id)).toEqual(before);
    const writerToken = (await owner.graphql(`mutation { apiTokenCreate(name: "erp", scopes: ["orders:write"]) { token } }`)).data.apiTokenCreate.token;
    const writer = new BrowserSession(shop.url, { authorization: `Bearer ${writerToken}` });
    expect((await refund(id, "1.00", "OTHER", null, writer)).refund).toMatchObject({ status: "SUCCEEDED", actor: "token:erp" });
  });

  it("two refunds of the whole at once: one succeeds, the other is refused, and the provider gave back the total once", async () => {
    const { id, totalCents } = await order();
    const answers = await Promise.all([refund(id, dollars(totalCents)), refund(id, dollars(totalCents))]);
    expect(answers.filter((a) => a.refund?.status === "SUCCEEDED")).toHaveLength(1);
    expect(answers.filter((a) => a.userErrors[0]?.code === "INVALID_INPUT")).toHaveLength(1);
    const rows = await refundsOf(id);
    expect(rows.map((r) => r.amount_cents)).toEqual([totalCents]);
    expect((await providerRefunds()).filter((r) => r.id === rows[0]!.provider_refund_id)).toHaveLength(1);
  });

  it("twelve partial refunds racing for one order never give back more than was paid", async () => {
    const { id, totalCents } = await order(3);
    const quarter = Math.floor(totalCents / 4);
    const answers = await Promise.all(Array.from({ length: 12 }, () => refund(id, dollars(quarter))));
    expect(answers.filter((a) => a.refund?.status === "SUCCEEDED")).toHaveLength(4);
    expect(answers.filter((a) => a.userErrors.length === 1)).toHaveLength(8);
    const row = await orderRow(id);
    expect(row.refunded_cents).toBe(quarter * 4);
    expect(row.refunded_cents).toBeLessThanOrEqual(totalCents);
  });

  it("a refund the provider refuses is FAILED, and its amount is refundable again", async () => {
    const { id, totalCents } = await order(1);
    // The payment was given back at the provider behind the shop's back: it refuses any refund now.
    const payment = await db().selectFrom("payment_attempts").select("charge_reference").where("order_id", "=", id).executeTakeFirstOrThrow();
    await db().updateTable("test_payment_charges").set({ status: "VOIDED" }).where("reference", "=", payment.charge_reference!).execute();
    const failed = await refund(id, "2.00");
    expect(failed.refund).toMatchObject({ status: "FAILED", failureMessage: "This payment was already given back in full." });
    expect(failed.order).toMatchObject({ financialStatus: "PAID", refundedPrice: { amount: "0.00" }, refundablePrice: { amount: dollars(totalCents) } });
    expect((await historyOf(id)).filter((h) => h.action === "refund_failed")).toEqual([
      { action: "refund_failed", actor: "provider:test", message: "Refund of $2.00 failed: This payment was already given back in full." },
    ]);
  });

  it("a provider that does not answer leaves the refund PENDING; reconciliation asks again with the same key and records it once", async () => {
    const { id, totalCents } = await order(1);
    const provider = services.testPayments!;
    const real = provider.refund.bind(provider);
    vi.spyOn(provider, "refund").mockRejectedValueOnce(new Error("connect ECONNREFUSED"));
    const pending = await refund(id, "3.00");
    expect(pending.refund).toMatchObject({ status: "PENDING", providerRefundId: null });
    // Pending refunds hold their amount back: no second refund can take it meanwhile.
    expect(pending.order.refundablePrice.amount).toBe(dollars(totalCents - 300));
    expect((await refund(id, dollars(totalCents - 299))).userErrors[0]).toMatchObject({ code: "INVALID_INPUT" });

    // The provider made it, but the shop crashed before recording the answer.
    vi.spyOn(provider, "refund").mockImplementationOnce(async (request) => {
      await real(request);
      throw new Error("socket hang up");
    });
    expect(await services.refunds.reconcile(new Date(), { askAll: true })).toMatchObject({ pending: 1 });
    expect((await refundsOf(id))[0]!.status).toBe("PENDING");
    // Asked again with the same key: the provider answers the refund it made.
    expect(await services.refunds.reconcile(new Date(), { askAll: true })).toMatchObject({ succeeded: 1 });
    const [row] = await refundsOf(id);
    expect(row).toMatchObject({ status: "SUCCEEDED", amount_cents: 300 });
    expect((await providerRefunds()).filter((r) => r.idempotency_key === `refund:${row!.id}`)).toHaveLength(1);
    expect(await orderRow(id)).toMatchObject({ financial_status: "PARTIALLY_REFUNDED", refunded_cents: 300 });
  });

  it("shows the customer where the money stands: the order page, the status page, and an email per refund", async () => {
    const { id, totalCents } = await order(1);
    const statusUrl = await tokenOf(id);
    const statusPage = async () => (await (await fetch(`${shop.url}/store/orders/${statusUrl}`)).text()).replace(/\s+/g, " ");
    expect(await statusPage()).toContain("Payment: Paid");
    await refund(id, "4.00");
    expect(await statusPage()).toContain(`Payment: Partially refunded · Refunded $4.00 of $${dollars(totalCents)}`);
    const publicOrder = await shop.graphql(`query($t: String!) { orderByStatusToken(token: $t) { financialStatus refundedPrice { amount } } }`, { t: statusUrl });
    expect(publicOrder.data.orderByStatusToken).toEqual({ financialStatus: "PARTIALLY_REFUNDED", refundedPrice: { amount: "4.00" } });
    await refund(id, dollars(totalCents - 400));
    expect(await statusPage()).toContain(`Payment: Refunded · Refunded $${dollars(totalCents)} of $${dollars(totalCents)}`);

    const rows = await refundsOf(id);
    const outbox = path.join(dataDir, "outbox");
    await waitFor(() => rows.every((r) => fs.existsSync(path.join(outbox, `refund-${r.id}.eml`))), 20_000, "both refund emails");
    const first = readEml(fs.readFileSync(path.join(outbox, `refund-${rows[0]!.id}.eml`), "utf8"));
    expect(first.header("Subject")).toMatch(/^Refund of \$4\.00 for order #\d+$/);
    expect(first.text).toContain("We have refunded $4.00 for your order");
    const second = readEml(fs.readFileSync(path.join(outbox, `refund-${rows[1]!.id}.eml`), "utf8"));
    expect(second.text).toContain(`Your order is now refunded in full ($${dollars(totalCents)}).`);
  });

  it("writes every refund to the order's history and the audit log, with who asked", async () => {
    const { id } = await order(1);
    await refund(id, "1.50", "DAMAGED", "Box crushed");
    const actor = `staff:${OWNER.email}`;
    expect((await auditOf(id)).filter((a) => a.action.startsWith("refund"))).toEqual([
      { actor, action: "refund_requested", details: "$1.50 DAMAGED" },
      { actor, action: "refunded", details: "$1.50 DAMAGED" },
    ]);
    expect((await historyOf(id)).filter((h) => h.action.startsWith("refund")).map((h) => h.message)).toEqual([
      "Refund of $1.50 asked for (Damaged in transit)",
      "Refunded $1.50 (Damaged in transit)",
    ]);
  });
});

describe("ORDERS_REFUNDED", () => {
  it("is delivered once per refund, signed, carrying the refund and the order", async () => {
    const receiver = await startFakeServer((_req, res) => {
      res.end("ok");
    });
    try {
      const made = await owner.graphql(`mutation($url: String!) { webhookSubscriptionCreate(url: $url, topics: [ORDERS_REFUNDED]) { secret userErrors { message } } }`, { url: `${receiver.url}/refunds` });
      expect(made.data.webhookSubscriptionCreate.userErrors).toEqual([]);
      const { id } = await order(1);
      const a = (await refund(id, "1.00")).refund;
      const b = (await refund(id, "2.00")).refund;
      await waitFor(() => receiver.received.length >= 2, 20_000, "two deliveries");
      const bodies = receiver.received.map((r) => {
        expect(r.headers["x-shop-hmac-sha256"]).toBe(createHmac("sha256", made.data.webhookSubscriptionCreate.secret).update(r.body).digest("base64"));
        expect(r.headers["x-shop-topic"]).toBe("ORDERS_REFUNDED");
        return JSON.parse(r.body.toString("utf8"));
      });
      expect(bodies.map((body) => body.refund.id).sort()).toEqual([a.id, b.id].sort());
      const last = bodies.find((body) => body.refund.id === b.id);
      expect(last.refund).toMatchObject({ amount: "2.00", currencyCode: "USD", reason: "DEFECTIVE" });
      expect(last.order).toMatchObject({ id, financialStatus: "PARTIALLY_REFUNDED", refundedPrice: "3.00" });
    } finally {
      await db().deleteFrom("webhook_subscriptions").execute();
      await receiver.close();
    }
  });
});

describe("orderCancel of a paid order", () => {
  it("refunds what remains in the same step, emails the customer its own message and keeps the reason internal", async () => {
    const { id, totalCents } = await order(1);
    await refund(id, "1.00");
    const { data } = await owner.graphql(CANCEL, { id, reason: "Printer out of ink (internal)", notify: true, message: "We could not print your shirt in time." });
    expect(data.orderCancel.userErrors).toEqual([]);
    expect(data.orderCancel.order).toMatchObject({
      fulfillmentStatus: "CANCELLED",
      financialStatus: "REFUNDED",
      cancelReason: "Printer out of ink (internal)",
      cancelCustomerMessage: "We could not print your shirt in time.",
      refundedPrice: { amount: dollars(totalCents) },
    });
    expect(data.orderCancel.order.refunds.at(-1)).toEqual({ amount: { amount: dollars(totalCents - 100) }, reason: "CANCELLATION", status: "SUCCEEDED" });

    const token = await tokenOf(id);
    const page = (await (await fetch(`${shop.url}/store/orders/${token}`)).text()).replace(/\s+/g, " ");
    expect(page).toContain("We could not print your shirt in time.");
    expect(page).not.toContain("out of ink");
    const eml = path.join(dataDir, "outbox", `order-${id}-cancelled.eml`);
    await waitFor(() => fs.existsSync(eml), 20_000, "the cancellation email");
    const email = readEml(fs.readFileSync(eml, "utf8"));
    expect(email.text).toContain("We could not print your shirt in time.");
    expect(email.text).not.toContain("out of ink");
  });

  it("without notifyCustomer sends no email and shows no reason; with refund: false gives nothing back", async () => {
    const { id } = await order(1);
    const { data } = await owner.graphql(CANCEL, { id, reason: "Duplicate of another order", refund: false });
    expect(data.orderCancel.order).toMatchObject({ fulfillmentStatus: "CANCELLED", financialStatus: "PAID", cancelCustomerMessage: null, refunds: [] });
    const customerView = await shop.graphql(`query($t: String!) { orderByStatusToken(token: $t) { cancelReason } }`, { t: await tokenOf(id) });
    expect(customerView.data.orderByStatusToken.cancelReason).toBeNull();
    expect(fs.existsSync(path.join(dataDir, "outbox", `order-${id}-cancelled.eml`))).toBe(false);
    // Cancelled, it can still be refunded by hand.
    expect((await refund(id, "1.00")).refund.status).toBe("SUCCEEDED");
  });

  it("a refused cancellation (a shipped order) writes no refund", async () => {
    const { id } = await order(1);
    await owner.graphql(`mutation($id: ID!) { orderFulfill(orderId: $id, carrier: "UPS", trackingNumber: "1Z9") { userErrors { code } } }`, { id });
    const before = await snapshot(id);
    const { data } = await owner.graphql(CANCEL, { id, reason: "Too late" });
    expect(data.orderCancel.userErrors[0]).toMatchObject({ code: "INVALID_TRANSITION" });
    expect(await snapshot(id)).toEqual(before);
  });
});
