import { ProductStatus } from "../catalog/product-admin.types.js";
import type { AdminMemeRecord, MemeFields } from "./meme.records.js";
import { unavailableReason } from "./meme.records.js";
import type { AdminMeme, MemeInput } from "./meme-admin.types.js";

// The shop's side of the gallery at the edge: records to the admin types, checked input to a write.

export function toAdminMeme(meme: AdminMemeRecord): AdminMeme {
  return {
    id: meme.id,
    title: meme.title,
    description: meme.description,
    imageUrl: meme.imageUrl,
    tags: meme.tags,
    product: meme.product ? { ...meme.product, status: ProductStatus[meme.product.status] } : null,
    availability: meme.availability,
    unavailableReason: unavailableReason(meme.availability),
    featured: meme.featured,
    visible: meme.imageUrl !== null,
    createdAt: meme.createdAt,
    updatedAt: meme.updatedAt,
  };
}

const text = (value: string | null | undefined) => (value === null || value === undefined ? undefined : value.trim());

/** MemeInput (already checked) as the service's write: trimmed, tags once each, productId null kept (it unlinks). */
export function toMemeFields(input: MemeInput): MemeFields {
  return {
    title: text(input.title),
    description: text(input.description),
    tags: input.tags ? [...new Set(input.tags.map((t) => t.trim()))] : undefined,
    productId: input.productId === undefined ? undefined : input.productId === null || input.productId.trim() === "" ? null : input.productId.trim(),
  };
}
