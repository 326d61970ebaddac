import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, RefundReasonValue, RefundTable } from "../db/schema.js";
import type { DisputeRecord, OrderPayment, RefundRecord, RefundStatus } from "./refund.records.js";

const COLUMNS = [
  "id",
  "order_id",
  "amount_cents",
  "currency_code",
  "reason",
  "note",
  "actor",
  "status",
  "provider",
  "provider_refund_id",
  "failure_message",
  "created_at",
  "updated_at",
] as const;

function toRefund(row: Pick<Selectable<RefundTable>, (typeof COLUMNS)[number]>): RefundRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    amountCents: row.amount_cents,
    currencyCode: row.currency_code,
    reason: row.reason,
    note: row.note,
    actor: row.actor,
    status: row.status,
    provider: row.provider,
    providerRefundId: row.provider_refund_id,
    failureMessage: row.failure_message,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

export interface NewRefund {
  orderId: string;
  amountCents: number;
  currencyCode: string;
  reason: RefundReasonValue;
  note: string | null;
  actor: string;
  provider: string;
  /** Set for a refund recorded from the provider (made in its Dashboard): its state is known already. */
  providerRefundId?: string;
  status?: RefundStatus;
}

/** The refunds ledger, an order's payment at its provider, and disputes. */
export class RefundRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The payment an order was paid with (its completed attempt); null for an order without one. */
  paymentOf(orderId: string): Promise<OrderPayment | null> {
    return this.selectPayment(orderId, this.db);
  }

  /** The same, in the caller's transaction. */
  paymentOfInTransaction(orderId: string, trx: Transaction<Database>): Promise<OrderPayment | null> {
    return this.selectPayment(orderId, trx);
  }

  private async selectPayment(orderId: string, executor: Kysely<Database>): Promise<OrderPayment | null> {
    const row = await executor
      .selectFrom("payment_attempts")
      .select(["order_id", "provider", "charge_reference"])
      .where("order_id", "=", orderId)
      .where("status", "=", "COMPLETED")
      .where("charge_reference", "is not", null)
      .executeTakeFirst();
    return row ? { orderId: row.order_id!, provider: row.provider, paymentId: row.charge_reference! } : null;
  }

  /** The order a payment made (by the provider's id of the money); null when it made none (a voided surplus, another integration's). */
  async orderOfPayment(provider: string, paymentId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("payment_attempts")
      .select("order_id")
      .where("provider", "=", provider)
      .where("charge_reference", "=", paymentId)
      .where("status", "=", "COMPLETED")
      .executeTakeFirst();
    return row?.order_id ?? null;
  }

  /** What remains refundable of each order (see selectRefundable), by order id. */
  refundableCents(orderIds: readonly string[]): Promise<Map<string, number>> {
    return this.selectRefundable(orderIds, this.db);
  }

  /** The same for one order, read in the caller's transaction (under the order's lock, before a refund is written). */
  async refundableCentsInTransaction(orderId: string, trx: Transaction<Database>): Promise<number> {
    return (await this.selectRefundable([orderId], trx)).get(orderId) ?? 0;
  }

  /**
   * The one rule of what remains refundable: an order's total less its PENDING and SUCCEEDED refunds
   * (a failed one gives its amount back); 0 for an order without a payment at a provider.
   */
  private async selectRefundable(orderIds: readonly string[], executor: Kysely<Database>): Promise<Map<string, number>> {
    if (orderIds.length === 0) return new Map();
    const rows = await executor
      .selectFrom("orders as o")
      .select([
        "o.id",
        sql<number>`CASE WHEN EXISTS (
          SELECT 1 FROM payment_attempts pa WHERE pa.order_id = o.id AND pa.status = 'COMPLETED' AND pa.charge_reference IS NOT NULL
        ) THEN greatest(0, o.total_cents - coalesce((
          SELECT sum(r.amount_cents) FROM refunds r WHERE r.order_id = o.id AND r.status IN ('PENDING', 'SUCCEEDED')
        ), 0)) ELSE 0 END::int`.as("cents"),
      ])
      .where("o.id", "in", [...orderIds])
      .execute();
    return new Map(rows.map((row) => [row.id, Number(row.cents)]));
  }

  async insert(refund: NewRefund, trx: Transaction<Database>): Promise<RefundRecord> {
    const row = await trx
      .insertInto("refunds")
      .values({
        order_id: refund.orderId,
        amount_cents: refund.amountCents,
        currency_code: refund.currencyCode,
        reason: refund.reason,
        note: refund.note,
        actor: refund.actor,
        provider: refund.provider,
        provider_refund_id: refund.providerRefundId ?? null,
        status: refund.status ?? "PENDING",
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toRefund(row);
  }

  async find(id: string): Promise<RefundRecord | null> {
    const row = await this.db.selectFrom("refunds").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toRefund(row) : null;
  }

  /** A refund by the provider's id of it; null when the ledger has none. */
  findByProviderId(provider: string, providerRefundId: string): Promise<RefundRecord | null> {
    return this.selectByProviderId(provider, providerRefundId, this.db);
  }

  /** The same, in the caller's transaction (under the order's lock, before a provider's refund is recorded). */
  findByProviderIdInTransaction(provider: string, providerRefundId: string, trx: Transaction<Database>): Promise<RefundRecord | null> {
    return this.selectByProviderId(provider, providerRefundId, trx);
  }

  private async selectByProviderId(provider: string, providerRefundId: string, executor: Kysely<Database>): Promise<RefundRecord | null> {
    const row = await executor.selectFrom("refunds").select(COLUMNS).where("provider", "=", provider).where("provider_refund_id", "=", providerRefundId).executeTakeFirst();
    return row ? toRefund(row) : null;
  }

  async lock(id: string, trx: Transaction<Database>): Promise<RefundRecord | null> {
    const row = await trx.selectFrom("refunds").select(COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
    return row ? toRefund(row) : null;
  }

  /** The provider's id, once it answered (kept even while the refund is still pending there). */
  async setProviderId(id: string, providerRefundId: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("refunds").set({ provider_refund_id: providerRefundId, updated_at: sql`now()` }).where("id", "=", id).execute();
  }

  async setStatus(id: string, status: RefundStatus, failureMessage: string | null, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("refunds").set({ status, failure_message: failureMessage, updated_at: sql`now()` }).where("id", "=", id).execute();
  }

  /** Marks a pending refund as looked at (reconciliation asks again only after a while). */
  async touch(id: string): Promise<void> {
    await this.db.updateTable("refunds").set({ updated_at: sql`now()` }).where("id", "=", id).where("status", "=", "PENDING").execute();
  }

  /** Oldest first: the refunds still pending, not looked at for `idleMs`. */
  async findPending(limit: number, idleMs: number, now: Date): Promise<RefundRecord[]> {
    const rows = await this.db
      .selectFrom("refunds")
      .select(COLUMNS)
      .where("status", "=", "PENDING")
      .where("updated_at", "<=", new Date(now.getTime() - idleMs))
      .orderBy("updated_at")
      .limit(limit)
      .execute();
    return rows.map(toRefund);
  }

  /** Several orders' refunds, oldest first (for a page of orders). */
  async findByOrders(orderIds: readonly string[]): Promise<Map<string, RefundRecord[]>> {
    const byOrder = new Map<string, RefundRecord[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db.selectFrom("refunds").select(COLUMNS).where("order_id", "in", [...orderIds]).orderBy("created_at").orderBy("id").execute();
    for (const row of rows) byOrder.get(row.order_id)!.push(toRefund(row));
    return byOrder;
  }

  // --- Disputes ---------------------------------------------------------------------------------

  /** Records a dispute once (by the provider's id), or updates its status; answers it and whether it is new. */
  async upsertDispute(
    dispute: Omit<DisputeRecord, "id" | "openedAt" | "closedAt">,
    trx: Transaction<Database>,
  ): Promise<{ dispute: DisputeRecord; created: boolean; closedNow: boolean }> {
    const before = await trx
      .selectFrom("disputes")
      .selectAll()
      .where("provider", "=", dispute.provider)
      .where("provider_dispute_id", "=", dispute.providerDisputeId)
      .forUpdate()
      .executeTakeFirst();
    const closing = dispute.outcome !== null && (!before || before.outcome === null);
    const row = before
      ? await trx
          .updateTable("disputes")
          .set({ status: dispute.status, outcome: dispute.outcome ?? before.outcome, ...(closing ? { closed_at: sql`now()` } : {}) })
          .where("id", "=", before.id)
          .returningAll()
          .executeTakeFirstOrThrow()
      : await trx
          .insertInto("disputes")
          .values({
            order_id: dispute.orderId,
            provider: dispute.provider,
            provider_dispute_id: dispute.providerDisputeId,
            amount_cents: dispute.amountCents,
            currency_code: dispute.currencyCode,
            reason: dispute.reason,
            status: dispute.status,
            outcome: dispute.outcome,
            closed_at: dispute.outcome ? new Date() : null,
          })
          .returningAll()
          .executeTakeFirstOrThrow();
    return { dispute: toDispute(row), created: !before, closedNow: closing };
  }

  async disputesOf(orderIds: readonly string[]): Promise<Map<string, DisputeRecord[]>> {
    const byOrder = new Map<string, DisputeRecord[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db.selectFrom("disputes").selectAll().where("order_id", "in", [...orderIds]).orderBy("opened_at").execute();
    for (const row of rows) byOrder.get(row.order_id)!.push(toDispute(row));
    return byOrder;
  }

  /** Whether the order has a dispute still open (the printer waits). */
  async hasOpenDispute(orderId: string): Promise<boolean> {
    const row = await this.db.selectFrom("disputes").select("id").where("order_id", "=", orderId).where("closed_at", "is", null).executeTakeFirst();
    return row !== undefined;
  }
}

function toDispute(row: Selectable<Database["disputes"]>): DisputeRecord {
  return {
    id: row.id,
    orderId: row.order_id,
    provider: row.provider,
    providerDisputeId: row.provider_dispute_id,
    amountCents: row.amount_cents,
    currencyCode: row.currency_code,
    reason: row.reason,
    status: row.status,
    outcome: row.outcome,
    openedAt: new Date(row.opened_at),
    closedAt: row.closed_at ? new Date(row.closed_at) : null,
  };
}
