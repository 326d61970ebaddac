import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import {
  DiscountCodeCreateDocument,
  DiscountCodeDeleteDocument,
  DiscountCodesGenerateDocument,
  PromotionCreateDocument,
  PromotionDisableDocument,
  PromotionEnableDocument,
  PromotionUpdateDocument,
  ShopSettingsUpdateDocument,
  type PromotionCodeFragment,
  type PromotionEditor_PromotionFragment,
  type PromotionInput,
} from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";

type Promotion = PromotionEditor_PromotionFragment;
export type UserErrors = readonly { field?: string | null; message: string }[];
export type Outcome<T> = { ok: true; value: T } | { ok: false; errors: UserErrors };

/** Lists and a promotion's codes may be out of date after a change (states, counts): asked again when shown. */
function forgetPromotionLists(cache: ApolloCache) {
  cache.evict({ id: "ROOT_QUERY", fieldName: "promotions" });
  cache.gc();
}

function forgetPromotion(cache: ApolloCache, promotionId: string) {
  cache.evict({ id: cache.identify({ __typename: "AdminPromotion", id: promotionId }), fieldName: "codes" });
  cache.evict({ id: cache.identify({ __typename: "AdminPromotion", id: promotionId }), fieldName: "codeCount" });
  forgetPromotionLists(cache);
}

function failed(error: unknown): { ok: false; errors: UserErrors } {
  const message = error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
  return { ok: false, errors: [{ field: null, message }] };
}

/** Runs one mutation and answers its payload's value or its userErrors (a transport failure as one error without a field). */
async function outcome<T>(run: () => Promise<{ value: T | null | undefined; userErrors?: UserErrors } | null>): Promise<Outcome<T>> {
  try {
    const answer = await run();
    if (!answer) return failed(null);
    if (answer.userErrors && answer.userErrors.length > 0) return { ok: false, errors: answer.userErrors };
    return answer.value ? { ok: true, value: answer.value } : failed(null);
  } catch (error) {
    return failed(error);
  }
}

/** A promotion's fields (Save), and turning it off or on. */
export function usePromotionMutations() {
  const [create, createState] = useMutation(PromotionCreateDocument, { update: forgetPromotionLists });
  const [update, updateState] = useMutation(PromotionUpdateDocument, { update: forgetPromotionLists });
  const [disable, disableState] = useMutation(PromotionDisableDocument, { update: forgetPromotionLists });
  const [enable, enableState] = useMutation(PromotionEnableDocument, { update: forgetPromotionLists });

  const save = useCallback(
    (id: string | null, input: PromotionInput): Promise<Outcome<Promotion>> =>
      outcome(async () => {
        if (id === null) {
          const { data } = await create({ variables: { input } });
          return data ? { value: data.promotionCreate.promotion, userErrors: data.promotionCreate.userErrors } : null;
        }
        const { data } = await update({ variables: { id, input } });
        return data ? { value: data.promotionUpdate.promotion, userErrors: data.promotionUpdate.userErrors } : null;
      }),
    [create, update],
  );
  const setDisabled = useCallback(
    (id: string, off: boolean): Promise<Outcome<Promotion>> =>
      outcome(async () => {
        if (off) {
          const { data } = await disable({ variables: { id } });
          return data ? { value: data.promotionDisable.promotion, userErrors: data.promotionDisable.userErrors } : null;
        }
        const { data } = await enable({ variables: { id } });
        return data ? { value: data.promotionEnable.promotion, userErrors: data.promotionEnable.userErrors } : null;
      }),
    [disable, enable],
  );
  return { save, setDisabled, saving: createState.loading || updateState.loading, switching: disableState.loading || enableState.loading };
}

/** A promotion's codes: add one, generate many, delete an unused one. */
export function useCodeMutations(promotionId: string) {
  const refresh = { update: (cache: ApolloCache) => forgetPromotion(cache, promotionId), refetchQueries: ["Promotion"], awaitRefetchQueries: true };
  const [add, addState] = useMutation(DiscountCodeCreateDocument, refresh);
  const [generate, generateState] = useMutation(DiscountCodesGenerateDocument, refresh);
  const [remove, removeState] = useMutation(DiscountCodeDeleteDocument, refresh);
  return {
    add: (code: string, usageLimit: number | null): Promise<Outcome<PromotionCodeFragment>> =>
      outcome(async () => {
        const { data } = await add({ variables: { promotionId, code, usageLimit } });
        return data ? { value: data.discountCodeCreate.discountCode, userErrors: data.discountCodeCreate.userErrors } : null;
      }),
    generate: (count: number, prefix: string | null, usageLimit: number | null): Promise<Outcome<string[]>> =>
      outcome(async () => {
        const { data } = await generate({ variables: { promotionId, count, prefix, usageLimit } });
        return data ? { value: data.discountCodesGenerate.codes, userErrors: data.discountCodesGenerate.userErrors } : null;
      }),
    remove: (id: string): Promise<Outcome<string>> =>
      outcome(async () => {
        const { data } = await remove({ variables: { id } });
        return data ? { value: data.discountCodeDelete.deletedDiscountCodeId, userErrors: data.discountCodeDelete.userErrors } : null;
      }),
    adding: addState.loading,
    generating: generateState.loading,
    removing: removeState.loading,
  };
}

/** The standing free-shipping threshold (owner). */
export function useShopSettingsUpdate() {
  const [run, state] = useMutation(ShopSettingsUpdateDocument);
  const save = (freeShippingThreshold: string): Promise<Outcome<{ amount: string; currencyCode: string }>> =>
    outcome(async () => {
      const { data } = await run({ variables: { freeShippingThreshold } });
      return data ? { value: data.shopSettingsUpdate.shopSettings?.freeShippingThreshold, userErrors: data.shopSettingsUpdate.userErrors } : null;
    });
  return { save, saving: state.loading };
}
