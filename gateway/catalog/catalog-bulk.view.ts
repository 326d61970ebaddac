import { centsToDecimalString, decimalStringToCents } from "../shared/money.js";
import type { BulkPlan, BulkSelection, PlannedProduct } from "./catalog-bulk.records.js";
import { percentToHundredths, type PriceChange } from "./catalog-bulk.rules.js";
import { BulkSelectionKind, type BulkChangePreview, type BulkPriceChangeInput, type BulkProductChange, type BulkSelectionInput } from "./catalog-bulk.types.js";
import { ProductStatus } from "./product-admin.types.js";

// Bulk changes at the edge: checked input to the service's selection and change, a plan to a page of its preview.

/** The selection as the service takes it; a search is trimmed as adminProducts trims it. */
export function toBulkSelection(input: BulkSelectionInput): BulkSelection {
  if (input.by === BulkSelectionKind.PRODUCT_IDS) return { kind: "products", productIds: [...new Set(input.productIds ?? [])] };
  if (input.by === BulkSelectionKind.COLLECTION) return { kind: "collection", collectionId: input.collectionId! };
  return { kind: "search", search: input.search?.trim() || null, status: input.status ?? null };
}

export function toPriceChange(input: BulkPriceChangeInput): PriceChange {
  return input.percent ? { kind: "percent", hundredths: percentToHundredths(input.percent)! } : { kind: "amount", cents: decimalStringToCents(input.amount!)! };
}

const money = (cents: number | null) => (cents === null ? null : centsToDecimalString(cents));

function toBulkProductChange(product: PlannedProduct): BulkProductChange {
  return {
    id: product.id,
    handle: product.handle,
    title: product.title,
    status: ProductStatus[product.status],
    changes: product.changes,
    refusal: product.refusal,
    variants: product.variants.map((v) => ({
      id: v.id,
      title: v.title,
      price: centsToDecimalString(v.before.priceCents),
      newPrice: centsToDecimalString(v.after.priceCents),
      compareAtPrice: money(v.before.compareAtCents),
      newCompareAtPrice: money(v.after.compareAtCents),
    })),
  };
}

/** A page of a plan: refused products first (the owner reads why before anything else), then by title. */
export function toBulkPreview(plan: BulkPlan, page: number, pageSize: number): BulkChangePreview {
  const ordered = [...plan.products].sort((a, b) => Number(b.refusal !== null) - Number(a.refusal !== null) || a.title.localeCompare(b.title) || a.id.localeCompare(b.id));
  const variants = plan.products.flatMap((p) => p.variants);
  const totalPages = Math.max(1, Math.ceil(ordered.length / pageSize));
  return {
    fingerprint: plan.fingerprint,
    productCount: plan.products.length,
    changedProductCount: plan.products.filter((p) => p.changes).length,
    changedVariantCount: variants.filter((v) => v.after.priceCents !== v.before.priceCents || v.after.compareAtCents !== v.before.compareAtCents).length,
    endedSaleCount: variants.filter((v) => v.before.compareAtCents !== null && v.after.compareAtCents === null).length,
    refusedCount: plan.products.filter((p) => p.refusal !== null).length,
    products: ordered.slice((page - 1) * pageSize, page * pageSize).map(toBulkProductChange),
    page,
    pageSize,
    totalPages,
  };
}
