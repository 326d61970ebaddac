import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../../components/ui/toaster";
import { BulkStatusChangeDocument, type BulkSelectionInput, type ProductStatus } from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";

export type BulkOutcome = { ok: true; productCount: number; variantCount: number } | { ok: false; code: string | null; message: string };

/** Every list and editor of products may now be out of date: they are asked again when shown. */
export function forgetProducts(cache: ApolloCache) {
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminProducts" });
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminProduct" });
  cache.gc();
}

export const productCount = (n: number) => (n === 1 ? "1 product" : `${n.toLocaleString("en-US")} products`);

export function failed(error: unknown): BulkOutcome {
  const message = error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
  return { ok: false, code: null, message };
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
        notify({ title: STATUS_DONE[status], description: productCount(payload.result.productCount), type: "success" });
        return { ok: true, productCount: payload.result.productCount, variantCount: 0 };
      } catch (error) {
        return failed(error);
      }
    },
    [mutate],
  );
  return { apply, applying: state.loading };
}
