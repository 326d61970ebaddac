import { useQuery } from "@apollo/client/react";
import { useEffect, useState } from "react";
import { CustomizeMemeDocument, CustomizeProductDocument } from "../../gql/graphql";
import type { StudioDesign } from "./useStudioDesign";

/**
 * The chosen product (with its variants) and meme, loaded by id. A meme id that names nothing (a
 * stale or mistyped ?meme= link) is dropped from the design and reported, and the studio carries on;
 * so is a product that is gone or no longer customisable.
 */
export function useStudioData({ design, update, chooseMeme }: Pick<StudioDesign, "design" | "update" | "chooseMeme">) {
  const { productId, memeId } = design;
  const productQuery = useQuery(CustomizeProductDocument, { variables: { id: productId ?? "" }, skip: !productId });
  const memeQuery = useQuery(CustomizeMemeDocument, { variables: { id: memeId ?? "" }, skip: !memeId });
  const [missingMemeId, setMissingMemeId] = useState<string | null>(null);

  const product = productId && productQuery.data?.product?.id === productId ? productQuery.data.product : null;
  const productGone = Boolean(productId && !productQuery.loading && !productQuery.error && productQuery.data && (!productQuery.data.product || !productQuery.data.product.customizable));
  useEffect(() => {
    if (productGone) update({ productId: null, variantId: null });
  }, [productGone, update]);

  const meme = memeId && memeQuery.data?.meme?.id === memeId ? memeQuery.data.meme : null;
  const memeMissing = Boolean(memeId && !memeQuery.loading && !memeQuery.error && memeQuery.data && memeQuery.data.meme === null);
  useEffect(() => {
    if (memeMissing && memeId) {
      // What the gateway answered decides it, and that arrives after rendering.
      // eslint-disable-next-line react-hooks/set-state-in-effect
      setMissingMemeId(memeId);
      chooseMeme(null);
    }
  }, [memeMissing, memeId, chooseMeme]);
  // The notice goes once the shopper picks an image of their own choosing.
  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (memeId && !memeMissing) setMissingMemeId(null);
  }, [memeId, memeMissing]);

  const variant = product?.variants.find((v) => v.id === design.variantId) ?? null;
  return {
    product,
    productLoading: productQuery.loading,
    variant,
    meme,
    memeLoading: memeQuery.loading,
    memeFailed: Boolean(memeId && memeQuery.error),
    missingMemeId,
  };
}
