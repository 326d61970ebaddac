import type { RefundReasonValue, RefundStatusValue } from "../db/schema.js";

export type RefundReason = RefundReasonValue;
export type RefundStatus = RefundStatusValue;

/** One row of the refunds ledger. */
export interface RefundRecord {
  id: string;
  orderId: string;
  amountCents: number;
  currencyCode: string;
  reason: RefundReason;
  /** Staff's internal note; never shown to the customer. */
  note: string | null;
  /** Who asked: "staff:<email>", "token:<name>", or "provider:stripe" for a refund made in Stripe's Dashboard. */
  actor: string;
  status: RefundStatus;
  provider: string;
  providerRefundId: string | null;
  failureMessage: string | null;
  createdAt: Date;
  updatedAt: Date;
}

/** The money an order was paid with, at its provider. */
export interface OrderPayment {
  orderId: string;
  provider: string;
  /** The provider's id of the money taken (a test charge's reference, a Stripe PaymentIntent). */
  paymentId: string;
}

/** A dispute (chargeback) of an order's payment. */
export interface DisputeRecord {
  id: string;
  orderId: string;
  provider: string;
  providerDisputeId: string;
  amountCents: number;
  currencyCode: string;
  reason: string;
  status: string;
  outcome: "WON" | "LOST" | null;
  openedAt: Date;
  closedAt: Date | null;
}

/** Stripe's own words for a reason, where it has them (others are sent without one). */
export function providerReasonOf(reason: RefundReason): "duplicate" | "fraudulent" | "requested_by_customer" | null {
  if (reason === "DUPLICATE") return "duplicate";
  if (reason === "FRAUDULENT") return "fraudulent";
  if (reason === "CUSTOMER_REQUEST" || reason === "CANCELLATION") return "requested_by_customer";
  return null;
}

/** How a reason reads on screens and in the history. */
export const REFUND_REASON_LABELS: Record<RefundReason, string> = {
  DAMAGED: "Damaged in transit",
  DEFECTIVE: "Defective or misprinted",
  NOT_RECEIVED: "Never arrived",
  CUSTOMER_REQUEST: "Customer's request",
  CANCELLATION: "Order cancelled",
  DUPLICATE: "Duplicate order",
  FRAUDULENT: "Fraudulent order",
  OTHER: "Other",
};
