import { Button, Container, Grid, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { ShoppingBag } from "lucide-react";
import { Link } from "react-router-dom";
import { CartMark } from "../features/cart/CartMark";
import { CartSummary } from "../features/cart/CartSummary";
import { CartSyncStatus } from "../features/cart/CartSyncStatus";
import { CartTable } from "../features/cart/CartTable";
import { useCartCheckout } from "../features/cart/useCartCheckout";
import { useCartActions, useLocalCart } from "../features/cart/useLocalCart";
import { useClearCart } from "../features/cart/useClearCart";
import { CartRouteDocument } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";
import { useHydrated } from "../lib/useHydrated";

/**
 * Until hydration: what only an empty cart shows, and what only a cart with lines shows, by the mark
 * CartMark's script puts on <html> before they are painted where browser storage holds cart lines
 * (the same reading as parseCart: a list with an entry that has an id).
 */
const WITHOUT_STORED_LINES = { "html[data-cart] &": { display: "none" } };
const WITH_STORED_LINES = { "html:not([data-cart]) &": { display: "none" } };

export default function CartRoute() {
  usePageMeta("Your Cart", "Review your cart and check out.", { noindex: true });
  const { lines, subtotalCents } = useLocalCart();
  const { setQuantity, remove, limit } = useCartActions();
  const { clear, undo } = useClearCart(lines.length);
  const { checkout, loading } = useCartCheckout();
  const { data } = useQuery(CartRouteDocument);
  // The cart is this browser's own (localStorage): its lines are never in the gateway's HTML, shown once hydrated.
  const hydrated = useHydrated();

  return (
    // The page takes at least the screen under the header (64 px and its border), so the footer is out
    // of view until the cart is known: however many lines it shows, nothing in view moves.
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }} minHeight="calc(100vh - 4rem)">
      <HStack justify="space-between" align="center" gap="4" wrap="wrap" mb="8">
        <Heading as="h1" size={{ base: "3xl", md: "4xl" }}>
          Your Cart
        </Heading>
        <CartSyncStatus />
      </HStack>
      {!hydrated && <CartMark />}
      {(!hydrated || lines.length === 0) && (
        // The empty cart. Until hydration (the gateway's HTML, and the browser's first render of it)
        // it stands beside the lines' places and is shown only where the browser holds no cart lines,
        // which CartMark's script marks on <html> (data-cart) before either is painted: an
        // empty cart is painted with the page, a cart with lines never shows it. The same element
        // once hydrated, so nothing is painted again.
        <Stack
          align="center"
          textAlign="center"
          gap="4"
          py="16"
          borderWidth="1px"
          borderStyle="dashed"
          borderRadius="xl"
          css={hydrated ? undefined : WITHOUT_STORED_LINES}
        >
          <ShoppingBag size={48} aria-hidden="true" />
          <Text fontSize="xl" fontWeight="semibold">
            Your cart is empty
          </Text>
          <Text color="fg.muted">Nothing here yet. The shop floor is open.</Text>
          {hydrated && undo && (
            // Where focus goes from Clear Cart, which has gone with the lines.
            <Button variant="outline" autoFocus onClick={undo}>
              Undo Clear Cart
            </Button>
          )}
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/shop">Continue Shopping</Link>
          </Button>
        </Stack>
      )}
      {!hydrated ? (
        // A one-line cart's places: its line (a table row on wide screens) and the summary beside or
        // under it; shown only where the browser holds cart lines (data-cart, as above).
        <Grid
          templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 22rem" }}
          gap="8"
          alignItems="start"
          aria-busy="true"
          aria-label="Loading your cart"
          role="status"
          css={WITH_STORED_LINES}
        >
          <Skeleton height={{ base: "36", md: "32" }} borderRadius="lg" />
          <Skeleton height="21.5rem" borderRadius="xl" />
        </Grid>
      ) : lines.length > 0 ? (
        <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 22rem" }} gap="8" alignItems="start">
          <Stack gap="2" minWidth="0">
            {/* Above the lines it empties, away from Proceed to Checkout; its toast can undo it. */}
            <Button variant="plain" size="sm" px="0" color="fg.muted" textDecoration="underline" alignSelf="end" onClick={clear}>
              Clear Cart
            </Button>
            <CartTable lines={lines} maxQuantity={limit} onQuantity={setQuantity} onRemove={remove} />
          </Stack>
          <CartSummary
            subtotalCents={subtotalCents}
            freeShippingFrom={data?.shop.freeShippingThreshold.amount ?? null}
            checkingOut={loading}
            onCheckout={() => checkout(lines)}
          />
        </Grid>
      ) : null}
    </Container>
  );
}
