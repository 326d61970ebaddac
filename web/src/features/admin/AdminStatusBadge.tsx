import { Badge } from "@chakra-ui/react";
import type { OrderFulfillmentStatus } from "./gql/graphql";
import { FULFILLMENT_LABELS, FULFILLMENT_PALETTE } from "./adminFormat";

/** An order's fulfilment status in the admin's words (Unfulfilled, In progress, Fulfilled, Cancelled). */
export function AdminStatusBadge({ status }: { status: OrderFulfillmentStatus }) {
  return (
    <Badge colorPalette={FULFILLMENT_PALETTE[status] ?? "gray"} variant="subtle" size="md">
      {FULFILLMENT_LABELS[status] ?? status}
    </Badge>
  );
}

const PAYMENT_PALETTE: Record<string, string> = { PAID: "green", PARTIALLY_REFUNDED: "orange", REFUNDED: "gray" };

/** The payment status as the gateway says it ("PAID" → "Paid", "PARTIALLY_REFUNDED" → "Partially refunded"). */
export function PaymentStatusBadge({ status }: { status: string }) {
  const label = status ? status.charAt(0).toUpperCase() + status.slice(1).toLowerCase().replace(/_/g, " ") : "Unknown";
  return (
    <Badge colorPalette={PAYMENT_PALETTE[status.toUpperCase()] ?? "gray"} variant="outline" size="md">
      {label}
    </Badge>
  );
}
