import type { ProductRecord } from "./catalog.records.js";

// The catalog as staff see it: every status, every field, the parts still offered and what was sold.

/** The print partner whose variant ids staff keep in the product editor. */
export const PARTNER_WITH_VARIANT_IDS = "printful";

export interface AdminImageRecord {
  id: string;
  url: string;
  altText: string;
  position: number;
  width: number | null;
  height: number | null;
  /** The sizes made on upload (media URLs), narrowest first. */
  sources: { url: string; width: number; contentType: string }[];
}

export interface AdminVariantRecord {
  id: string;
  title: string;
  priceCents: number;
  compareAtCents: number | null;
  sku: string;
  availableForSale: boolean;
  imageId: string | null;
  partnerVariantId: string | null;
  selectedOptions: { name: string; value: string }[];
  position: number;
  /** It is on an order line: removing it archives it instead of deleting it. */
  sold: boolean;
}

/** A blank mock-up as staff manage it. */
export interface AdminMockupRecord {
  /** The Color option's value it shows; null for a product without a Color option. */
  color: string | null;
  url: string;
  width: number;
  height: number;
  /** Its colour is one the product offers now (shoppers see only these). */
  offered: boolean;
}

interface AdminOptionRecord {
  id: string;
  name: string;
  values: string[];
}

export interface AdminProductRecord extends ProductRecord {
  descriptionHtml: string;
  options: AdminOptionRecord[];
  variants: AdminVariantRecord[];
  images: AdminImageRecord[];
  /** Handles it had before, which still resolve to it. */
  previousHandles: string[];
  /** It is on an order line: deleting it archives it instead. */
  sold: boolean;
  archivedVariantCount: number;
  /** Its blank mock-ups: the colours offered first, in the Color option's order, then any the product no longer offers. */
  mockups: AdminMockupRecord[];
}

/** One row of the admin's product list. */
export interface AdminProductSummary {
  id: string;
  handle: string;
  title: string;
  status: ProductRecord["status"];
  priceCents: number;
  variantCount: number;
  thumbnailUrl: string | null;
  updatedAt: Date;
}

export interface AdminProductQuery {
  search: string | null;
  status: ProductRecord["status"] | null;
  offset: number;
  limit: number;
}

/** A product's fields as a write gives them (already checked at the edge; undefined = unchanged). */
export interface ProductFields {
  title?: string;
  handle?: string;
  descriptionHtml?: string;
  status?: ProductRecord["status"];
  tags?: string[];
  productType?: string;
  seoTitle?: string;
  seoDescription?: string;
  fulfillmentPartner?: string;
  customizable?: boolean;
}

export interface OptionInputRecord {
  name: string;
  values: string[];
}

export interface VariantInputRecord {
  /** An existing variant of the product; absent for a new one. */
  id?: string | null;
  /** One value per option, in the options' order ([] for a product without options). */
  optionValues: string[];
  priceCents: number;
  compareAtCents: number | null;
  sku: string;
  availableForSale: boolean;
  imageId: string | null;
  partnerVariantId: string | null;
}

export interface ProductWrite extends ProductFields {
  /** When given, the product's whole set of options (variants must then be given too). */
  options?: OptionInputRecord[];
  /** When given, the product's whole set of variants: listed ones kept or added, the rest removed (archived if sold). */
  variants?: VariantInputRecord[];
}
