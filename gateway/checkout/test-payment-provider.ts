import { randomBytes, randomUUID } from "node:crypto";
import { sql, type Kysely, type Selectable } from "kysely";
import type { Database, TestPaymentRefundTable, TestPaymentSessionTable } from "../db/schema.js";
import { cardBrand, type CardDetails } from "./card.js";
import { RefundRefusedError, type BegunPayment, type PaymentProvider, type PaymentRequest, type ProviderPayment, type ProviderRefund, type RefundRequest } from "./payment-provider.js";

/** The built-in test cards (docs/payments.md). */
export const TEST_CARDS = {
  approved: "4242424242424242",
  declined: "4000000000000002",
} as const;

const DECLINED_MESSAGE = "Your card was declined.";

type SessionRow = Pick<Selectable<TestPaymentSessionTable>, "id" | "attempt_id" | "status" | "amount_cents" | "currency_code" | "payment_reference" | "card_brand" | "card_last4" | "expires_at">;
const SESSION_COLUMNS = ["id", "attempt_id", "status", "amount_cents", "currency_code", "payment_reference", "card_brand", "card_last4", "expires_at"] as const;

function toPayment(row: SessionRow, now: Date): ProviderPayment {
  if (row.status === "PAID") {
    return {
      state: "paid",
      reference: row.attempt_id,
      amountCents: row.amount_cents,
      currencyCode: row.currency_code,
      paymentId: row.payment_reference!,
      card: row.card_brand && row.card_last4 ? { brand: row.card_brand, last4: row.card_last4 } : null,
    };
  }
  const expiresAt = new Date(row.expires_at);
  return row.status === "EXPIRED" || expiresAt.getTime() <= now.getTime() ? { state: "expired" } : { state: "open", expiresAt };
}

/**
 * A provider that moves no money: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 and every
 * other number are declined (so a real card typed by mistake is never "approved").
 *
 * It behaves as a payment service outside the machine would: its sessions and charges (tables
 * test_payment_sessions, test_payment_charges) are written by single autocommitted statements on
 * the root connection, never inside the shop's transactions, so what it took survives any crash of
 * the gateway. Its "page" is the checkout page's card fields: the store's pages hand the card to
 * pay() directly, and the session's address is the return address, as a provider's page would
 * send the browser there once paid.
 */
export class TestPaymentProvider implements PaymentProvider {
  readonly name = "test";
  readonly testMode = true;

  constructor(private readonly ledger: Kysely<Database>) {}

  async begin(request: PaymentRequest): Promise<BegunPayment> {
    await this.ledger
      .insertInto("test_payment_sessions")
      .values({
        id: `tps_${randomBytes(18).toString("base64url")}`,
        attempt_id: request.attemptId,
        amount_cents: request.amountCents,
        currency_code: request.currencyCode,
        expires_at: request.expiresAt,
      })
      .onConflict((oc) => oc.column("attempt_id").doNothing())
      .execute();
    // One session per attempt: asked again, it answers the first.
    const row = await this.ledger.selectFrom("test_payment_sessions").select(["id", "expires_at"]).where("attempt_id", "=", request.attemptId).executeTakeFirstOrThrow();
    return { sessionId: row.id, redirectUrl: request.returnUrl.replace("{SESSION_ID}", row.id), expiresAt: new Date(row.expires_at) };
  }

  async lookup(sessionId: string): Promise<ProviderPayment> {
    const row = await this.ledger.selectFrom("test_payment_sessions").select(SESSION_COLUMNS).where("id", "=", sessionId).executeTakeFirst();
    if (!row) throw new Error(`test provider: no session ${sessionId}`);
    return toPayment(row, new Date());
  }

  async expire(sessionId: string): Promise<ProviderPayment> {
    await this.ledger.updateTable("test_payment_sessions").set({ status: "EXPIRED", updated_at: sql`now()` }).where("id", "=", sessionId).where("status", "=", "OPEN").execute();
    return this.lookup(sessionId);
  }

  async void(paymentId: string): Promise<void> {
    // A charge voided once stays voided: a second void changes nothing.
    await this.ledger
      .updateTable("test_payment_charges")
      .set({ status: "VOIDED", updated_at: sql`now()` })
      .where("reference", "=", paymentId)
      .where("status", "=", "APPROVED")
      .execute();
  }

