import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Share2, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { QuantityStepper } from "../../components/QuantityStepper";
import { notify } from "../../components/ui/toaster";
import { shareLink } from "../../lib/share";
import { useLineQuantityLimit } from "../cart/useLineQuantityLimit";
import { ProductOptions } from "./ProductOptions";
import { useAddToCart, type AddToCartRequest } from "./useAddToCart";
import type { ProductOptionLike, SelectableVariant } from "./variantSelection";

/** `availableForSale` false: the variant is shown and can be chosen, but not added ("Sold Out"). */
type PurchasableVariant = SelectableVariant & NonNullable<AddToCartRequest["variant"]> & { availableForSale?: boolean };

interface ProductPurchaseProps<V extends PurchasableVariant> {
  title: string;
  image: string;
  options: readonly (ProductOptionLike & { id: string })[];
  variants: readonly V[];
  /** spec §4: the first variant by default; null only for a product without variants. */
  selectedVariant: V | null;
  onSelectVariant(variant: V): void;
}

/** Option selectors, the quantity stepper, Add to Cart and Share (spec §2/§4/§5). */
export function ProductPurchase<V extends PurchasableVariant>({ title, image, options, variants, selectedVariant, onSelectVariant }: ProductPurchaseProps<V>) {
  const [chosenQuantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();
  const maxQuantity = useLineQuantityLimit();
  // A number typed before the store's bound was known comes down to it once it is.
  const quantity = maxQuantity !== null ? Math.min(chosenQuantity, maxQuantity) : chosenQuantity;
  const soldOut = selectedVariant?.availableForSale === false;

  const share = async () => {
    const outcome = await shareLink({ title, text: `${title} at Satire Supply Co.`, url: window.location.href });
    if (outcome === "copied") notify({ type: "success", title: "URL copied to clipboard", description: "Share this link with your friends" });
    if (outcome === "failed") notify({ type: "error", title: "Failed to copy link" });
  };

  return (
    <Stack gap="5">
      <ProductOptions options={options} variants={variants} selected={selectedVariant} onSelect={onSelectVariant} />
      <Stack gap="2">
        <Text as="span" fontWeight="semibold" fontSize="sm">
          Quantity
        </Text>
        <QuantityStepper value={quantity} max={maxQuantity} onChange={(q) => setQuantity(Math.max(1, q))} label={`Quantity of ${title}`} size="md" />
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="brand"
          size="lg"
          flex="1"
          minWidth="48"
          disabled={soldOut}
          onClick={() => addToCart({ productTitle: title, image, variant: selectedVariant, quantity })}
        >
          {soldOut ? (
            "Sold Out"
          ) : (
            <>
              <ShoppingCart /> Add to Cart
            </>
          )}
        </Button>
        <Button variant="outline" size="lg" onClick={share}>
          <Share2 /> Share
        </Button>
      </HStack>
    </Stack>
  );
}
