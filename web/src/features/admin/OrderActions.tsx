import { Button, Separator, Stack, Text } from "@chakra-ui/react";
import { PackageOpen } from "lucide-react";
import { useState } from "react";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { FormProblem } from "../auth/FormProblem";
import { CancelForm } from "./CancelForm";
import { FulfillForm } from "./FulfillForm";
import { ShippedActions } from "./ShippedActions";
import { Panel } from "./Panel";
import { useOrderActions } from "./useOrderActions";

/** What can happen next to the order (the gateway refuses anything else, with its reason shown). */
export function OrderActions({ order }: { order: AdminOrderDetail_OrderFragment }) {
  const actions = useOrderActions(order.id);
  const [startProblem, setStartProblem] = useState<string | null>(null);
  const open = order.fulfillmentStatus === "UNFULFILLED" || order.fulfillmentStatus === "IN_PROGRESS";

  if (!open) {
    return (
      <Panel title="Actions" id="order-actions">
        {order.fulfillmentStatus === "FULFILLED" && order.tracking ? (
          <ShippedActions orderId={order.id} tracking={order.tracking} />
        ) : (
          <Text color="fg.muted">This order is cancelled: it will not be shipped. What remains of its payment can still be refunded under Payment.</Text>
        )}
      </Panel>
    );
  }

  const start = async () => {
    setStartProblem(null);
    const outcome = await actions.startFulfillment();
    if (!outcome.ok) setStartProblem(outcome.errors.map((error) => error.message).join(" "));
  };

  return (
    <Panel title="Actions" id="order-actions">
      <Stack gap="4">
        {order.fulfillmentStatus === "UNFULFILLED" && (
          <>
            <Stack gap="2">
              <FormProblem message={startProblem} />
              <Button variant="outline" alignSelf="start" onClick={() => void start()} loading={actions.loading.start} disabled={actions.busy}>
                <PackageOpen aria-hidden="true" /> Start fulfilment
              </Button>
            </Stack>
            <Separator />
          </>
        )}
        <FulfillForm onSubmit={actions.markShipped} loading={actions.loading.fulfill} disabled={actions.busy} />
        <Separator />
        <CancelForm
          refundable={order.refundablePrice}
          sentTo={order.fulfillmentJob?.state === "SUCCEEDED" ? order.fulfillmentJob.partner : null}
          onSubmit={actions.cancelOrder}
          loading={actions.loading.cancel}
          disabled={actions.busy}
        />
      </Stack>
    </Panel>
  );
}
