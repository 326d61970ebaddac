import type { ProductStatus } from "./catalog.records.js";
import type { VariantPrices } from "./catalog-bulk.rules.js";

// A bulk change's selection and what it finds, as the service plans a change over them.

/** Which products a bulk change takes: named ones, a collection's, or what the admin's product search finds. */
export type BulkSelection =
  | { kind: "products"; productIds: string[] }
  | { kind: "collection"; collectionId: string }
  | { kind: "search"; search: string | null; status: ProductStatus | null };

/** A variant still offered, as a bulk change reads it. */
interface BulkVariantRecord extends VariantPrices {
  id: string;
  title: string;
  partnerVariantId: string | null;
}

/** A selected product with its variants still offered, in their order. */
export interface BulkProductRecord {
  id: string;
  handle: string;
  title: string;
  status: ProductStatus;
  variants: BulkVariantRecord[];
}

/** One variant's prices now and after the change. */
interface PlannedVariant {
  id: string;
  title: string;
  before: VariantPrices;
  after: VariantPrices;
}

/** One product of a plan: what would change, and why it would be refused (null when it would not). */
export interface PlannedProduct {
  id: string;
  handle: string;
  title: string;
  status: ProductStatus;
  /** Whether the change alters it (a price, a compare-at price or its status). */
  changes: boolean;
  refusal: string | null;
  variants: PlannedVariant[];
}

/** What a bulk change would do to its selection, and the fingerprint of what it read. */
export interface BulkPlan {
  fingerprint: string;
  products: PlannedProduct[];
}
