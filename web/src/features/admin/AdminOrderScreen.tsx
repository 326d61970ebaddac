import { useQuery } from "@apollo/client/react";
import { Box, Button, Grid, Heading, HStack, Link as ChakraLink, Separator, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../components/StateMessage";
import { AdminOrderDocument, type AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { formatDateTime, formatMoney, formatPayment } from "./adminFormat";
import { AdminQueryError } from "./AdminQueryError";
import { AdminStatusBadge, PaymentStatusBadge } from "./AdminStatusBadge";
import { OrderActions } from "./OrderActions";
import { OrderHistoryList } from "./OrderHistoryList";
import { OrderLinesPanel } from "./OrderLinesPanel";
import { Fact, Facts, Panel } from "./Panel";
import { PartnerJobPanel } from "./PartnerJobPanel";
import { DisputeNotice } from "./DisputeNotice";
import { RefundForm } from "./RefundForm";
import { RefundsList } from "./RefundsList";
import { useOrderActions } from "./useOrderActions";

function BackToOrders() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="start" ms="-2">
      <Link to="/admin/orders">
        <ArrowLeft aria-hidden="true" /> All orders
      </Link>
    </Button>
  );
}

/** How long a deleted account's order keeps its email, name and address. */
function contactKept(deletion: NonNullable<AdminOrderDetail_OrderFragment["accountDeletion"]>): string {
  if (deletion.contactErasedAt) return `Contact details erased ${formatDateTime(deletion.contactErasedAt)}`;
  if (deletion.contactEraseAfter) return `Contact details kept until ${formatDateTime(deletion.contactEraseAfter)} (return window)`;
  return "Contact details kept until 30 days after the order ships or is cancelled";
}

function CustomerPanel({ order }: { order: AdminOrderDetail_OrderFragment }) {
  const address = order.shippingAddress;
  return (
    <Panel title="Customer" id="order-customer">
      <Stack gap="1">
        {order.customerName ? (
          <Text fontWeight="medium">{order.customerName}</Text>
        ) : (
          <Text color="fg.muted">{order.accountDeletion ? "Customer deleted their account" : "Guest checkout"}</Text>
        )}
        {order.email ? (
          <ChakraLink href={`mailto:${order.email}`} color="brand.fg" wordBreak="break-all">
            {order.email}
          </ChakraLink>
        ) : (
          <Text color="fg.muted">Email erased</Text>
        )}
        {order.accountDeletion && <Text fontSize="sm" color="fg.muted">{contactKept(order.accountDeletion)}</Text>}
      </Stack>
      <Separator />
      <Stack gap="0" as="address" fontStyle="normal" aria-label="Shipping address">
        {address.formatted.map((line, i) => (
          <Text key={i} fontWeight={i === 0 ? "medium" : undefined}>
            {line}
          </Text>
        ))}
        {address.phone && <Text>Phone: {address.phone}</Text>}
      </Stack>
      <Text fontSize="sm" color="fg.muted">
        {order.shippingMethod}
      </Text>
    </Panel>
  );
}

/** What was paid, what went back, each refund, and the Refund action while anything remains. */
function PaymentPanel({ order }: { order: AdminOrderDetail_OrderFragment }) {
  const actions = useOrderActions(order.id);
  const refunded = Number(order.refundedPrice.amount) > 0;
  return (
    <Panel title="Payment" id="order-payment">
      <Facts>
        <Fact label="Status">
          <PaymentStatusBadge status={order.financialStatus} />
        </Fact>
        <Fact label="Card">{order.payment ? formatPayment(order.payment) : "—"}</Fact>
        <Fact label="Subtotal">{formatMoney(order.subtotalPrice)}</Fact>
        {order.discountCode && <Fact label={`Discount (${order.discountCode})`}>−{formatMoney(order.totalDiscountPrice)}</Fact>}
        <Fact label="Shipping">{formatMoney(order.totalShippingPrice)}</Fact>
        <Fact label="Total">
          <Text fontWeight="semibold">{formatMoney(order.totalPrice)}</Text>
        </Fact>
        {refunded && <Fact label="Refunded">{formatMoney(order.refundedPrice)}</Fact>}
      </Facts>
      <RefundsList refunds={order.refunds} />
      {Number(order.refundablePrice.amount) > 0 && (
        <RefundForm
          refundable={order.refundablePrice}
          card={order.payment ? formatPayment(order.payment) : null}
          onSubmit={actions.refundOrder}
          loading={actions.loading.refund}
          disabled={actions.busy}
        />
      )}
    </Panel>
  );
}

