import { useApolloClient, useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../../components/ui/toaster";
import { AdminProductDocument, ProductImageDeleteDocument, ProductImagesReorderDocument, ProductImageUpdateDocument } from "../gql/graphql";
import { UNREACHABLE } from "../useStaffSession";
import { forgetProductLists } from "./useProductMutations";

export type ImageOutcome = { ok: true } | { ok: false; message: string };

interface Payload {
  product?: { id: string } | null;
  userErrors: readonly { message: string }[];
}

function outcomeOf(payload: Payload | undefined): ImageOutcome {
  if (payload?.product && payload.userErrors.length === 0) return { ok: true };
  return { ok: false, message: payload?.userErrors[0]?.message ?? "The image was not changed." };
}

const unreachable = (): ImageOutcome => ({ ok: false, message: UNREACHABLE });

/**
 * A product's images, changed at once (not with Save): alt text, order, removal. Each answers the
 * whole product, which replaces the cached one, so the editor's images and the variants' image
 * choices follow; the lists' thumbnails are asked again when shown. `refresh` reads the product
 * again after an upload (REST answers the image alone).
 */
export function useProductImages(productId: string) {
  const client = useApolloClient();
  const [update, updateState] = useMutation(ProductImageUpdateDocument);
  const [reorder, reorderState] = useMutation(ProductImagesReorderDocument, { update: forgetProductLists });
  const [remove, removeState] = useMutation(ProductImageDeleteDocument, { update: forgetProductLists });

  const setAltText = useCallback(
    (imageId: string, altText: string) =>
      update({ variables: { productId, imageId, altText: altText.trim() } }).then(({ data }) => outcomeOf(data?.productImageUpdate), unreachable),
    [update, productId],
  );

  const setOrder = useCallback(
    async (imageIds: string[]) => {
      const outcome = await reorder({ variables: { productId, imageIds } }).then(({ data }) => outcomeOf(data?.productImagesReorder), unreachable);
      if (!outcome.ok) notify({ title: "The images were not reordered", description: outcome.message, type: "error" });
      return outcome;
    },
    [reorder, productId],
  );

  const removeImage = useCallback(
    async (imageId: string) => {
      const outcome = await remove({ variables: { productId, imageId } }).then(({ data }) => outcomeOf(data?.productImageDelete), unreachable);
      notify(outcome.ok ? { title: "Image removed", type: "success" } : { title: "The image was not removed", description: outcome.message, type: "error" });
      return outcome;
    },
    [remove, productId],
  );

  const refresh = useCallback(async () => {
    await client.query({ query: AdminProductDocument, variables: { id: productId }, fetchPolicy: "network-only" }).catch(() => undefined);
    forgetProductLists(client.cache);
  }, [client, productId]);

  return { setAltText, setOrder, removeImage, refresh, busy: updateState.loading || reorderState.loading || removeState.loading };
}
