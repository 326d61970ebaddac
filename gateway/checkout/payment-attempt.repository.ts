import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, PaymentAttemptStatus, PaymentAttemptTable } from "../db/schema.js";
import type { NewOrder } from "../orders/order.records.js";
import type { PaymentEventRecord } from "./payment-provider.js";

/** The order a payment attempt will record, as the shopper confirmed it (the card comes from the payment). */
export type OrderDraft = Omit<NewOrder, "cardBrand" | "cardLast4"> & {
  /** The signed-in shopper ticked "Save this address to my account": kept once the order is placed. Absent otherwise. */
  saveAddress?: true;
};

export interface PaymentAttempt {
  /** Our reference at the provider, and the base of its idempotency keys. */
  id: string;
  cartId: string;
  status: PaymentAttemptStatus;
  summaryKey: string;
  amountCents: number;
  currencyCode: string;
  draft: OrderDraft;
  provider: string;
  /** The provider's session; null until it is begun (and for attempts from before sessions). */
  sessionId: string | null;
  expiresAt: Date | null;
  /** The provider's id of the money taken, once paid. */
  chargeReference: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  orderId: string | null;
  voidReason: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** Statuses whose outcome is still to learn (or, VOIDING, to finish). */
const OPEN_STATUSES: PaymentAttemptStatus[] = ["PENDING", "PROCESSING", "APPROVED", "VOIDING"];

const COLUMNS = [
  "id",
  "cart_id",
  "status",
  "summary_key",
  "amount_cents",
  "currency_code",
  "order_draft",
  "provider",
  "session_id",
  "expires_at",
  "charge_reference",
  "card_brand",
  "card_last4",
  "order_id",
  "void_reason",
  "created_at",
  "updated_at",
] as const;

function toAttempt(row: Pick<Selectable<PaymentAttemptTable>, (typeof COLUMNS)[number]>): PaymentAttempt {
  return {
    id: row.id,
    cartId: row.cart_id,
    status: row.status,
    summaryKey: row.summary_key,
    amountCents: row.amount_cents,
    currencyCode: row.currency_code,
    draft: (typeof row.order_draft === "string" ? JSON.parse(row.order_draft) : row.order_draft) as OrderDraft,
    provider: row.provider,
    sessionId: row.session_id,
    expiresAt: row.expires_at === null ? null : new Date(row.expires_at),
    chargeReference: row.charge_reference,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    orderId: row.order_id,
    voidReason: row.void_reason,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export type { PaymentEventRecord } from "./payment-provider.js";

/**
 * Payment attempts. Writes outside a transaction are single autocommitted statements on purpose:
 * what a provider was asked (the session) is durable before the browser is sent there.
 */
export class PaymentAttemptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction (a checkout step: the cart's lock, the attempt, the order). */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Attempts not yet an order that would make one for this customer make a guest's instead (the
   * account is being deleted, in `trx`): a payment that settles later still becomes an order.
   */
  async detachCustomer(customerId: string, trx: Transaction<Database>): Promise<void> {
    await sql`UPDATE payment_attempts SET order_draft = jsonb_set(order_draft, '{customerId}', 'null'), updated_at = now()
      WHERE order_id IS NULL AND order_draft->>'customerId' = ${customerId}`.execute(trx);
  }

  async insert(
    attempt: { cartId: string; summaryKey: string; amountCents: number; currencyCode: string; draft: OrderDraft; provider: string },
    trx: Transaction<Database>,
  ): Promise<PaymentAttempt> {
    const row = await trx
      .insertInto("payment_attempts")
      .values({
        cart_id: attempt.cartId,
        summary_key: attempt.summaryKey,
        amount_cents: attempt.amountCents,
        currency_code: attempt.currencyCode,
        order_draft: JSON.stringify(attempt.draft),
        provider: attempt.provider,
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAttempt(row);
  }

  async findById(id: string): Promise<PaymentAttempt | null> {
    const row = await this.db.selectFrom("payment_attempts").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  /** The attempt, its row locked for the rest of the transaction (settlement's one-at-a-time). */
  async lockById(id: string, trx: Transaction<Database>): Promise<PaymentAttempt | null> {
    const row = await trx.selectFrom("payment_attempts").select(COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  async findBySession(provider: string, sessionId: string): Promise<PaymentAttempt | null> {
    const row = await this.db
      .selectFrom("payment_attempts")
      .select(COLUMNS)
      .where("provider", "=", provider)
      .where("session_id", "=", sessionId)
      .executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  /** The cart's newest attempt still pending or processing (read under the cart's lock). */
  async findOpenForCart(cartId: string, trx: Transaction<Database>): Promise<PaymentAttempt | null> {
    const row = await trx
      .selectFrom("payment_attempts")
      .select(COLUMNS)
      .where("cart_id", "=", cartId)
      .where("status", "in", ["PENDING", "PROCESSING", "APPROVED"])
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  /** The ids of a cart's attempts that a provider may still take money for. */
  async findPendingIdsForCart(cartId: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom("payment_attempts")
      .select("id")
      .where("cart_id", "=", cartId)
      .where("status", "=", "PENDING")
      .where("session_id", "is not", null)
      .execute();
    return rows.map((r) => r.id);
  }

  /** Attempts whose outcome is still to learn or to finish, not touched for `idleMs`, oldest first. */
  async findOpen(limit: number, idleMs: number, now: Date): Promise<PaymentAttempt[]> {
    const rows = await this.db
      .selectFrom("payment_attempts")
      .select(COLUMNS)
      .where("status", "in", OPEN_STATUSES)
      .where("updated_at", "<=", new Date(now.getTime() - idleMs))
      .orderBy("updated_at")
      .limit(limit)
      .execute();
    return rows.map(toAttempt);
  }

  /** Records the provider's session of a pending attempt (autocommit: before the browser goes there). */
  async recordSession(id: string, session: { sessionId: string; expiresAt: Date }): Promise<void> {
    await this.db
      .updateTable("payment_attempts")
      .set({ session_id: session.sessionId, expires_at: session.expiresAt, updated_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  }

  async markCompleted(id: string, payment: { orderId: string; paymentId: string; card: { brand: string; last4: string } | null }, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("payment_attempts")
      .set({
        status: "COMPLETED",
        order_id: payment.orderId,
        charge_reference: payment.paymentId,
        card_brand: payment.card?.brand ?? null,
        card_last4: payment.card?.last4 ?? null,
        updated_at: sql`now()`,
      })
      .where("id", "=", id)
      .execute();
  }

  /** A paid attempt that can never be an order: to give back (reconciliation finishes it if we stop here). */
  async markVoiding(id: string, payment: { paymentId: string; reason: string }, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("payment_attempts")
      .set({ status: "VOIDING", charge_reference: payment.paymentId, void_reason: payment.reason, updated_at: sql`now()` })
      .where("id", "=", id)
      .execute();
  }

  /** Moves an attempt from one of `from` to `to`, in the caller's transaction; answers whether it did. */
  async transitionInTransaction(id: string, from: PaymentAttemptStatus[], to: PaymentAttemptStatus, trx: Transaction<Database>): Promise<boolean> {
    const result = await trx.updateTable("payment_attempts").set({ status: to, updated_at: sql`now()` }).where("id", "=", id).where("status", "in", from).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** As transitionInTransaction, on its own. */
  async transition(id: string, from: PaymentAttemptStatus[], to: PaymentAttemptStatus): Promise<boolean> {
    const result = await this.db.updateTable("payment_attempts").set({ status: to, updated_at: sql`now()` }).where("id", "=", id).where("status", "in", from).executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** Marks an attempt looked at, so reconciliation asks about the others first. */
  async touch(id: string): Promise<void> {
    await this.db.updateTable("payment_attempts").set({ updated_at: sql`now()` }).where("id", "=", id).execute();
  }

  /** Records a provider's event; false when it was recorded before (its effect happened then). */
  async recordEvent(event: PaymentEventRecord, attemptId: string | null, trx: Transaction<Database>): Promise<boolean> {
    const inserted = await trx
      .insertInto("payment_events")
      .values({ provider: event.provider, event_id: event.eventId, type: event.type, attempt_id: attemptId })
      .onConflict((oc) => oc.columns(["provider", "event_id"]).doNothing())
      .returning("event_id")
      .executeTakeFirst();
    return inserted !== undefined;
  }
}
