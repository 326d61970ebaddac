import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../../components/ui/toaster";
import { BulkPriceChangeDocument, BulkStatusChangeDocument, type BulkPriceChangeInput, type BulkSelectionInput, type ProductStatus } from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";

export type BulkOutcome = { ok: true; productCount: number; variantCount: number } | { ok: false; code: string | null; message: string };

/** Every list and editor of products may now be out of date: they are asked again when shown. */
function forgetProducts(cache: ApolloCache) {
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminProducts" });
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminProduct" });
  cache.gc();
}

const products = (n: number) => (n === 1 ? "1 product" : `${n.toLocaleString("en-US")} products`);

function failed(error: unknown): BulkOutcome {
  const message = error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
  return { ok: false, code: null, message };
}

/** bulkPriceChange with the preview's fingerprint: the products' caches dropped and a toast on success. */
export function useBulkPriceChange() {
  const [mutate, state] = useMutation(BulkPriceChangeDocument, { update: forgetProducts });
  const apply = useCallback(
    async (selection: BulkSelectionInput, change: BulkPriceChangeInput, fingerprint: string): Promise<BulkOutcome> => {
      try {
        const { data } = await mutate({ variables: { selection, change, fingerprint } });
        const payload = data?.bulkPriceChange;
        const error = payload?.userErrors[0];
        if (!payload?.result || error) return { ok: false, code: error?.code ?? null, message: error?.message ?? UNREACHABLE };
        notify({ title: "Prices changed", description: `${products(payload.result.productCount)}, ${payload.result.variantCount} variant prices`, type: "success" });
        return { ok: true, productCount: payload.result.productCount, variantCount: payload.result.variantCount };
      } catch (error) {
        return failed(error);
      }
    },
    [mutate],
  );
  return { apply, applying: state.loading };
}

const STATUS_DONE: Record<ProductStatus, string> = { ACTIVE: "Published", ARCHIVED: "Archived", DRAFT: "Made drafts" };

/** bulkStatusChange with the preview's fingerprint: publish, archive or draft a selection. */
export function useBulkStatusChange() {
  const [mutate, state] = useMutation(BulkStatusChangeDocument, { update: forgetProducts });
  const apply = useCallback(
    async (selection: BulkSelectionInput, status: ProductStatus, fingerprint: string): Promise<BulkOutcome> => {
      try {
        const { data } = await mutate({ variables: { selection, status, fingerprint } });
        const payload = data?.bulkStatusChange;
        const error = payload?.userErrors[0];
        if (!payload?.result || error) return { ok: false, code: error?.code ?? null, message: error?.message ?? UNREACHABLE };
        notify({ title: STATUS_DONE[status], description: products(payload.result.productCount), type: "success" });
        return { ok: true, productCount: payload.result.productCount, variantCount: 0 };
      } catch (error) {
        return failed(error);
      }
    },
    [mutate],
  );
  return { apply, applying: state.loading };
}
