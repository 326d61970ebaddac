import type { TestGateway } from "./gateway.js";

/** A promotion as a test sets it up (the staff API is tested on its own, tests/promotion-admin.test.ts). */
export interface PromotionSetup {
  title?: string;
  kind: "percentage" | "fixed_amount" | "free_shipping";
  percentOff?: number;
  amountOffCents?: number;
  minSubtotalCents?: number;
  startsAt?: Date;
  endsAt?: Date | null;
  oncePerCustomer?: boolean;
  productIds?: string[];
  collectionIds?: string[];
  automatic?: boolean;
  /** The codes and their limits (none for an automatic offer). */
  codes?: { code: string; usageLimit?: number | null }[];
}

/** Inserts a promotion and its codes; answers the promotion's id and each code's id. */
export async function addPromotion(shop: TestGateway, setup: PromotionSetup): Promise<{ id: string; codeIds: string[] }> {
  const db = shop.database.db;
  const promotion = await db
    .insertInto("promotions")
    .values({
      title: setup.title ?? `${setup.kind} promotion`,
      kind: setup.kind,
      percent_off: setup.percentOff ?? null,
      amount_off_cents: setup.amountOffCents ?? null,
      automatic: setup.automatic ?? false,
      min_subtotal_cents: setup.minSubtotalCents ?? 0,
      starts_at: setup.startsAt ?? new Date(Date.now() - 60_000),
      ends_at: setup.endsAt ?? null,
      once_per_customer: setup.oncePerCustomer ?? false,
      product_ids: setup.productIds ?? [],
      collection_ids: setup.collectionIds ?? [],
      disabled_at: null,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  const codeIds: string[] = [];
  for (const c of setup.codes ?? []) {
    const row = await db
      .insertInto("discount_codes")
      .values({ promotion_id: promotion.id, code: c.code, usage_limit: c.usageLimit ?? null })
      .returning("id")
      .executeTakeFirstOrThrow();
    codeIds.push(row.id);
  }
  return { id: promotion.id, codeIds };
}

/** The standing free-shipping threshold, as staff would set it. */
export async function setStandingThreshold(shop: TestGateway, cents: number): Promise<void> {
  await shop.database.db.updateTable("shop_settings").set({ free_shipping_threshold_cents: cents }).execute();
}
