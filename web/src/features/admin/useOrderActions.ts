import type { ApolloCache } from "@apollo/client";
import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import {
  OrderCancelDocument,
  OrderRefundDocument,
  type RefundReason,
  OrderFulfillDocument,
  OrderRetryFulfillmentJobDocument,
  OrderStartFulfillmentDocument,
  OrderTrackingUpdateDocument,
  OrderShippingEmailResendDocument,
  OrderMarkDeliveredDocument,
} from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

export interface ActionError {
  field: string | null;
  message: string;
}

/** What staff choose when cancelling: the internal reason, whether to refund what remains, and what the customer is told. */
export interface CancelChoice {
  reason: string;
  refund: boolean;
  notifyCustomer: boolean;
  customerMessage: string;
}

/** A refund as staff ask it: the amount as typed ("12.50"), why, and an internal note. */
export interface RefundChoice {
  amount: string;
  reason: RefundReason;
  note: string;
}

/** What an action ended with: done, or the gateway's reasons (userErrors) to show beside its form. */
export type ActionOutcome = { ok: true } | { ok: false; errors: ActionError[] };

interface Payload {
  order?: { orderNumber: number } | null;
  userErrors: readonly { field?: string | null; message: string }[];
}

/** Lists and their tabs' counts are asked again when next shown: the change may move an order between them. */
export function forgetOrderLists(cache: ApolloCache, result: { data?: unknown }) {
  if (!result.data) return;
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminOrders" });
  cache.evict({ id: "ROOT_QUERY", fieldName: "adminOrderCounts" });
  cache.gc();
}

/** Tracking as the forms hand it over (see orders/carrierChoice). */
interface Tracking {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
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
  const [refund, refundState] = useMutation(OrderRefundDocument, { update: forgetOrderLists });
  const [correct, correctState] = useMutation(OrderTrackingUpdateDocument);
  const [resend, resendState] = useMutation(OrderShippingEmailResendDocument);
  const [deliver, deliverState] = useMutation(OrderMarkDeliveredDocument);

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
      (tracking: Tracking) => fulfill({ variables: { orderId, ...tracking } }).then(({ data }) => outcomeOf(data?.orderFulfill, "Marked as shipped"), failed),
      [fulfill, orderId],
    ),
    correctTracking: useCallback(
      (tracking: Tracking, resendEmail: boolean) =>
        correct({ variables: { orderId, ...tracking, resendEmail } }).then(
          ({ data }) => outcomeOf(data?.orderTrackingUpdate, resendEmail ? "Tracking corrected and emailed again" : "Tracking corrected"),
          failed,
        ),
      [correct, orderId],
    ),
    resendShippingEmail: useCallback(
      () => resend({ variables: { orderId } }).then(({ data }) => outcomeOf(data?.orderShippingEmailResend, "Shipping email sent again"), failed),
      [resend, orderId],
    ),
    markDelivered: useCallback(
      () => deliver({ variables: { orderId } }).then(({ data }) => outcomeOf(data?.orderMarkDelivered, "Marked delivered"), failed),
      [deliver, orderId],
    ),
    cancelOrder: useCallback(
      (choice: CancelChoice) =>
        cancel({
          variables: {
            orderId,
            reason: choice.reason.trim(),
            refund: choice.refund,
            notifyCustomer: choice.notifyCustomer,
            customerMessage: choice.notifyCustomer ? choice.customerMessage.trim() || null : null,
          },
        }).then(({ data }) => outcomeOf(data?.orderCancel, "Order cancelled"), failed),
      [cancel, orderId],
    ),
    refundOrder: useCallback(
      (choice: RefundChoice) =>
        refund({ variables: { orderId, amount: choice.amount.trim(), reason: choice.reason, note: choice.note.trim() || null } }).then(({ data }) => {
          const payload = data?.orderRefund;
          // Refused by the provider: the refund is recorded FAILED, and its words are the answer.
          if (payload?.refund?.status === "FAILED") return { ok: false, errors: [{ field: null, message: payload.refund.failureMessage ?? "The refund failed." }] } as ActionOutcome;
          const done = payload?.refund?.status === "PENDING" ? "Refund asked for: the provider has not confirmed it yet" : "Refunded";
          return outcomeOf(payload ?? undefined, done);
        }, failed),
      [refund, orderId],
    ),
    retryJob: useCallback(
      () =>
        retry({ variables: { orderId } }).then(({ data }) => outcomeOf(data?.orderRetryFulfillmentJob, "Sent to the partner again"), failed),
      [retry, orderId],
    ),
    busy:
      startState.loading || fulfillState.loading || cancelState.loading || retryState.loading || refundState.loading || correctState.loading || resendState.loading || deliverState.loading,
    loading: {
      start: startState.loading,
      fulfill: fulfillState.loading,
      cancel: cancelState.loading,
      retry: retryState.loading,
      refund: refundState.loading,
      correct: correctState.loading,
      resend: resendState.loading,
      deliver: deliverState.loading,
    },
  };
}