  /**
   * Gives back part or all of an approved charge, at once (a test refund always succeeds). One
   * refund per idempotency key: asked again with the same key, it answers the first. Refused when
   * the charge is unknown, voided, or has less left than asked.
   */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    return this.ledger.transaction().execute(async (trx) => {
      // One refund of a charge at a time, as a provider serialises them.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`test-refund:${request.paymentId}`}))`.execute(trx);
      const earlier = await trx.selectFrom("test_payment_refunds").selectAll().where("idempotency_key", "=", request.idempotencyKey).executeTakeFirst();
      if (earlier) {
        if (earlier.charge_reference !== request.paymentId || earlier.amount_cents !== request.amountCents) {
          throw new Error(`test provider: idempotency key ${request.idempotencyKey} was used for another refund`);
        }
        return this.refundOf(earlier, trx);
      }
      const charge = await trx.selectFrom("test_payment_charges").select(["status", "amount_cents", "currency_code"]).where("reference", "=", request.paymentId).executeTakeFirst();
      if (!charge || charge.status === "DECLINED") throw new RefundRefusedError("The payment provider has no successful payment to refund.");
      if (charge.status === "VOIDED") throw new RefundRefusedError("This payment was already given back in full.");
      const { refunded } = await trx
        .selectFrom("test_payment_refunds")
        .select(sql<number>`coalesce(sum(amount_cents), 0)::int`.as("refunded"))
        .where("charge_reference", "=", request.paymentId)
        .executeTakeFirstOrThrow();
      const left = charge.amount_cents - Number(refunded);
      if (request.amountCents > left) throw new RefundRefusedError(`The refund is more than the ${left} cents left to refund on this payment.`);
      const row = await trx
        .insertInto("test_payment_refunds")
        .values({ id: `tre_${randomBytes(12).toString("base64url")}`, idempotency_key: request.idempotencyKey, charge_reference: request.paymentId, amount_cents: request.amountCents, reference: request.reference })
        .returningAll()
        .executeTakeFirstOrThrow();
      return this.refundOf(row, trx);
    });
  }

  async lookupRefund(refundId: string): Promise<ProviderRefund> {
    const row = await this.ledger.selectFrom("test_payment_refunds").selectAll().where("id", "=", refundId).executeTakeFirst();
    if (!row) throw new Error(`test provider: no refund ${refundId}`);
    return this.refundOf(row, this.ledger);
  }

  async refundsOf(paymentId: string): Promise<ProviderRefund[]> {
    const rows = await this.ledger.selectFrom("test_payment_refunds").selectAll().where("charge_reference", "=", paymentId).orderBy("created_at").execute();
    return Promise.all(rows.map((row) => this.refundOf(row, this.ledger)));
  }

  private async refundOf(row: Selectable<TestPaymentRefundTable>, db: Kysely<Database>): Promise<ProviderRefund> {
    const charge = await db.selectFrom("test_payment_charges").select("currency_code").where("reference", "=", row.charge_reference).executeTakeFirst();
    return {
      id: row.id,
      paymentId: row.charge_reference,
      state: "succeeded",
      amountCents: row.amount_cents,
      currencyCode: charge?.currency_code ?? "USD",
      reference: row.reference,
      failureMessage: null,
    };
  }

  /**
   * The card the shopper typed on the checkout page, for an open session: approved, the session is
   * paid (once: a second approval of a paid session answers the first); declined, it stays open
   * for another card. An expired session takes nothing.
   */
  async pay(sessionId: string, card: CardDetails): Promise<{ approved: true } | { approved: false; message: string }> {
    const session = await this.ledger.selectFrom("test_payment_sessions").select(SESSION_COLUMNS).where("id", "=", sessionId).executeTakeFirst();
    if (!session) return { approved: false, message: DECLINED_MESSAGE };
    const now = new Date();
    const state = toPayment(session, now).state;
    if (state === "paid") return { approved: true };
    if (state === "expired") return { approved: false, message: "This payment page has expired. Nothing was charged: please pay again." };
    const brand = cardBrand(card.number);
    const last4 = card.number.slice(-4);
    const reference = `test_${randomUUID()}`;
    if (card.number !== TEST_CARDS.approved) {
      await this.ledger
        .insertInto("test_payment_charges")
        .values({
          idempotency_key: `${sessionId}:${reference}`,
          reference,
          status: "DECLINED",
          amount_cents: session.amount_cents,
          currency_code: session.currency_code,
          card_brand: brand,
          card_last4: last4,
          decline_message: DECLINED_MESSAGE,
        })
        .execute();
      return { approved: false, message: DECLINED_MESSAGE };
    }
    // The money is taken and the session paid in one statement, as a provider records them: a crash
    // never leaves a charge without its paid session. Only an open, unexpired session takes it.
    const { rows } = await sql<{ reference: string }>`
      WITH paid AS (
        UPDATE test_payment_sessions
        SET status = 'PAID', payment_reference = ${reference}, card_brand = ${brand}, card_last4 = ${last4}, updated_at = now()
        WHERE id = ${sessionId} AND status = 'OPEN' AND expires_at > now()
        RETURNING id, amount_cents, currency_code
      )
      INSERT INTO test_payment_charges (idempotency_key, reference, status, amount_cents, currency_code, card_brand, card_last4)
      SELECT id || ':' || ${reference}, ${reference}, 'APPROVED', amount_cents, currency_code, ${brand}, ${last4} FROM paid
      RETURNING reference`.execute(this.ledger);
    if (rows.length === 0) {
      // Another submission paid it first (nothing more taken), or it expired meanwhile.
      return (await this.lookup(sessionId)).state === "paid" ? { approved: true } : { approved: false, message: "This payment page has expired. Nothing was charged: please pay again." };
    }
    return { approved: true };
  }
}
