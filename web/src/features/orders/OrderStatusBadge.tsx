import { Badge } from "@chakra-ui/react";
import type { OrderFulfillmentStatus } from "../../gql/graphql";
import { fulfillmentLabel } from "./orderStatus";

const PALETTE = { Shipped: "green", Processing: "blue", Pending: "orange", Cancelled: "red" } as const;

/** spec §4: Shipped / Processing / Pending, and Cancelled. */
export function OrderStatusBadge({ status }: { status: OrderFulfillmentStatus | string }) {
  const label = fulfillmentLabel(status);
  return (
    <Badge colorPalette={PALETTE[label]} variant="subtle" size="md">
      {label}
    </Badge>
  );
}
