import { Box, Button, Card, Container, Grid, Heading, HStack, SimpleGrid, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { CircleCheckBig, ExternalLink, Share2 } from "lucide-react";
import { useId, useMemo, type ReactNode } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { EmptyState, ErrorState } from "../components/StateMessage";
import { notify } from "../components/ui/toaster";
import { readCheckoutResult, type PlacedOrder } from "../features/checkout/checkoutResult";
import { OrderPlacedScript } from "../features/checkout/OrderPlacedScript";
import { OrderTimeline } from "../features/checkout/OrderTimeline";
import { useCheckoutOutcome } from "../features/checkout/useCheckoutOutcome";
import { SHIPS_WITHIN } from "../features/info/policies";
import { OrderLineItems } from "../features/orders/OrderLineItems";
import { CheckoutSuccessOrderDocument, type CheckoutSuccessOrderQuery } from "../gql/graphql";
import { formatPrice, toCents } from "../lib/money";
import { shareLink } from "../lib/share";
import { usePublicUrl } from "../lib/pageHead";
import { usePageMeta } from "../lib/usePageMeta";

export default function CheckoutSuccessRoute() {
  const [query] = useSearchParams();
  // The shop's origin as the gateway and the browser both know it (its PUBLIC_URL once a page came
  // from it): the status link the checkout wrote names it, and the page renders alike on both sides.
  const origin = new URL(usePublicUrl()).origin;
  const result = useMemo(() => readCheckoutResult(query, origin), [query, origin]);
  useCheckoutOutcome(result);
  // One shopper's order: no canonical address, never indexed (as the page was when the browser alone rendered it).
  usePageMeta(result.kind === "order" ? "Order confirmed" : "Checkout incomplete", "Your order at Satire Supply Co.", { noindex: true, canonicalPath: null });

  if (result.kind === "incomplete") {
    return (
      <Container maxW="2xl" px={{ base: "4", md: "6" }} py={{ base: "16", md: "24" }} textAlign="center">
        <Heading as="h1" size="3xl" mb="4">
          Checkout incomplete
        </Heading>
        <Text color="fg.muted" mb="8">
          Your payment was not completed, so no order was placed. Taking you back to your cart…
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/cart">Go to your cart</Link>
        </Button>
      </Container>
    );
  }
  return <OrderConfirmation order={result} />;
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap="0.5">
      <Text as="dt" fontSize="sm" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="semibold" wordBreak="break-word">
        {value}
      </Text>
    </Stack>
  );
}

function OrderConfirmation({ order }: { order: PlacedOrder }) {
  const share = async () => {
    const outcome = await shareLink({ title: "Satire Supply Co.", text: "I just got some political satire merch from Satire Supply Co.!", url: window.location.origin });
    if (outcome === "copied") notify({ type: "success", title: "Link copied!", description: "Share it with your friends." });
    if (outcome === "failed") notify({ type: "error", title: "Failed to copy link" });
  };
  const orderLabel = /^\d+$/.test(order.orderNumber) ? `#${order.orderNumber}` : order.orderNumber;

  return (
    // At least a screen tall below the header (4rem): the footer's links start below the first
    // screen, so the toast at its foot lies over the page's own space rather than over them.
    <Container maxW="3xl" px={{ base: "4", md: "6" }} py={{ base: "10", md: "16" }} minHeight="calc(100dvh - 4rem)">
      <OrderPlacedScript />
      <Stack align="center" textAlign="center" gap="3" mb="10">
        <Box color="green.600" aria-hidden="true">
          <CircleCheckBig size={56} />
        </Box>
        <Heading as="h1" size={{ base: "3xl", md: "4xl" }}>
          Thank you for your order!
        </Heading>
        <Text color="fg.muted" fontSize="lg">
          Your order is placed. We'll print it for you and hand it to the carrier within {SHIPS_WITHIN}.
        </Text>
        {/* Under the thanks, not at the page's foot: on a phone the foot of the first screen is where
            "Order placed successfully!" shows for 5 s, and a tap there would land on the toast. */}
        <HStack justify="center" gap="3" mt="3" wrap="wrap">
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/shop">Continue Shopping</Link>
          </Button>
          <Button variant="outline" size="lg" onClick={share}>
            <Share2 /> Share Your Purchase
          </Button>
        </HStack>
      </Stack>

      <Stack gap="8" p={{ base: "5", md: "8" }} borderWidth="1px" borderRadius="xl" bg="bg.panel">
        <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap="5">
          <Detail label="Order number" value={orderLabel} />
          {order.email && <Detail label="Email" value={order.email} />}
          <Detail label="Payment status" value={order.paymentStatus} />
          {order.totalPrice && <Detail label="Total" value={formatPrice(order.totalPrice)} />}
        </SimpleGrid>
        <OrderTimeline stage={order.stage} />
        {order.statusUrl && (
          <Button asChild variant="outline" alignSelf="start">
            <a href={order.statusUrl} target="_blank" rel="noopener noreferrer">
              View your order at the store <ExternalLink />
            </a>
          </Button>
        )}
      </Stack>

      {order.statusToken && <OrderContents token={order.statusToken} />}
    </Container>
  );
}

