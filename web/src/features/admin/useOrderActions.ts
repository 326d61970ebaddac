import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import {
  OrderCancelDocument,
  OrderFulfillDocument,
  OrderRetryFulfillmentJobDocument,
  OrderStartFulfillmentDocument,
} from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

export interface ActionError {
  field: string | null;
  message: string;
}

/** What an action ended with: done, or the gateway's reasons (userErrors) to show beside its form. */
export type ActionOutcome = { ok: true } | { ok: false; errors: ActionError[] };

interface Payload {
  order?: { orderNumber: number } | null;
  userErrors: readonly { field?: string | null; message: string }[];
}

function forgetOrderLists(cache: ApolloCache, result: { data?: unknown }) {
  if (!result.data) return;
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminOrders" });
  cache.gc();
}

function outcomeOf(payload: Payload | undefined, done: string): ActionOutcome {
  if (payload?.order && payload.userErrors.length === 0) {
    notify({ title: done, description: `Order #${payload.order.orderNumber}`, type: "success" });
    return { ok: true };
  }
  const errors = (payload?.userErrors ?? []).map((error) => ({ field: error.field ?? null, message: error.message }));
  return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: "The order was not changed." }] };
}

function failed(error: unknown): ActionOutcome {
  const message = error instanceof Error && error.message && !/fetch|network/i.test(error.message) ? error.message : UNREACHABLE;
  return { ok: false, errors: [{ field: null, message }] };
}

/**
 * The order's transitions. Each answers the whole order, which replaces the cached one (the detail
 * and any list showing it); lists filtered by status are dropped, so they are asked again when shown.
 */
export function useOrderActions(orderId: string) {
  const [start, startState] = useMutation(OrderStartFulfillmentDocument, { update: forgetOrderLists });
  const [fulfill, fulfillState] = useMutation(OrderFulfillDocument, { update: forgetOrderLists });
  const [cancel, cancelState] = useMutation(OrderCancelDocument, { update: forgetOrderLists });
  const [retry, retryState] = useMutation(OrderRetryFulfillmentJobDocument);

  return {
    startFulfillment: useCallback(
      () =>
        start({ variables: { orderId } }).then(
          ({ data }) => outcomeOf(data?.orderStartFulfillment, "Fulfilment started"),
          failed,
        ),
      [start, orderId],
    ),
    markShipped: useCallback(
      (tracking: { carrier: string; trackingNumber: string; trackingUrl: string }) =>
        fulfill({
          variables: {
            orderId,
            carrier: tracking.carrier.trim(),
            trackingNumber: tracking.trackingNumber.trim(),
            trackingUrl: tracking.trackingUrl.trim() || null,
          },
        }).then(({ data }) => outcomeOf(data?.orderFulfill, "Marked as shipped"), failed),
      [fulfill, orderId],
    ),
    cancelOrder: useCallback(
      (reason: string) =>
        cancel({ variables: { orderId, reason: reason.trim() } }).then(({ data }) => outcomeOf(data?.orderCancel, "Order cancelled"), failed),
      [cancel, orderId],
    ),
    retryJob: useCallback(
      () =>
        retry({ variables: { orderId } }).then(({ data }) => outcomeOf(data?.orderRetryFulfillmentJob, "Sent to the partner again"), failed),
      [retry, orderId],
    ),
    busy: startState.loading || fulfillState.loading || cancelState.loading || retryState.loading,
    loading: { start: startState.loading, fulfill: fulfillState.loading, cancel: cancelState.loading, retry: retryState.loading },
  };
}