function ShipmentPanel({ order }: { order: AdminOrderDetail_OrderFragment }) {
  if (order.tracking) {
    const { carrier, trackingNumber, trackingUrl, shippedAt, deliveredAt } = order.tracking;
    return (
      <Panel title="Shipment" id="order-shipment">
        <Facts>
          <Fact label="Carrier">{carrier}</Fact>
          <Fact label="Tracking">
            {trackingUrl ? (
              <ChakraLink href={trackingUrl} target="_blank" rel="noopener noreferrer" color="brand.fg" wordBreak="break-all">
                {trackingNumber} <ExternalLink size={14} aria-hidden="true" />
              </ChakraLink>
            ) : (
              trackingNumber
            )}
          </Fact>
          <Fact label="Shipped">{formatDateTime(shippedAt)}</Fact>
          <Fact label="Delivered">{deliveredAt ? formatDateTime(deliveredAt) : "Not yet marked"}</Fact>
        </Facts>
      </Panel>
    );
  }
  if (order.fulfillmentStatus === "CANCELLED") {
    return (
      <Panel title="Cancellation" id="order-cancellation">
        <Facts>
          <Fact label="Reason">{order.cancelReason ?? "—"}</Fact>
          <Fact label="Customer told">{order.cancelCustomerMessage === null ? "Not emailed" : order.cancelCustomerMessage || "Emailed, without a message"}</Fact>
          <Fact label="Cancelled">{formatDateTime(order.cancelledAt)}</Fact>
        </Facts>
      </Panel>
    );
  }
  return null;
}

function OrderDetail({ order }: { order: AdminOrderDetail_OrderFragment }) {
  return (
    <Stack gap="5">
      <Stack gap="2">
        <BackToOrders />
        <HStack gap="3" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            Order #{order.orderNumber}
          </Heading>
          <PaymentStatusBadge status={order.financialStatus} />
          <AdminStatusBadge status={order.fulfillmentStatus} />
        </HStack>
        <HStack gap="3" wrap="wrap" fontSize="sm" color="fg.muted">
          <Text>Placed {formatDateTime(order.processedAt)}</Text>
          <ChakraLink href={order.statusUrl} target="_blank" rel="noopener noreferrer" color="brand.fg">
            Customer's status page <ExternalLink size={14} aria-hidden="true" />
          </ChakraLink>
        </HStack>
      </Stack>
      <DisputeNotice order={order} />
      {/* Wide: items and history on the left, the rest beside them. Phone: the actions right after the items. */}
      <Grid templateColumns={{ base: "1fr", lg: "minmax(0, 3fr) minmax(0, 2fr)" }} templateRows={{ lg: "auto 1fr" }} gap="5" alignItems="start">
        <Box gridColumn={{ lg: "1" }} gridRow={{ lg: "1" }}>
          <OrderLinesPanel order={order} />
        </Box>
        <Stack gap="5" gridColumn={{ lg: "2" }} gridRow={{ lg: "1 / span 2" }}>
          <OrderActions order={order} />
          <ShipmentPanel order={order} />
          <PartnerJobPanel order={order} />
          <CustomerPanel order={order} />
          <PaymentPanel order={order} />
        </Stack>
        <Box gridColumn={{ lg: "1" }} gridRow={{ lg: "2" }}>
          <OrderHistoryList history={order.history} />
        </Box>
      </Grid>
    </Stack>
  );
}

export function AdminOrderScreen({ id }: { id: string }) {
  const { data, loading, error, refetch } = useQuery(AdminOrderDocument, { variables: { id }, fetchPolicy: "cache-and-network", ssr: false });
  const order = data?.adminOrder;
  if (order) return <OrderDetail order={order} />;
  if (loading && !data) {
    return (
      <Stack gap="4" role="status" aria-label="Loading order">
        <Skeleton height="8" width="48" />
        <Skeleton height="48" />
        <Skeleton height="32" />
      </Stack>
    );
  }
  if (error && !data) return <AdminQueryError error={error} what="this order" onRetry={() => void refetch().catch(() => undefined)} />;
  return (
    <Box>
      <BackToOrders />
      <EmptyState title="Order not found" description="No order has this id. It may have been typed wrong." headingLevel="h2" />
    </Box>
  );
}
