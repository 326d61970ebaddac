import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import type { MemeCard_MemeFragment } from "../../gql/graphql";
import { memeLineAttributes } from "../cart/lineAttributes";
import { useAddToCart } from "../product/useAddToCart";

/**
 * spec §5: a meme goes into the cart as its product's first variant, with the meme in the
 * line's custom attributes (so it is a line of its own, and the order keeps which meme to print).
 * The product-page hook does the rest: the price check, the cart, the drawer and "Added to Cart!".
 */
export function useAddMemeToCart() {
  const addToCart = useAddToCart();
  return useCallback(
    (meme: MemeCard_MemeFragment): boolean => {
      const product = meme.product;
      if (!meme.productHandle || !product) {
        notify({ title: "Can't add to cart", description: "This meme isn't available as a product yet.", type: "warning" });
        return false;
      }
      const variant = product.variants[0];
      if (!variant) {
        notify({ title: "No variants available", description: `${product.title} can't be ordered right now.`, type: "warning" });
        return false;
      }
      return addToCart({
        productTitle: product.title,
        // The line shows the meme the shopper picked, not the plain product photo.
        image: meme.imageUrl,
        variant,
        quantity: 1,
        customAttributes: memeLineAttributes(meme.id),
      });
    },
    [addToCart],
  );
}
