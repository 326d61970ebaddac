import { ArgsType, Field, GraphQLISODateTime, ID, ObjectType, registerEnumType } from "type-graphql";
import { Money, UserError } from "../graphql/common.types.js";
import { OptionalText, declareCheck } from "../shared/validation.js";
import { DECIMAL_AMOUNT, toMoney } from "../shared/money.js";
import { AdminOrder } from "../orders/order-admin.types.js";
import { REFUND_REASON_LABELS, type DisputeRecord, type RefundRecord } from "./refund.records.js";

export enum RefundReason {
  DAMAGED = "DAMAGED",
  DEFECTIVE = "DEFECTIVE",
  NOT_RECEIVED = "NOT_RECEIVED",
  CUSTOMER_REQUEST = "CUSTOMER_REQUEST",
  CANCELLATION = "CANCELLATION",
  DUPLICATE = "DUPLICATE",
  FRAUDULENT = "FRAUDULENT",
  OTHER = "OTHER",
}

registerEnumType(RefundReason, {
  name: "RefundReason",
  description: "Why money is given back.",
  valuesConfig: Object.fromEntries(Object.entries(REFUND_REASON_LABELS).map(([key, label]) => [key, { description: `${label}.` }])),
});

export enum RefundStatus {
  PENDING = "PENDING",
  SUCCEEDED = "SUCCEEDED",
  FAILED = "FAILED",
}

registerEnumType(RefundStatus, {
  name: "RefundStatus",
  description: "Where a refund stands at the payment provider.",
  valuesConfig: {
    PENDING: { description: "Recorded and asked of the provider; its answer is not in yet (counted against what remains refundable)." },
    SUCCEEDED: { description: "The provider gave the money back." },
    FAILED: { description: "The provider refused or failed it; its amount is refundable again." },
  },
});

@ObjectType({ description: "One refund of an order: a row of the refunds ledger." })
export class Refund {
  @Field(() => ID, { description: "Id of the refund (also its idempotency key at the provider: refund:{id})." })
  id!: string;

  @Field(() => Money, { description: "What is given back." })
  amount!: Money;

  @Field(() => RefundReason, { description: "Why." })
  reason!: RefundReason;

  @Field(() => String, { nullable: true, description: "Staff's internal note; the customer never sees it." })
  note!: string | null;

  @Field(() => String, { description: 'Who asked for it: "staff:<email>", "token:<name>", or "provider:stripe" for a refund made in Stripe\'s Dashboard.' })
  actor!: string;

  @Field(() => RefundStatus, { description: "Where it stands at the provider." })
  status!: RefundStatus;

  @Field(() => String, { nullable: true, description: "The provider's id of the refund, once it answered." })
  providerRefundId!: string | null;

  @Field(() => String, { nullable: true, description: "Why it failed; null unless FAILED." })
  failureMessage!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When it was asked for (or recorded, for one made at the provider)." })
  createdAt!: Date;
}

@ObjectType({ description: "A dispute (chargeback) of an order's payment, as the provider reports it." })
export class Dispute {
  @Field(() => ID, { description: "Id of the dispute." })
  id!: string;

  @Field(() => String, { description: "The provider's id of the dispute." })
  providerDisputeId!: string;

  @Field(() => Money, { description: "The amount disputed." })
  amount!: Money;

  @Field(() => String, { description: 'The bank\'s reason, in the provider\'s words (e.g. "fraudulent", "product_not_received").' })
  reason!: string;

  @Field(() => String, { description: 'The provider\'s status (e.g. "needs_response", "under_review", "won", "lost").' })
  status!: string;

  @Field(() => String, { nullable: true, description: '"WON" or "LOST" once closed; null while open (the order is held from the printer meanwhile).' })
  outcome!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When the shop heard of it." })
  openedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it closed; null while open." })
  closedAt!: Date | null;
}

@ObjectType({ description: "The result of a refund." })
export class OrderRefundPayload {
  @Field(() => AdminOrder, { nullable: true, description: "The order after the refund; null when it was refused." })
  order!: AdminOrder | null;

  @Field(() => Refund, { nullable: true, description: "The refund as recorded (SUCCEEDED, FAILED, or PENDING while the provider has not answered); null when refused." })
  refund!: Refund | null;

  @Field(() => [UserError], { description: "Why it was refused (INVALID_INPUT on amount: zero, negative, or more than remains; NOT_FOUND; INVALID_TRANSITION for an order without a payment); empty on success." })
  userErrors!: UserError[];
}

/** An amount of dollars and cents as text ("12.50"), more than nothing. */
const RefundAmount = () =>
  declareCheck("refundAmount", { type: "string", pattern: DECIMAL_AMOUNT.source }, (value, field) =>
    typeof value === "string" && DECIMAL_AMOUNT.test(value.trim()) ? null : `${field} must be an amount in dollars and cents, e.g. 12.50`,
  );

@ArgsType()
export class OrderRefundArgs {
  @Field(() => ID, { description: "The order's id." })
  orderId!: string;

  @Field(() => String, { description: 'How much to give back, in dollars and cents ("12.50"): more than 0.00 and at most what remains refundable.' })
  @RefundAmount()
  amount!: string;

  @Field(() => RefundReason, { description: "Why." })
  reason!: RefundReason;

  @Field(() => String, { nullable: true, description: "An internal note (at most 500 characters); the customer never sees it." })
  @OptionalText(500)
  note?: string | null;
}

export function toRefund(refund: RefundRecord): Refund {
  return {
    id: refund.id,
    amount: toMoney(refund.amountCents),
    reason: RefundReason[refund.reason],
    note: refund.note,
    actor: refund.actor,
    status: RefundStatus[refund.status],
    providerRefundId: refund.providerRefundId,
    failureMessage: refund.failureMessage,
    createdAt: refund.createdAt,
  };
}

export function toDispute(dispute: DisputeRecord): Dispute {
  return {
    id: dispute.id,
    providerDisputeId: dispute.providerDisputeId,
    amount: toMoney(dispute.amountCents),
    reason: dispute.reason,
    status: dispute.status,
    outcome: dispute.outcome,
    openedAt: dispute.openedAt,
    closedAt: dispute.closedAt,
  };
}
