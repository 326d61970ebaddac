import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { PROMOTION_COLUMNS, toPromotion, type DiscountCodeRecord, type PromotionRecord } from "./promotion.records.js";
import { COUNTED_ATTEMPT_STATUSES, toCode } from "./promotion.repository.js";
import type { CodeTotals } from "./promotion-admin.rules.js";
import type { PromotionDraft } from "./promotion-admin.rules.js";

/** A code with its counted uses. */
export interface CodeWithUses extends DiscountCodeRecord {
  uses: number;
}

const CODE_COLUMNS = ["id", "promotion_id", "code", "usage_limit", "created_at"] as const;

/** Counted uses per code, by the shopper side's one list of counted attempt statuses. */
const countedUses = () => sql`
  SELECT r.code_id, count(*)::int AS uses FROM discount_redemptions r JOIN payment_attempts a ON a.id = r.attempt_id
  WHERE a.status IN (${sql.join(COUNTED_ATTEMPT_STATUSES.map((s) => sql`${s}`))}) GROUP BY r.code_id`;

const NO_TOTALS: CodeTotals = { codeCount: 0, limitedCount: 0, usedUpCount: 0, uses: 0 };

function draftRow(draft: PromotionDraft) {
  return {
    title: draft.title.trim(),
    kind: draft.kind,
    percent_off: draft.percentOff,
    amount_off_cents: draft.amountOffCents,
    automatic: draft.automatic,
    min_subtotal_cents: draft.minSubtotalCents,
    starts_at: draft.startsAt,
    ends_at: draft.endsAt,
    once_per_customer: draft.oncePerCustomer,
    product_ids: draft.productIds,
    collection_ids: draft.collectionIds,
  };
}

