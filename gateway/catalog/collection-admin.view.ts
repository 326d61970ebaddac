import { centsToDecimalString } from "../shared/money.js";
import type { AdminCollectionRecord, CollectionProductRecord, CollectionWrite } from "./collection-admin.records.js";
import { isFooterCollection } from "./collection-admin.service.js";
import type { AdminCollection, AdminCollectionProduct, CollectionInput } from "./collection-admin.types.js";
import { ProductStatus } from "./product-admin.types.js";

// The collections on the shop's side at the edge: records to the admin types, checked input to a write.

export function toAdminCollection(collection: AdminCollectionRecord): AdminCollection {
  return {
    ...collection,
    footerLinked: isFooterCollection(collection.handle),
    onlineStorePath: `/collections/${encodeURIComponent(collection.handle)}`,
  };
}

export function toAdminCollectionProduct(product: CollectionProductRecord): AdminCollectionProduct {
  return { ...product, status: ProductStatus[product.status], price: centsToDecimalString(product.priceCents) };
}

/** CollectionInput (already checked) as the service's write: trimmed, null as unchanged. */
export function toCollectionWrite(input: CollectionInput): CollectionWrite {
  return {
    title: input.title?.trim() ?? undefined,
    handle: input.handle ?? undefined,
    description: input.description?.trim() ?? undefined,
    position: input.position ?? undefined,
  };
}
