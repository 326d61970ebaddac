import { Box, IconButton } from "@chakra-ui/react";
import { ShoppingCart } from "lucide-react";
import { useCartDrawer } from "./CartDrawerProvider";
import { useLocalCart } from "./useLocalCart";

/** The header's cart: a badge with the sum of the local cart's quantities; opens the drawer. */
export function CartButton() {
  const { count } = useLocalCart();
  const { openCart } = useCartDrawer();
  return (
    <Box position="relative">
      <IconButton aria-label={`Cart, ${count} ${count === 1 ? "item" : "items"}`} variant="ghost" onClick={openCart} aria-haspopup="dialog">
        <ShoppingCart />
      </IconButton>
      {count > 0 && (
        <Box
          aria-hidden="true"
          data-testid="cart-count"
          position="absolute"
          top="-1"
          right="-1"
          minWidth="5"
          height="5"
          px="1"
          borderRadius="full"
          bg="red.600"
          color="white"
          fontSize="xs"
          fontWeight="bold"
          lineHeight="1"
          display="flex"
          alignItems="center"
          justifyContent="center"
          pointerEvents="none"
        >
          {count > 99 ? "99+" : count}
        </Box>
      )}
    </Box>
  );
}
