import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { useCartDrawer } from "../cart/CartDrawerProvider";
import type { CartLineAttribute } from "../cart/lineAttributes";
import { displayVariantTitle, usablePrice } from "../cart/localCart";
import { useCartActions } from "../cart/useLocalCart";

export interface AddToCartRequest {
  productTitle: string;
  image: string;
  variant: { id: string; title: string; price: { amount: string } | null } | null;
  quantity: number;
  /** A meme's or a custom design's attributes (`lineAttributes`); the line is then its own line. */
  customAttributes?: CartLineAttribute[];
  /** A custom design's print-quality warning from its upload's answer (`printWarning`); the cart shows it under the line. */
  printWarning?: string | null;
}

/**
 * spec §5/§8: the variant's price when it may go into the cart (`usablePrice`); otherwise the
 * shopper is told "Price data missing" and the answer is null.
 */
export function priceForCart(variant: { price: { amount: string } | null }): number | null {
  const price = usablePrice(variant.price?.amount);
  if (price === null) notify({ title: "Price data missing", description: "Unable to add item to cart due to missing price information", type: "error" });
  return price;
}

/** spec §4/§5/§8: Add to Cart on the product page, with its checks and toasts; opens the drawer. */
export function useAddToCart() {
  const { add } = useCartActions();
  const { openCart } = useCartDrawer();
  return useCallback(
    ({ productTitle, image, variant, quantity, customAttributes, printWarning }: AddToCartRequest): boolean => {
      if (!variant) {
        notify({ title: "Please select options", description: "Please select all required options before adding to cart", type: "warning" });
        return false;
      }
      const price = priceForCart(variant);
      if (price === null) return false;
      const outcome = add({
        id: variant.id,
        title: productTitle,
        variantTitle: displayVariantTitle(variant.title),
        image,
        price,
        quantity,
        ...(customAttributes?.length ? { customAttributes } : {}),
        // Kept only on a design's line, as the cart keeps every line it reads back (localCart.ts).
        ...(printWarning ? { printWarning } : {}),
      });
      if (!outcome) return false;
      // A line stops at the most the store accepts; the shopper is told, not surprised at checkout.
      if (outcome.added === 0) {
        notify({ title: "Quantity limit reached", description: `Your cart already holds ${outcome.inCart} × ${productTitle}, the most you can order at once.`, type: "warning" });
        return false;
      }
      openCart();
      const limited = outcome.added < quantity ? ` Your cart now holds ${outcome.inCart}, the most you can order at once.` : "";
      notify({ title: "Added to Cart!", description: `${outcome.added} × ${productTitle} added to your cart.${limited}`, type: "success" });
      return true;
    },
    [add, openCart],
  );
}
