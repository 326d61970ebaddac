import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../../components/ui/toaster";
import { BulkPriceChangeDocument, type BulkPriceChangeInput, type BulkSelectionInput } from "../gql/graphql";
import { failed, forgetProducts, productCount, type BulkOutcome } from "../products/useBulkStatusChange";
import { UNREACHABLE } from "../useStaffSession";

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
        notify({ title: "Prices changed", description: `${productCount(payload.result.productCount)}, ${payload.result.variantCount} variant prices`, type: "success" });
        return { ok: true, productCount: payload.result.productCount, variantCount: payload.result.variantCount };
      } catch (error) {
        return failed(error);
      }
    },
    [mutate],
  );
  return { apply, applying: state.loading };
}

