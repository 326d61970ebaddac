import type { BulkPriceChangeInput, BulkSelectionInput, ProductStatus } from "../gql/graphql";
import { statusParam } from "../products/productStatus";

// A bulk change's selection lives in the address (/admin/prices?by=search&q=mug&status=DRAFT), so
// the products list can send the owner here with the products they ticked, and a reload keeps it.

export type SelectionKind = "collection" | "search" | "ids";

export interface SelectionDraft {
  kind: SelectionKind;
  collectionId: string;
  search: string;
  status: ProductStatus | null;
  productIds: string[];
}

/** The selection an address names; a collection to choose when it names none. */
export function selectionFromParams(params: URLSearchParams): SelectionDraft {
  const productIds = (params.get("ids") ?? "").split(",").filter(Boolean);
  const by = params.get("by");
  const kind: SelectionKind = by === "search" || by === "collection" ? by : productIds.length > 0 ? "ids" : "collection";
  return { kind, collectionId: params.get("collection") ?? "", search: params.get("q") ?? "", status: statusParam(params.get("status")), productIds };
}

/** The address of a selection (the inverse of selectionFromParams). */
export function selectionParams(selection: SelectionDraft): URLSearchParams {
  const params = new URLSearchParams();
  if (selection.kind === "ids") params.set("ids", selection.productIds.join(","));
  else params.set("by", selection.kind);
  if (selection.kind === "collection" && selection.collectionId) params.set("collection", selection.collectionId);
  if (selection.kind === "search") {
    if (selection.search.trim()) params.set("q", selection.search.trim());
    if (selection.status) params.set("status", selection.status);
  }
  return params;
}

/** The selection as the gateway takes it; null while it is incomplete (no collection chosen, no product ticked). */
export function selectionInput(selection: SelectionDraft): BulkSelectionInput | null {
  if (selection.kind === "ids") return selection.productIds.length > 0 ? { by: "PRODUCT_IDS", productIds: selection.productIds } : null;
  if (selection.kind === "collection") return selection.collectionId ? { by: "COLLECTION", collectionId: selection.collectionId } : null;
  return { by: "SEARCH", search: selection.search.trim() || null, status: selection.status };
}

export type ChangeKind = "percent" | "amount";

const PERCENT = /^[+-]?\d{1,4}(\.\d{1,2})?$/;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;

/** The price change as the gateway takes it, or why the text is not one (checked again by the gateway). */
export function changeInput(kind: ChangeKind, text: string): { change: BulkPriceChangeInput } | { problem: string } {
  const value = text.trim().replace(/^\$/, "").replace(/%$/, "").trim();
  if (kind === "percent") {
    if (!PERCENT.test(value)) return { problem: "Enter a percentage such as -15 or 10 (at most two decimals)" };
    if (Number(value) === 0) return { problem: "A change of 0% would change nothing" };
    if (Number(value) <= -100) return { problem: "A cut must be less than 100%" };
    return { change: { percent: value } };
  }
  if (!AMOUNT.test(value) || Number(value) <= 0) return { problem: "Enter an amount in dollars and cents, e.g. 24.99" };
  return { change: { amount: value } };
}
