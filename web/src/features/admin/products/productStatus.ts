import type { ProductStatus } from "../gql/graphql";

/** The admin's words for a product's status, and its badge's colour. */
export const PRODUCT_STATUS_LABELS: Record<ProductStatus, string> = { ACTIVE: "Active", DRAFT: "Draft", ARCHIVED: "Archived" };
export const PRODUCT_STATUS_PALETTE: Record<ProductStatus, string> = { ACTIVE: "green", DRAFT: "orange", ARCHIVED: "gray" };
export const PRODUCT_STATUSES: readonly ProductStatus[] = ["ACTIVE", "DRAFT", "ARCHIVED"];

/** A status from the address (?status=ACTIVE), or null for all. */
export function statusParam(value: string | null): ProductStatus | null {
  return PRODUCT_STATUSES.find((status) => status === value) ?? null;
}
