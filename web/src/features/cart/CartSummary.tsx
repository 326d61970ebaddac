import { Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Progress } from "../../components/ui/recipes/progress";
import { Lock } from "lucide-react";
import { Link } from "react-router-dom";
import { centsShortOf, formatCents, formatPrice, toCents } from "../../lib/money";
import { applyingDiscount, DiscountCodeField, DiscountLine } from "./DiscountCode";
import { useCartDiscount } from "./useCartDiscount";

interface CartSummaryProps {
  subtotalCents: number;
  /** The gateway's free-shipping threshold ("75.00"), or null while it is not known. */
  freeShippingFrom: string | null;
  checkingOut: boolean;
  onCheckout(): void;
}

/** Subtotal, the spec §2 note, how far free shipping is, and Proceed to Checkout. */
export function CartSummary({ subtotalCents, freeShippingFrom, checkingOut, onCheckout }: CartSummaryProps) {
  // Shown with lines only: an empty cart asks the server nothing about its code.
  const discount = useCartDiscount();
  const threshold = toCents(freeShippingFrom);
  const missing = threshold !== null ? centsShortOf(threshold, subtotalCents) : null;
  // With a code that applies, every amount is the gateway's; without one, spec §2's subtotal and note alone.
  const applying = applyingDiscount(discount);
  return (
    <Stack gap="4" p="6" borderWidth="1px" borderRadius="xl" bg="bg.panel" position={{ lg: "sticky" }} top={{ lg: "24" }}>
      <Stack gap="2" aria-busy={applying && discount.stale ? true : undefined} opacity={applying && discount.stale ? 0.6 : undefined}>
        <HStack justify="space-between" fontSize="lg">
          <Text fontWeight="semibold">Subtotal</Text>
          <Text fontWeight="bold">{applying ? formatPrice(applying.cost.subtotalAmount.amount) : formatCents(subtotalCents)}</Text>
        </HStack>
        {applying && <DiscountLine discount={applying} />}
        {applying && (
          <HStack justify="space-between" fontSize="lg" fontWeight="bold">
            <Text>Total</Text>
            <Text>{formatPrice(applying.cost.totalAmount.amount)}</Text>
          </HStack>
        )}
      </Stack>
      <Text color="fg.muted" fontSize="sm">
        Shipping & taxes calculated at checkout
      </Text>
      {threshold !== null && missing !== null && !applying?.freeShipping && (
        <Stack gap="1.5">
          <Text fontSize="sm">
            {missing > 0 ? `Add ${formatCents(missing)} more for free standard shipping.` : "Your order qualifies for free standard shipping."}
          </Text>
          <Progress.Root value={threshold > 0 ? Math.min(100, (subtotalCents / threshold) * 100) : 100} size="xs" colorPalette="green" aria-label="Progress towards free shipping">
            <Progress.Track>
              <Progress.Range />
            </Progress.Track>
          </Progress.Root>
        </Stack>
      )}
      <DiscountCodeField discount={discount} />
      <Button colorPalette="brand" size="lg" onClick={onCheckout} loading={checkingOut} loadingText="Preparing checkout">
        <Lock /> Proceed to Checkout
      </Button>
      <Button asChild variant="plain" size="sm" px="0" color="brand.fg" alignSelf="start">
        <Link to="/shop">Continue Shopping</Link>
      </Button>
    </Stack>
  );
}
