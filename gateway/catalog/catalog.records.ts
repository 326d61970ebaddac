import type { PrintAreaRecord } from "./product-mockups.records.js";

// The catalog as the domain sees it: plain records mapped from rows in one place (the repository).
/**
 * A product's own columns, as every list reads them. Its description is not one of them: it is the
 * longest text a product has and a list rarely shows it, so it is read with the product's relations
 * (CatalogRepository.findRelationsByProductIds, "description") when something asks for it.
 */
export interface ProductRecord {
  id: string;
  handle: string;
  title: string;
  fulfillmentPartner: string;
  rating: number;
  reviewCount: number;
  salesCount: number;
  customizable: boolean;
  tags: string[];
  priceCents: number;
  compareAtCents: number | null;
  createdAt: Date;
  /** Only ACTIVE products exist for shoppers (the public reads filter on it). */
  status: ProductStatus;
  productType: string;
  seoTitle: string;
  seoDescription: string;
  updatedAt: Date;
  /** Where the design studio puts a design on the product's blank mock-ups; null when not set. */
  printArea: PrintAreaRecord | null;
}

export type ProductStatus = "DRAFT" | "ACTIVE" | "ARCHIVED";
export const PRODUCT_STATUSES: readonly ProductStatus[] = ["DRAFT", "ACTIVE", "ARCHIVED"];

export interface ImageRecord {
  id: string;
  productId: string;
  url: string;
  altText: string;
  /** The original's size in pixels; null for vector art. */
  width: number | null;
  height: number | null;
  /** The sizes made on upload (media URLs), narrowest first; none for vector art. */
  sources: { url: string; width: number }[];
}

export interface OptionRecord {
  id: string;
  productId: string;
  name: string;
  values: string[];
}

export interface VariantRecord {
  id: string;
  productId: string;
  title: string;
  priceCents: number;
  compareAtCents: number | null;
  selectedOptions: { name: string; value: string }[];
  /** "" when the variant has none. */
  sku: string;
  /** It can be bought now: not taken off sale nor removed by staff, and its product is ACTIVE (as the cart's rules decide, cart.rules.ts); false is shown "Sold Out". */
  availableForSale: boolean;
  /** One of its product's images, shown when the variant is chosen. */
  imageId: string | null;
}

export interface CollectionRecord {
  id: string;
  handle: string;
  title: string;
  description: string;
  imageUrl: string | null;
  imageWidth: number | null;
  imageHeight: number | null;
  /** The sizes made of an uploaded image, narrowest first (none for the seed's vector art). */
  imageSources: { url: string; width: number }[];
}

export type ProductSort = "best-selling" | "newest" | "price-low" | "price-high";
export const PRODUCT_SORTS: readonly ProductSort[] = ["best-selling", "newest", "price-low", "price-high"];

export interface ProductQuery {
  sort: ProductSort;
  /** Already trimmed; null or empty means no search. */
  search: string | null;
  customizable: boolean | null;
}

/** Media are served by the gateway itself under /media (see media/media.rest.ts). */
export function mediaUrl(path: string): string {
  return `/media/${path}`;
}
