// Row shapes the cart's statements answer, and their mapping to records (used by cart.repository.ts).
import { sql } from "kysely";
import { mediaUrl } from "../catalog/catalog.records.js";
import type { ProductStatusValue } from "../db/schema.js";
import type { CartMerchandise } from "./cart.records.js";

export interface MerchandiseRow {
  variant_id: string;
  variant_title: string;
  price_cents: number;
  compare_at_cents: number | null;
  selected_options: { name: string; value: string }[];
  product_id: string;
  product_handle: string;
  product_title: string;
  image_path: string | null;
  for_sale: boolean;
  archived: boolean;
  product_status: ProductStatusValue;
}

export function toMerchandise(r: MerchandiseRow): CartMerchandise {
  return {
    variantId: r.variant_id,
    variantTitle: r.variant_title,
    priceCents: r.price_cents,
    compareAtCents: r.compare_at_cents,
    selectedOptions: r.selected_options,
    productId: r.product_id,
    productHandle: r.product_handle,
    productTitle: r.product_title,
    imageUrl: r.image_path ? mediaUrl(r.image_path) : null,
    forSale: r.for_sale,
    archived: r.archived,
    productStatus: r.product_status,
  };
}

// The columns of MerchandiseRow, from variants v joined to products p (as findLines reads them).
export const MERCHANDISE_SQL = sql`v.id AS variant_id, v.title AS variant_title, v.price_cents, v.compare_at_cents, v.selected_options,
  p.id AS product_id, p.handle AS product_handle, p.title AS product_title,
  v.available_for_sale AS for_sale, v.archived_at IS NOT NULL AS archived, p.status AS product_status,
  (SELECT pi.path FROM product_images pi WHERE pi.product_id = p.id ORDER BY pi.position LIMIT 1) AS image_path`;
