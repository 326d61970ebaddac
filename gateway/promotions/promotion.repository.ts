import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, PaymentAttemptStatus } from "../db/schema.js";
import { PROMOTION_COLUMNS, toPromotion, type DiscountCodeRecord, type PromotionRecord } from "./promotion.records.js";

/**
 * A use of a code counts while its payment attempt is open or paid: it is reserved when the attempt
 * opens, released when the attempt is abandoned, fails or is given back, and counted for good once
 * the attempt is its order. Every count of uses reads this list (the admin's too).
 */
export const COUNTED_ATTEMPT_STATUSES: readonly PaymentAttemptStatus[] = ["PENDING", "PROCESSING", "APPROVED", "COMPLETED"];

const CODE_COLUMNS = ["id", "promotion_id", "code", "usage_limit", "created_at"] as const;

export function toCode(row: { id: string; promotion_id: string; code: string; usage_limit: number | null; created_at: Date | string }): DiscountCodeRecord {
  return { id: row.id, promotionId: row.promotion_id, code: row.code, usageLimit: row.usage_limit, createdAt: new Date(row.created_at) };
}

/** A code with its promotion. */
export interface CodeWithPromotion {
  code: DiscountCodeRecord;
  promotion: PromotionRecord;
}

/** Counted uses, and the redemption's facts for the question "has this customer used it". */
export interface CodeUsage {
  uses: number;
  usedByCustomer: boolean;
}

/** What judging a code reads: its promotion, its lines' collections, its counted uses (excluding one attempt's). */
export interface CodeReads {
  findCode(code: string): Promise<CodeWithPromotion | null>;
  findCodeById(id: string): Promise<CodeWithPromotion | null>;
  collectionsOf(productIds: readonly string[]): Promise<Map<string, string[]>>;
  usage(code: DiscountCodeRecord, customerKey: string | null, exceptAttemptId: string | null): Promise<CodeUsage>;
}

/** The shopper's side of promotions: finding a code, counting its uses, reserving one for a payment. */
export class PromotionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The reads a code is judged by, on the repository's own connection. */
  reads(): CodeReads {
    return this.readsWith(this.db);
  }

  /** The same reads inside the caller's transaction (checkout's, under the cart's and the promotion's locks). */
  readsIn(trx: Transaction<Database>): CodeReads {
    return this.readsWith(trx);
  }

  private readsWith(executor: Kysely<Database>): CodeReads {
    return {
      findCode: (code) => this.findCodeWith(executor, code),
      findCodeById: (id) => this.findCodeByIdWith(executor, id),
      collectionsOf: (productIds) => this.collectionsOfWith(executor, productIds),
      usage: (code, customerKey, exceptAttemptId) => this.usageWith(executor, code, customerKey, exceptAttemptId),
    };
  }

  private async findCodeWith(executor: Kysely<Database>, code: string): Promise<CodeWithPromotion | null> {
    const row = await executor
      .selectFrom("discount_codes")
      .select(CODE_COLUMNS)
      .where(sql<string>`lower(code)`, "=", code.toLowerCase())
      .executeTakeFirst();
    return row ? this.withPromotion(executor, toCode(row)) : null;
  }

  private async findCodeByIdWith(executor: Kysely<Database>, id: string): Promise<CodeWithPromotion | null> {
    const row = await executor.selectFrom("discount_codes").select(CODE_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? this.withPromotion(executor, toCode(row)) : null;
  }

  private async withPromotion(executor: Kysely<Database>, code: DiscountCodeRecord): Promise<CodeWithPromotion | null> {
    const promotion = await executor.selectFrom("promotions").select(PROMOTION_COLUMNS).where("id", "=", code.promotionId).executeTakeFirst();
    return promotion ? { code, promotion: toPromotion(promotion) } : null;
  }

  private async collectionsOfWith(executor: Kysely<Database>, productIds: readonly string[]): Promise<Map<string, string[]>> {
    const byProduct = new Map<string, string[]>(productIds.map((id) => [id, []]));
    if (productIds.length === 0) return byProduct;
    const rows = await executor.selectFrom("product_collections").select(["product_id", "collection_id"]).where("product_id", "in", [...new Set(productIds)]).execute();
    for (const row of rows) byProduct.get(row.product_id)?.push(row.collection_id);
    return byProduct;
  }

  private async usageWith(executor: Kysely<Database>, code: DiscountCodeRecord, customerKey: string | null, exceptAttemptId: string | null): Promise<CodeUsage> {
    const counted = sql.join(COUNTED_ATTEMPT_STATUSES.map((s) => sql`${s}`));
    const except = exceptAttemptId === null ? sql`` : sql`AND r.attempt_id <> ${exceptAttemptId}`;
    const result = await sql<{ uses: string | number; mine: string | number }>`
      SELECT
        (SELECT count(*) FROM discount_redemptions r JOIN payment_attempts a ON a.id = r.attempt_id
          WHERE r.code_id = ${code.id} AND a.status IN (${counted}) ${except}) AS uses,
        (SELECT count(*) FROM discount_redemptions r JOIN payment_attempts a ON a.id = r.attempt_id
          WHERE r.promotion_id = ${code.promotionId} AND r.customer_key = ${customerKey ?? ""} AND a.status IN (${counted}) ${except}) AS mine`.execute(executor);
    const row = result.rows[0]!;
    return { uses: Number(row.uses), usedByCustomer: customerKey !== null && Number(row.mine) > 0 };
  }

  /** The promotion's row, locked to the end of `trx`: every reservation of its codes waits its turn here. */
  async lockPromotion(promotionId: string, trx: Transaction<Database>): Promise<void> {
    await trx.selectFrom("promotions").select("id").where("id", "=", promotionId).forUpdate().executeTakeFirst();
  }

  /** Records the use an attempt reserves (in the attempt's transaction, under lockPromotion). */
  async insertRedemption(redemption: { attemptId: string; codeId: string; promotionId: string; customerKey: string; discountCents: number }, trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto("discount_redemptions")
      .values({
        attempt_id: redemption.attemptId,
        code_id: redemption.codeId,
        promotion_id: redemption.promotionId,
        customer_key: redemption.customerKey,
        discount_cents: redemption.discountCents,
      })
      .execute();
  }

  /** The standing free-shipping threshold (shop_settings). */
  async standingThresholdCents(): Promise<number> {
    const row = await this.db.selectFrom("shop_settings").select("free_shipping_threshold_cents").executeTakeFirst();
    return row?.free_shipping_threshold_cents ?? 7500;
  }

  /** Automatic free-shipping offers not disabled that have not ended by `now` (running or scheduled). */
  async automaticOffers(now: Date): Promise<PromotionRecord[]> {
    const rows = await this.db
      .selectFrom("promotions")
      .select(PROMOTION_COLUMNS)
      .where("automatic", "=", true)
      .where("disabled_at", "is", null)
      .where((eb) => eb.or([eb("ends_at", "is", null), eb("ends_at", ">", now)]))
      .orderBy("starts_at")
      .execute();
    return rows.map(toPromotion);
  }
}
