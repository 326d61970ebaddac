import { centsToDecimalString, decimalStringToCents } from "../shared/money.js";
import type { AdminProductRecord, AdminProductSummary as SummaryRecord, ProductWrite } from "./product-admin.records.js";
import { toPrintArea } from "./product-mockups.view.js";
import { AdminProduct, AdminProductSummary, ProductStatus, type ProductInput } from "./product-admin.types.js";

// The shop's side of the catalog at the edge: records to the admin types, checked input to a write.

export function toAdminProduct(product: AdminProductRecord): AdminProduct {
  return {
    id: product.id,
    handle: product.handle,
    previousHandles: product.previousHandles,
    title: product.title,
    status: ProductStatus[product.status],
    descriptionHtml: product.descriptionHtml,
    tags: product.tags,
    productType: product.productType,
    seoTitle: product.seoTitle,
    seoDescription: product.seoDescription,
    fulfillmentPartner: product.fulfillmentPartner,
    customizable: product.customizable,
    price: centsToDecimalString(product.priceCents),
    options: product.options,
    variants: product.variants.map((v) => ({
      id: v.id,
      title: v.title,
      price: centsToDecimalString(v.priceCents),
      compareAtPrice: v.compareAtCents === null ? null : centsToDecimalString(v.compareAtCents),
      sku: v.sku,
      availableForSale: v.availableForSale,
      imageId: v.imageId,
      partnerVariantId: v.partnerVariantId,
      selectedOptions: v.selectedOptions,
      sold: v.sold,
    })),
    archivedVariantCount: product.archivedVariantCount,
    images: product.images,
    printArea: product.printArea ? toPrintArea(product.printArea) : null,
    mockups: product.mockups,
    sold: product.sold,
    onlineStorePath: product.status === "ACTIVE" ? `/product/${encodeURIComponent(product.handle)}` : null,
    createdAt: product.createdAt,
    updatedAt: product.updatedAt,
  };
}

export function toAdminProductSummary(product: SummaryRecord): AdminProductSummary {
  return { ...product, status: ProductStatus[product.status], price: centsToDecimalString(product.priceCents) };
}

const text = (value: string | null | undefined) => (value === null || value === undefined ? undefined : value.trim());
const blankIsNull = (value: string | null | undefined) => (value?.trim() ? value.trim() : null);

/** ProductInput (already checked) as the service's write: trimmed, prices in cents, null as unchanged. */
export function toProductWrite(input: ProductInput): ProductWrite {
  return {
    title: text(input.title),
    handle: text(input.handle),
    descriptionHtml: input.descriptionHtml ?? undefined,
    status: input.status ?? undefined,
    tags: input.tags ? [...new Set(input.tags.map((t) => t.trim()))] : undefined,
    productType: text(input.productType),
    seoTitle: text(input.seoTitle),
    seoDescription: text(input.seoDescription),
    fulfillmentPartner: text(input.fulfillmentPartner),
    customizable: input.customizable ?? undefined,
    options: input.options?.map((o) => ({ name: o.name.trim(), values: o.values.map((v) => v.trim()) })),
    variants: input.variants?.map((v) => ({
      id: v.id ?? null,
      optionValues: v.optionValues.map((value) => value.trim()),
      priceCents: decimalStringToCents(v.price)!,
      compareAtCents: v.compareAtPrice?.trim() ? decimalStringToCents(v.compareAtPrice)! : null,
      sku: v.sku?.trim() ?? "",
      availableForSale: v.availableForSale ?? true,
      imageId: blankIsNull(v.imageId),
      partnerVariantId: blankIsNull(v.partnerVariantId),
    })),
  };
}
