import type { Selectable } from "kysely";
import type { PromotionKindValue, PromotionTable } from "../db/schema.js";

export type PromotionKind = PromotionKindValue;

/** A promotion as the rules read it (db/migrations/022-promotions.ts). */
export interface PromotionRecord {
  id: string;
  title: string;
  kind: PromotionKind;
  /** 1–100, for a percentage. */
  percentOff: number | null;
  /** For an amount off the order. */
  amountOffCents: number | null;
  /** A free-shipping offer that needs no code (it lowers the threshold while it runs). */
  automatic: boolean;
  /** The cart's subtotal before the code must reach this (for an automatic offer: its threshold). */
  minSubtotalCents: number;
  startsAt: Date;
  endsAt: Date | null;
  /** Once per customer: by account, or by the checkout's email for a guest. */
  oncePerCustomer: boolean;
  /** Limited to these products and the products of these collections; both empty: the whole cart. */
  productIds: string[];
  collectionIds: string[];
  /** Set when staff turned it off (it then works nowhere, as if ended). */
  disabledAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
}

/** One discount code of a promotion. */
export interface DiscountCodeRecord {
  id: string;
  promotionId: string;
  /** As staff wrote it; matched without regard to case. */
  code: string;
  /** How many orders may use it in all; null: no limit. */
  usageLimit: number | null;
  createdAt: Date;
}

export const PROMOTION_COLUMNS = [
  "id",
  "title",
  "kind",
  "percent_off",
  "amount_off_cents",
  "automatic",
  "min_subtotal_cents",
  "starts_at",
  "ends_at",
  "once_per_customer",
  "product_ids",
  "collection_ids",
  "disabled_at",
  "created_at",
  "updated_at",
] as const;

export function toPromotion(row: Pick<Selectable<PromotionTable>, (typeof PROMOTION_COLUMNS)[number]>): PromotionRecord {
  return {
    id: row.id,
    title: row.title,
    kind: row.kind,
    percentOff: row.percent_off,
    amountOffCents: row.amount_off_cents,
    automatic: row.automatic,
    minSubtotalCents: row.min_subtotal_cents,
    startsAt: new Date(row.starts_at),
    endsAt: row.ends_at === null ? null : new Date(row.ends_at),
    oncePerCustomer: row.once_per_customer,
    productIds: row.product_ids ?? [],
    collectionIds: row.collection_ids ?? [],
    disabledAt: row.disabled_at === null ? null : new Date(row.disabled_at),
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}