type PublicOrder = NonNullable<CheckoutSuccessOrderQuery["orderByStatusToken"]>;

/** A card named by its heading (a region a screen reader can go to). */
function Section({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card.Root as="section" aria-labelledby={headingId} variant="outline" bg="bg.panel">
      <Card.Body gap="3" p={{ base: "4", md: "6" }}>
        <Heading as="h2" size="md" id={headingId}>
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

const CONTENTS_COLUMNS = { base: "minmax(0, 1fr)", md: "minmax(0, 1fr) 15rem" };

/**
 * What was bought and where it goes, read by the status link's token (orderByStatusToken): the
 * confirmation above stands on the redirect alone, so this part loads, fails or is missing by itself.
 */
function OrderContents({ token }: { token: string }) {
  const { data, loading, error, refetch } = useQuery(CheckoutSuccessOrderDocument, { variables: { token } });
  if (loading && !data) return <OrderContentsSkeleton />;
  if (error && !data) {
    return (
      <Box mt="8">
        <ErrorState
          headingLevel="h2"
          title="Error loading your order's items"
          description="Your order is placed: only its list of items and address could not be shown."
          onRetry={() => void refetch().catch(() => undefined)}
        />
      </Box>
    );
  }
  const placed = data?.orderByStatusToken;
  if (!placed) {
    return (
      <Box mt="8">
        <EmptyState headingLevel="h2" title="Order details not available" description="The store has no items to show for this order link. The link above shows the order at the store." />
      </Box>
    );
  }
  return <PlacedOrderContents order={placed} />;
}

function PlacedOrderContents({ order }: { order: PublicOrder }) {
  return (
    <Grid templateColumns={CONTENTS_COLUMNS} gap="6" mt="8" alignItems="start">
      <Section title="Items in your order">
        <OrderLineItems lines={order.lineItems} />
        {order.discountCode && (
          <Text fontSize="sm" color="fg.muted">
            {toCents(order.totalDiscountPrice.amount) === 0
              ? `Code ${order.discountCode}: free shipping`
              : `Code ${order.discountCode}: −${formatPrice(order.totalDiscountPrice.amount)}`}
          </Text>
        )}
      </Section>
      <Section title="Shipping to">
        <Box as="address" fontStyle="normal" lineHeight="tall">
          {order.shippingAddress.lines.map((line, i) => (
            <Text key={i}>{line}</Text>
          ))}
        </Box>
        <Text fontSize="sm" color="fg.muted">
          {order.shippingMethod}
        </Text>
      </Section>
    </Grid>
  );
}

function OrderContentsSkeleton() {
  return (
    <Grid templateColumns={CONTENTS_COLUMNS} gap="6" mt="8" role="status" aria-label="Loading your order's items" aria-busy="true">
      <Stack gap="4" p={{ base: "4", md: "6" }} borderWidth="1px" borderRadius="lg">
        <Skeleton height="6" width="40%" />
        {[0, 1].map((i) => (
          <HStack key={i} gap="4" align="start">
            <Skeleton boxSize="64px" borderRadius="md" flexShrink={0} />
            <SkeletonText noOfLines={3} flex="1" />
          </HStack>
        ))}
      </Stack>
      <Stack gap="3" p={{ base: "4", md: "6" }} borderWidth="1px" borderRadius="lg">
        <Skeleton height="6" width="60%" />
        <SkeletonText noOfLines={4} />
      </Stack>
    </Grid>
  );
}
