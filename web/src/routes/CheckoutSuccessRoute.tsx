import { Box, Button, Container, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { CircleCheckBig, ExternalLink, Share2 } from "lucide-react";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { notify } from "../components/ui/toaster";
import { readCheckoutResult, type PlacedOrder } from "../features/checkout/checkoutResult";
import { OrderTimeline } from "../features/checkout/OrderTimeline";
import { useCheckoutOutcome } from "../features/checkout/useCheckoutOutcome";
import { SHIPS_WITHIN } from "../features/info/policies";
import { formatPrice } from "../lib/money";
import { shareLink } from "../lib/share";
import { usePageMeta } from "../lib/usePageMeta";

export default function CheckoutSuccessRoute() {
  const [query] = useSearchParams();
  const result = useMemo(() => readCheckoutResult(query, window.location.origin), [query]);
  useCheckoutOutcome(result);
  usePageMeta(result.kind === "order" ? "Order confirmed" : "Checkout incomplete", "Your order at Satire Supply Co.");

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
    <Container maxW="3xl" px={{ base: "4", md: "6" }} py={{ base: "10", md: "16" }}>
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

      <HStack justify="center" gap="3" mt="10" wrap="wrap">
        <Button asChild colorPalette="brand" size="lg">
          <Link to="/shop">Continue Shopping</Link>
        </Button>
        <Button variant="outline" size="lg" onClick={share}>
          <Share2 /> Share Your Purchase
        </Button>
      </HStack>
    </Container>
  );
}
