import { Box, Button, CloseButton, Drawer, HStack, IconButton, Link as ChakraLink, Portal, Stack, Text } from "@chakra-ui/react";
import { ShoppingBag, Trash2 } from "lucide-react";
import { Link, useNavigate } from "react-router-dom";
import { QuantityStepper } from "../../components/QuantityStepper";
import { keepOpenOnFocusOutside } from "../../components/ui/modal";
import { notify } from "../../components/ui/toaster";
import { formatCents, formatPrice } from "../../lib/money";
import { CartLineSummary, LINES_SEPARATED } from "./CartLineSummary";
import { CartSyncStatus } from "./CartSyncStatus";
import { applyingDiscount, DiscountCodeField, DiscountLine } from "./DiscountCode";
import { lineKey } from "./localCart";
import { useCartActions, useLocalCart } from "./useLocalCart";
import { useCartDiscount } from "./useCartDiscount";
import { useClearCart } from "./useClearCart";

interface CartDrawerProps {
  open: boolean;
  onClose(): void;
}

/**
 * spec §2 Cart drawer. Its content mounts each time it opens (unmountOnExit), so it reads the cart
 * from storage afresh every time (spec §4).
 */
export default function CartDrawer({ open, onClose }: CartDrawerProps) {
  return (
    <Drawer.Root open={open} onOpenChange={(e) => !e.open && onClose()} placement="end" onFocusOutside={keepOpenOnFocusOutside} size={{ base: "full", sm: "sm" }} lazyMount unmountOnExit>
      <Portal>
        <Drawer.Backdrop />
        <Drawer.Positioner>
          {/* Below 768 px a toast spans the screen's foot, over the drawer: the drawer keeps the toast's
              room (--toast-room, set while one shows) free, so its total and Checkout stay in view and tappable. */}
          <Drawer.Content pb={{ mdDown: "var(--toast-room, 0px)" }} transition="padding-bottom 0.2s" _motionReduce={{ transition: "none" }}>
            <CartDrawerContent onClose={onClose} />
          </Drawer.Content>
        </Drawer.Positioner>
      </Portal>
    </Drawer.Root>
  );
}

function CartDrawerContent({ onClose }: { onClose(): void }) {
  const { lines, subtotalCents } = useLocalCart();
  const { setQuantity, remove, limit } = useCartActions();
  const { clear, undo } = useClearCart(lines.length);
  const navigate = useNavigate();

  const checkout = () => {
    // spec §4: the drawer's Checkout only announces and goes to the cart page.
    notify({ title: "Proceeding to checkout", description: "This would normally take you to checkout", type: "info" });
    onClose();
    navigate("/cart");
  };

  return (
    <>
      <Drawer.Header borderBottomWidth="1px">
        <Stack gap="0">
          <HStack gap="3" wrap="wrap">
            <Drawer.Title>Your Cart</Drawer.Title>
            <CartSyncStatus />
          </HStack>
          <ChakraLink asChild fontSize="sm" color="brand.fg" textDecoration="underline">
            <Link to="/cart" onClick={onClose}>
              View full cart
            </Link>
          </ChakraLink>
        </Stack>
      </Drawer.Header>
      <Drawer.CloseTrigger asChild>
        <CloseButton size="sm" aria-label="Close cart" />
      </Drawer.CloseTrigger>

      <Drawer.Body>
        {lines.length === 0 ? (
          <Stack align="center" textAlign="center" gap="4" py="12">
            <ShoppingBag size={40} aria-hidden="true" />
            <Text fontSize="lg" fontWeight="semibold">
              Your cart is empty
            </Text>
            {undo && (
              // Where focus goes from Clear Cart: the drawer keeps it inside, away from the toast's Undo.
              <Button variant="outline" autoFocus onClick={undo}>
                Undo Clear Cart
              </Button>
            )}
            <Button asChild colorPalette="brand">
              <Link to="/shop" onClick={onClose}>
                Continue Shopping
              </Link>
            </Button>
          </Stack>
        ) : (
          <>
            {/* Above the lines it empties, far from Checkout; its toast can undo it. */}
            <HStack justify="flex-end" mt="-2" mb="2">
              <Button variant="plain" size="sm" px="0" color="fg.muted" textDecoration="underline" onClick={clear}>
                Clear Cart
              </Button>
            </HStack>
            <Stack as="ul" listStyleType="none" gap="4" css={LINES_SEPARATED}>
              {lines.map((line) => (
                <Box as="li" key={lineKey(line)}>
                  <CartLineSummary line={line} />
                  <HStack justify="space-between" align="start" mt="2" pl="76px">
                    <QuantityStepper size="xs" value={line.quantity} max={limit} onChange={(q) => setQuantity(lineKey(line), q)} label={`Quantity of ${line.title}`} />
                    <IconButton aria-label={`Remove ${line.title}`} variant="ghost" size="xs" onClick={() => remove(lineKey(line))}>
                      <Trash2 />
                    </IconButton>
                  </HStack>
                </Box>
              ))}
            </Stack>
          </>
        )}
      </Drawer.Body>

      {lines.length > 0 && <CartDrawerFooter subtotalCents={subtotalCents} onCheckout={checkout} />}
    </>
  );
}

/** The drawer's footer, with lines only: an empty cart asks the server nothing about its code. */
function CartDrawerFooter({ subtotalCents, onCheckout }: { subtotalCents: number; onCheckout(): void }) {
  const discount = useCartDiscount();
  // With a code that applies, every amount is the gateway's (spec §2's total equal to the subtotal otherwise).
  const applying = applyingDiscount(discount);
  return (
    <Drawer.Footer borderTopWidth="1px" flexDirection="column" alignItems="stretch" gap="3">
      <DiscountCodeField discount={discount} />
      <Stack gap="1" fontSize="sm" aria-busy={applying && discount.stale ? true : undefined} opacity={applying && discount.stale ? 0.6 : undefined}>
        <HStack justify="space-between">
          <Text>Subtotal</Text>
          <Text fontWeight="medium">{applying ? formatPrice(applying.cost.subtotalAmount.amount) : formatCents(subtotalCents)}</Text>
        </HStack>
        {applying && <DiscountLine discount={applying} />}
        <HStack justify="space-between">
          <Text>Shipping</Text>
          <Text color="fg.muted">Calculated at checkout</Text>
        </HStack>
        <HStack justify="space-between" fontSize="md" fontWeight="bold">
          <Text>Total</Text>
          <Text>{applying ? formatPrice(applying.cost.totalAmount.amount) : formatCents(subtotalCents)}</Text>
        </HStack>
      </Stack>
      <Button colorPalette="brand" size="lg" onClick={onCheckout}>
        Checkout
      </Button>
    </Drawer.Footer>
  );
}
