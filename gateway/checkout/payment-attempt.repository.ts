import { sql, type Kysely, type Selectable, type Transaction } from "kysely";
import type { Database, PaymentAttemptStatus, PaymentAttemptTable } from "../db/schema.js";
import type { NewOrder } from "../orders/order.records.js";

/** The order a payment attempt will record, as the shopper confirmed it (the card comes from the charge). */
export type OrderDraft = Omit<NewOrder, "cardBrand" | "cardLast4">;

export interface PaymentAttempt {
  /** Also the idempotency key of its charge. */
  id: string;
  cartId: string;
  status: PaymentAttemptStatus;
  summaryKey: string;
  amountCents: number;
  currencyCode: string;
  draft: OrderDraft;
  chargeReference: string | null;
  cardBrand: string | null;
  cardLast4: string | null;
  orderId: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const COLUMNS = [
  "id",
  "cart_id",
  "status",
  "summary_key",
  "amount_cents",
  "currency_code",
  "order_draft",
  "charge_reference",
  "card_brand",
  "card_last4",
  "order_id",
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
    chargeReference: row.charge_reference,
    cardBrand: row.card_brand,
    cardLast4: row.card_last4,
    orderId: row.order_id,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/**
 * Payment attempts. Writes outside a transaction are single autocommitted statements on purpose:
 * an attempt's approval must be durable before the order's transaction begins.
 */
export class PaymentAttemptRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction (a checkout step: the cart's lock, the attempt, the order); pass it `trx` everywhere. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async insert(
    attempt: { cartId: string; summaryKey: string; amountCents: number; currencyCode: string; draft: OrderDraft },
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
      })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toAttempt(row);
  }

  async findById(id: string, trx: Transaction<Database>): Promise<PaymentAttempt | null> {
    const row = await trx.selectFrom("payment_attempts").select(COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  /** The cart's newest attempt still pending or approved (read under the cart's lock). */
  async findOpenForCart(cartId: string, trx: Transaction<Database>): Promise<PaymentAttempt | null> {
    const row = await trx
      .selectFrom("payment_attempts")
      .select(COLUMNS)
      .where("cart_id", "=", cartId)
      .where("status", "in", ["PENDING", "APPROVED"])
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row ? toAttempt(row) : null;
  }

  /** Every attempt still pending or approved, oldest first (what reconciliation settles). */
  async findOpen(limit: number): Promise<PaymentAttempt[]> {
    const rows = await this.db
      .selectFrom("payment_attempts")
      .select(COLUMNS)
      .where("status", "in", ["PENDING", "APPROVED"])
      .orderBy("updated_at")
      .limit(limit)
      .execute();
    return rows.map(toAttempt);
  }

  /** Records the provider's approval; an attempt given up as abandoned is taken back by it. */
  async markApproved(id: string, charge: { reference: string; brand: string; last4: string }): Promise<void> {
    await this.db
      .updateTable("payment_attempts")
      .set({ status: "APPROVED", charge_reference: charge.reference, card_brand: charge.brand, card_last4: charge.last4, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "in", ["PENDING", "ABANDONED"])
      .execute();
  }

  async markCompleted(id: string, orderId: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("payment_attempts").set({ status: "COMPLETED", order_id: orderId, updated_at: sql`now()` }).where("id", "=", id).execute();
  }

  /** Moves an attempt from one of `from` to `to`; answers whether it did. */
  async transition(id: string, from: PaymentAttemptStatus[], to: PaymentAttemptStatus): Promise<boolean> {
    const result = await this.db
      .updateTable("payment_attempts")
      .set({ status: to, updated_at: sql`now()` })
      .where("id", "=", id)
      .where("status", "in", from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }
}
