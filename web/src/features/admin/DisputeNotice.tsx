import { Alert } from "../../components/ui/recipes/alert";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { formatDateTime, formatMoney } from "./adminFormat";

/** A dispute (chargeback) of the order's payment: open, it holds the order from the printer; closed, its outcome. */
export function DisputeNotice({ order }: { order: AdminOrderDetail_OrderFragment }) {
  const dispute = order.disputes.at(-1);
  if (!dispute) return null;
  const reason = dispute.reason.replace(/_/g, " ");
  if (dispute.outcome === null) {
    const sent = order.fulfillmentJob?.state === "SUCCEEDED";
    return (
      <Alert.Root status="error" borderRadius="md">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Payment disputed</Alert.Title>
          <Alert.Description>
            The customer's bank disputes {formatMoney(dispute.amount)} ({reason}), since {formatDateTime(dispute.openedAt)}.{" "}
            {sent ? "The order had already gone to the printer." : "The order is held from the printer until the dispute closes."} Answer it in your
            payment provider's dashboard.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Alert.Root status={dispute.outcome === "WON" ? "success" : "warning"} borderRadius="md">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Dispute {dispute.outcome === "WON" ? "won" : "lost"}</Alert.Title>
        <Alert.Description>
          The dispute of {formatMoney(dispute.amount)} ({reason}) closed {formatDateTime(dispute.closedAt)}.
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}
