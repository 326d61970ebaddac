import { Button, Card, HStack, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { ExternalLink } from "lucide-react";
import { Link } from "react-router-dom";
import type { OrderCard_OrderFragment } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";
import { formatOrderDate, orderItemCount } from "./orderStatus";
import { OrderStatusBadge } from "./OrderStatusBadge";

/** spec §2 Dashboard: one order: number, date, status, total, item count, Track Order and View Details. */
export function OrderCard({ order }: { order: OrderCard_OrderFragment }) {
  const items = orderItemCount(order.lineItems);
  return (
    <Card.Root variant="outline" as="article" aria-labelledby={`order-${order.id}`}>
      <Card.Body gap="4" p={{ base: "4", md: "5" }}>
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Text as="h2" id={`order-${order.id}`} fontWeight="bold" fontSize="lg">
              Order #{order.orderNumber}
            </Text>
            <Text fontSize="sm" color="fg.muted">
              Placed {formatOrderDate(order.processedAt)}
            </Text>
          </Stack>
          <OrderStatusBadge status={order.fulfillmentStatus} />
        </HStack>
        <HStack justify="space-between" align="end" gap="3" wrap="wrap">
          <Stack gap="0.5">
            <Text fontSize="sm" color="fg.muted">
              {items} {items === 1 ? "item" : "items"}
            </Text>
            <Text fontWeight="semibold" fontSize="lg">
              {formatPrice(order.totalPrice.amount)}
            </Text>
          </Stack>
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline" size="sm">
              <a href={order.statusUrl} target="_blank" rel="noopener noreferrer" aria-label={`Track order #${order.orderNumber} (opens in a new tab)`}>
                Track Order <ExternalLink aria-hidden="true" />
              </a>
            </Button>
            <Button asChild colorPalette="brand" size="sm">
              <Link to={`/order/${encodeURIComponent(order.id)}`} aria-label={`View details of order #${order.orderNumber}`}>
                View Details
              </Link>
            </Button>
          </HStack>
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

/** spec §9: three of these while the orders load. */
export function OrderCardSkeleton() {
  return (
    <Card.Root variant="outline" data-testid="order-skeleton">
      <Card.Body gap="4" p={{ base: "4", md: "5" }}>
        <HStack justify="space-between">
          <Stack gap="2" flex="1">
            <Skeleton height="5" width="40%" />
            <Skeleton height="4" width="30%" />
          </Stack>
          <Skeleton height="6" width="20" borderRadius="full" />
        </HStack>
        <HStack justify="space-between" align="end">
          <SkeletonText noOfLines={2} width="25%" />
          <Skeleton height="8" width="48" />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}
