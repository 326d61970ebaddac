import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Share2, ShoppingCart } from "lucide-react";
import { useId, useRef, useState } from "react";
import { QuantityStepper } from "../../components/QuantityStepper";
import { notify } from "../../components/ui/toaster";
import { shareLink } from "../../lib/share";
import { useLineQuantityLimit } from "../cart/useLineQuantityLimit";
import { ProductOptions } from "./ProductOptions";
import { useAddToCart, type AddToCartRequest } from "./useAddToCart";
import type { ProductOptionLike, SelectableVariant } from "./variantSelection";

/**
 * More than this many of one thing at once is far above what shoppers order: Add to Cart asks first
 * (a slip of the keyboard, 250 for 25), then adds. spec §5's minimum of 1 and no maximum stay.
 */
const CONFIRM_QUANTITY_ABOVE = 100;

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
  // The large quantity Add to Cart asked about; the question goes when the quantity changes.
  const [asking, setAsking] = useState<number | null>(null);
  const confirming = asking === quantity && !soldOut;
  const addButton = useRef<HTMLButtonElement>(null);
  const questionId = useId();

  const add = () => {
    setAsking(null);
    addToCart({ productTitle: title, image, variant: selectedVariant, quantity });
  };
  const cancel = () => {
    setAsking(null);
    addButton.current?.focus();
  };

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
          ref={addButton}
          colorPalette="brand"
          size="lg"
          flex="1"
          minWidth="48"
          disabled={soldOut}
          onClick={() => (quantity > CONFIRM_QUANTITY_ABOVE ? setAsking(quantity) : add())}
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
      {confirming && (
        <Stack role="group" aria-labelledby={questionId} gap="3" p="4" borderWidth="1px" borderRadius="lg" bg="bg.subtle">
          <Text id={questionId} fontWeight="semibold">
            {`Add ${quantity.toLocaleString("en-US")} to your cart?`}
          </Text>
          <HStack gap="3">
            <Button colorPalette="brand" size="sm" onClick={add} autoFocus>
              Confirm
            </Button>
            <Button variant="outline" size="sm" onClick={cancel}>
              Cancel
            </Button>
          </HStack>
        </Stack>
      )}
    </Stack>
  );
}