/** Staff's side of promotions: the promotions, their codes and counts, and the shop's standing threshold. */
export class PromotionAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every promotion, newest first (a shop runs tens, not thousands: the state filter is the service's). */
  async list(): Promise<PromotionRecord[]> {
    const rows = await this.db.selectFrom("promotions").select(PROMOTION_COLUMNS).orderBy("created_at", "desc").orderBy("id").execute();
    return rows.map(toPromotion);
  }

  find(id: string): Promise<PromotionRecord | null> {
    return this.findWith(id, this.db);
  }

  findInTransaction(id: string, trx: Transaction<Database>): Promise<PromotionRecord | null> {
    return this.findWith(id, trx);
  }

  private async findWith(id: string, executor: Kysely<Database>): Promise<PromotionRecord | null> {
    const row = await executor.selectFrom("promotions").select(PROMOTION_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toPromotion(row) : null;
  }

  /** The promotion's row, locked to the end of `trx` (the shopper side's reservations wait on the same lock). */
  async lock(id: string, trx: Transaction<Database>): Promise<PromotionRecord | null> {
    const row = await trx.selectFrom("promotions").select(PROMOTION_COLUMNS).where("id", "=", id).forUpdate().executeTakeFirst();
    return row ? toPromotion(row) : null;
  }

  /** Each promotion's codes and counted uses. */
  totals(promotionIds: readonly string[]): Promise<Map<string, CodeTotals>> {
    return this.totalsWith(promotionIds, this.db);
  }

  totalsInTransaction(promotionIds: readonly string[], trx: Transaction<Database>): Promise<Map<string, CodeTotals>> {
    return this.totalsWith(promotionIds, trx);
  }

  private async totalsWith(promotionIds: readonly string[], executor: Kysely<Database>): Promise<Map<string, CodeTotals>> {
    const totals = new Map<string, CodeTotals>(promotionIds.map((id) => [id, NO_TOTALS]));
    if (promotionIds.length === 0) return totals;
    const { rows } = await sql<{ promotion_id: string; code_count: number; limited_count: number; used_up_count: number; uses: number }>`
      SELECT c.promotion_id,
        count(*)::int AS code_count,
        count(*) FILTER (WHERE c.usage_limit IS NOT NULL)::int AS limited_count,
        count(*) FILTER (WHERE c.usage_limit IS NOT NULL AND coalesce(u.uses, 0) >= c.usage_limit)::int AS used_up_count,
        coalesce(sum(u.uses), 0)::int AS uses
      FROM discount_codes c LEFT JOIN (${countedUses()}) u ON u.code_id = c.id
      WHERE c.promotion_id = any(${[...promotionIds]}::uuid[])
      GROUP BY c.promotion_id`.execute(executor);
    for (const row of rows) {
      totals.set(row.promotion_id, { codeCount: Number(row.code_count), limitedCount: Number(row.limited_count), usedUpCount: Number(row.used_up_count), uses: Number(row.uses) });
    }
    return totals;
  }

  /** A window of the promotion's codes, oldest first, with their counted uses. */
  async codes(promotionId: string, offset: number, limit: number): Promise<CodeWithUses[]> {
    const { rows } = await sql<{ id: string; promotion_id: string; code: string; usage_limit: number | null; created_at: Date; uses: number }>`
      SELECT c.id, c.promotion_id, c.code, c.usage_limit, c.created_at, coalesce(u.uses, 0)::int AS uses
      FROM discount_codes c LEFT JOIN (${countedUses()}) u ON u.code_id = c.id
      WHERE c.promotion_id = ${promotionId}
      ORDER BY c.created_at, c.id OFFSET ${offset} LIMIT ${limit}`.execute(this.db);
    return rows.map((row) => ({ ...toCode(row), uses: Number(row.uses) }));
  }

  async findCode(id: string, trx: Transaction<Database>): Promise<DiscountCodeRecord | null> {
    const row = await trx.selectFrom("discount_codes").select(CODE_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toCode(row) : null;
  }

  /** Whether some promotion already has this code, whatever its case. */
  async codeTaken(code: string, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx.selectFrom("discount_codes").select("id").where(sql<string>`lower(code)`, "=", code.toLowerCase()).executeTakeFirst();
    return row !== undefined;
  }

  /** Whether any checkout ever reserved a use of the code (counted or given back since). */
  async codeEverUsed(codeId: string, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx.selectFrom("discount_redemptions").select("attempt_id").where("code_id", "=", codeId).executeTakeFirst();
    return row !== undefined;
  }

  async insert(draft: PromotionDraft, trx: Transaction<Database>): Promise<string> {
    const row = await trx.insertInto("promotions").values(draftRow(draft)).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, draft: PromotionDraft, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("promotions")
      .set({ ...draftRow(draft), updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
  }

  async setDisabled(id: string, disabled: boolean, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("promotions")
      .set({ disabled_at: disabled ? sql<Date>`now()` : null, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
  }

  async touch(id: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("promotions").set({ updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
  }

  async insertCode(promotionId: string, code: string, usageLimit: number | null, trx: Transaction<Database>): Promise<DiscountCodeRecord> {
    const row = await trx.insertInto("discount_codes").values({ promotion_id: promotionId, code, usage_limit: usageLimit }).returning(CODE_COLUMNS).executeTakeFirstOrThrow();
    return toCode(row);
  }

  /**
   * Inserts the codes that no promotion has yet (any case) and answers those inserted; a code taken
   * meanwhile is skipped, not an error, so the caller can make another in its place.
   */
  async insertCodesSkippingTaken(promotionId: string, codes: readonly string[], usageLimit: number | null, trx: Transaction<Database>): Promise<string[]> {
    if (codes.length === 0) return [];
    const { rows } = await sql<{ code: string }>`
      INSERT INTO discount_codes (promotion_id, code, usage_limit)
      SELECT ${promotionId}::uuid, c, ${usageLimit}::int FROM unnest(${[...codes]}::text[]) AS c
      ON CONFLICT DO NOTHING RETURNING code`.execute(trx);
    return rows.map((r) => r.code);
  }

  async deleteCode(id: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("discount_codes").where("id", "=", id).execute();
  }

  /** Names of the products that exist among `ids`. */
  async productsNamed(ids: readonly string[], executor: Kysely<Database>): Promise<Map<string, { id: string; title: string; handle: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.selectFrom("products").select(["id", "title", "handle"]).where("id", "=", sql<string>`any(${[...ids]}::uuid[])`).execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async collectionsNamed(ids: readonly string[], executor: Kysely<Database>): Promise<Map<string, { id: string; title: string; handle: string }>> {
    if (ids.length === 0) return new Map();
    const rows = await executor.selectFrom("collections").select(["id", "title", "handle"]).where("id", "=", sql<string>`any(${[...ids]}::uuid[])`).execute();
    return new Map(rows.map((r) => [r.id, r]));
  }

  async freeShippingThresholdCents(executor: Kysely<Database>): Promise<number> {
    const row = await executor.selectFrom("shop_settings").select("free_shipping_threshold_cents").executeTakeFirst();
    return row?.free_shipping_threshold_cents ?? 7500;
  }

  async setFreeShippingThreshold(cents: number, trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto("shop_settings")
      .values({ id: true, free_shipping_threshold_cents: cents })
      .onConflict((oc) => oc.column("id").doUpdateSet({ free_shipping_threshold_cents: cents, updated_at: sql<Date>`now()` }))
      .execute();
  }
}
