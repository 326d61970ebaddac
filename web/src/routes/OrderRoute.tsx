import { Box, Button, Card, Container, Grid, Heading, HStack, Link as ExternalLinkText, Separator, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { ArrowLeft, ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { Link, useParams } from "react-router-dom";
import { ErrorState } from "../components/StateMessage";
import { OrderTimeline } from "../features/checkout/OrderTimeline";
import { useSession } from "../features/auth/useSession";
import { OrderLineItems } from "../features/orders/OrderLineItems";
import { formatOrderDate, fulfillmentTimelineStage } from "../features/orders/orderStatus";
import { OrderStatusBadge } from "../features/orders/OrderStatusBadge";
import { OrderRouteDocument, type OrderRouteQuery } from "../gql/graphql";
import { formatPrice, toCents } from "../lib/money";
import { usePageMeta } from "../lib/usePageMeta";

type Order = NonNullable<OrderRouteQuery["order"]>;

/** One of the signed-in customer's orders. Anyone else's, or an unknown id, is "not found". */
export default function OrderRoute() {
  const { id = "" } = useParams();
  const session = useSession();
  // The gateway answers null for an order that is not this customer's: wait for the session, so a
  // customer who is still being recognised is not told their order does not exist.
  const { data, loading, error } = useQuery(OrderRouteDocument, { variables: { id }, skip: session.status === "unknown" });
  const order = data?.order ?? null;
  usePageMeta(order ? `Order #${order.orderNumber}` : loading || session.status === "unknown" ? "Order" : "Order not found", "Your order at Satire Supply Co.");

  return (
    <Container maxW="5xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Button asChild variant="plain" px="0" mb="4" color="brand.fg">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" /> Back to My Orders
        </Link>
      </Button>
      {session.status === "unknown" || (loading && !data) ? (
        <OrderSkeleton />
      ) : error && !data ? (
        <ErrorState title="Error loading order" description="We couldn't load this order. Please try again." />
      ) : !order ? (
        <OrderNotFound signedIn={session.status === "signedIn"} orderId={id} />
      ) : (
        <OrderDetails order={order} />
      )}
    </Container>
  );
}

function OrderNotFound({ signedIn, orderId }: { signedIn: boolean; orderId: string }) {
  return (
    <Stack align="center" textAlign="center" gap="4" py="16" borderWidth="1px" borderStyle="dashed" borderRadius="xl" px="4">
      <Heading as="h1" size="2xl">
        Order Not Found
      </Heading>
      <Text color="fg.muted" maxWidth="md">
        {signedIn
          ? "We couldn't find this order in your account. It may belong to another account, or the link may be wrong."
          : "Sign in to the account you ordered with to see this order."}
      </Text>
      <Button asChild colorPalette="brand">
        {signedIn ? (
          <Link to="/dashboard">Go to My Orders</Link>
        ) : (
          <Link to={`/login?next=${encodeURIComponent(`/order/${encodeURIComponent(orderId)}`)}`}>Sign in</Link>
        )}
      </Button>
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Body gap="4" p={{ base: "4", md: "6" }}>
        <Heading as="h2" size="md">
          {title}
        </Heading>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function TotalRow({ label, amount, strong = false }: { label: string; amount: string; strong?: boolean }) {
  const value = toCents(amount) === 0 && !strong ? "Free" : formatPrice(amount);
  return (
    <HStack justify="space-between" fontWeight={strong ? "bold" : "normal"} fontSize={strong ? "lg" : "md"}>
      <Text>{label}</Text>
      <Text>{value}</Text>
    </HStack>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const address = order.shippingAddress;
  return (
    <Stack gap="6">
      <HStack justify="space-between" align="start" gap="4" wrap="wrap">
        <Stack gap="1">
          <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
            Order #{order.orderNumber}
          </Heading>
          <Text color="fg.muted">Placed on {formatOrderDate(order.processedAt)}</Text>
        </Stack>
        <OrderStatusBadge status={order.fulfillmentStatus} />
      </HStack>

      <Section title="Order status">
        {order.cancelledAt ? (
          <Text>
            This order was cancelled on {formatOrderDate(order.cancelledAt)}
            {order.cancelReason ? `: ${order.cancelReason}` : "."}
          </Text>
        ) : (
          <OrderTimeline stage={fulfillmentTimelineStage(order.fulfillmentStatus)} />
        )}
        {order.tracking && <TrackingNote tracking={order.tracking} />}
        <Button asChild variant="outline" alignSelf="start">
          <a href={order.statusUrl} target="_blank" rel="noopener noreferrer">
            View order status page <ExternalLink aria-hidden="true" />
          </a>
        </Button>
      </Section>

      <Grid templateColumns={{ base: "minmax(0, 1fr)", lg: "minmax(0, 1fr) 20rem" }} gap="6" alignItems="start">
        <Section title="Items">
          <OrderLineItems lines={order.lineItems} />
        </Section>
        <Stack gap="6">
          <Section title="Summary">
            <Stack gap="2">
              <TotalRow label="Subtotal" amount={order.subtotalPrice.amount} />
              {order.discountCode && (
                <HStack justify="space-between">
                  <Text>{`Discount (${order.discountCode})`}</Text>
                  <Text>{toCents(order.totalDiscountPrice.amount) === 0 ? "Free shipping" : `−${formatPrice(order.totalDiscountPrice.amount)}`}</Text>
                </HStack>
              )}
              <TotalRow label="Shipping" amount={order.totalShippingPrice.amount} />
              <Text fontSize="sm" color="fg.muted">
                {order.shippingMethod}
              </Text>
              <Separator my="1" />
              <TotalRow label="Total" amount={order.totalPrice.amount} strong />
              {Number(order.refundedPrice.amount) > 0 && (
                <>
                  <TotalRow label={order.financialStatus === "REFUNDED" ? "Refunded in full" : "Refunded"} amount={order.refundedPrice.amount} />
                  <Text fontSize="sm" color="fg.muted">
                    Back on the card you paid with, usually within 5–10 business days.
                  </Text>
                </>
              )}
            </Stack>
          </Section>
          <Section title="Shipping address">
            <Box as="address" fontStyle="normal" lineHeight="tall">
              {address.formatted.map((line, i) => (
                <Text key={i} fontWeight={i === 0 ? "medium" : undefined}>
                  {line}
                </Text>
              ))}
              {address.phone && <Text>Phone: {address.phone}</Text>}
            </Box>
            <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
              Confirmation sent to {order.email}
            </Text>
          </Section>
        </Stack>
      </Grid>
    </Stack>
  );
}

/** How a shipped order travels, with the carrier's tracking page when the shop gave one. */
function TrackingNote({ tracking }: { tracking: NonNullable<Order["tracking"]> }) {
  return (
    <Text>
      Shipped {formatOrderDate(tracking.shippedAt)} with {tracking.carrier} · Tracking number{" "}
      {tracking.trackingUrl ? (
        <ExternalLinkText href={tracking.trackingUrl} target="_blank" rel="noopener noreferrer" color="brand.fg" textDecoration="underline">
          {tracking.trackingNumber}
        </ExternalLinkText>
      ) : (
        <Text as="span" fontWeight="medium">
          {tracking.trackingNumber}
        </Text>
      )}
      {tracking.deliveredAt && ` · Delivered ${formatOrderDate(tracking.deliveredAt)}`}
    </Text>
  );
}

function OrderSkeleton() {
  return (
    <Stack gap="6" role="status" aria-label="Loading the order" aria-busy="true">
      <Skeleton height="10" width="60%" />
      <Skeleton height="24" borderRadius="lg" />
      <Grid templateColumns={{ base: "1fr", lg: "1fr 20rem" }} gap="6">
        <SkeletonText noOfLines={6} />
        <Skeleton height="40" borderRadius="lg" />
      </Grid>
    </Stack>
  );
}
