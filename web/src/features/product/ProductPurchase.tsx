import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Share2, ShoppingCart } from "lucide-react";
import { useState } from "react";
import { QuantityStepper } from "../../components/QuantityStepper";
import { shareLink } from "../../lib/share";
import { ProductOptions } from "./ProductOptions";
import { useAddToCart, type AddToCartRequest } from "./useAddToCart";
import type { OptionSelection, ProductOptionLike, SelectableVariant } from "./variantSelection";

interface ProductPurchaseProps {
  title: string;
  image: string;
  options: readonly (ProductOptionLike & { id: string })[];
  variants: readonly SelectableVariant[];
  selection: OptionSelection;
  onSelect(name: string, value: string): void;
  selectedVariant: AddToCartRequest["variant"];
}

/** Option selectors, the quantity stepper, Add to Cart and Share (spec §2/§4/§5). */
export function ProductPurchase({ title, image, options, variants, selection, onSelect, selectedVariant }: ProductPurchaseProps) {
  const [quantity, setQuantity] = useState(1);
  const addToCart = useAddToCart();

  const share = () =>
    shareLink(
      { title, text: `${title} at Satire Supply Co.`, url: window.location.href },
      {
        copied: { title: "URL copied to clipboard", description: "Share this link with your friends" },
        failed: { title: "Failed to copy link" },
      },
    );

  return (
    <Stack gap="5">
      <ProductOptions options={options} variants={variants} selection={selection} onChange={onSelect} />
      {options.length > 0 && !selectedVariant && (
        <Text color="fg.error" fontSize="sm" role="status">
          This combination is unavailable. Please choose other options.
        </Text>
      )}
      <Stack gap="2">
        <Text as="span" fontWeight="semibold" fontSize="sm">
          Quantity
        </Text>
        <QuantityStepper value={quantity} onChange={(q) => setQuantity(Math.max(1, q))} label={`Quantity of ${title}`} size="md" />
      </Stack>
      <HStack gap="3" wrap="wrap">
        <Button
          colorPalette="brand"
          size="lg"
          flex="1"
          minWidth="48"
          onClick={() => addToCart({ productTitle: title, image, variant: selectedVariant, quantity })}
        >
          <ShoppingCart /> Add to Cart
        </Button>
        <Button variant="outline" size="lg" onClick={share}>
          <Share2 /> Share
        </Button>
      </HStack>
    </Stack>
  );
}
