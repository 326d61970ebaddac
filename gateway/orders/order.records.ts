import type { FinancialStatusValue, FulfillmentStatusValue } from "../db/schema.js";
import type { ShippingAddress } from "../shared/address.js";

export type FulfillmentStatus = FulfillmentStatusValue;

interface CustomAttribute {
  key: string;
  value: string;
}

export interface OrderLineRecord {
  id: string;
  productId: string | null;
  variantId: string | null;
  productHandle: string;
  productTitle: string;
  /** null for a product without options ("Default Title" is never shown, spec §3). */
  variantTitle: string | null;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  /** The line's share of the order's discount. */
  discountCents: number;
  /** Unit price × quantity less the line's discount: what the line was paid. */
  lineTotalCents: number;
  customAttributes: CustomAttribute[];
}

/** How a shipped order travels. */
export interface OrderTracking {
  carrier: string;
  trackingNumber: string;
  trackingUrl: string | null;
  shippedAt: Date;
  /** When staff marked it delivered; null before. */
  deliveredAt: Date | null;
}

/** One step of an order's life, as its history shows it. */
export interface OrderHistoryRecord {
  id: string;
  at: Date;
  /** "staff:<email>", "token:<name>", "system", "partner:<name>", "customer". */
  actor: string;
  /** e.g. "paid", "fulfillment_started", "fulfilled", "cancelled". */
  action: string;
  message: string;
}

export interface OrderRecord {
  id: string;
  orderNumber: number;
  customerId: string | null;
  cartId: string | null;
  email: string;
  /** PAID, PARTIALLY_REFUNDED once a refund succeeded, REFUNDED once all of the total is back. */
  financialStatus: FinancialStatusValue;
  fulfillmentStatus: FulfillmentStatus;
  currencyCode: string;
  subtotalCents: number;
  /** What the discount code took off the goods (the lines' discounts summed); 0 without one. */
  discountCents: number;
  /** The discount code the order was paid with; null without one. */
  discountCode: string | null;
  shippingCents: number;
  totalCents: number;
  shippingMethod: string;
  shippingAddress: ShippingAddress;
  cardBrand: string | null;
  cardLast4: string | null;
  statusToken: string;
  processedAt: Date;
  /** Set once the order is fulfilled. */
  tracking: OrderTracking | null;
  /** Why staff cancelled it: internal, never shown to the customer. */
  cancelReason: string | null;
  /** What the customer was told about the cancellation; null when they were not told. */
  cancelCustomerMessage: string | null;
  cancelledAt: Date | null;
  /** The sum of its succeeded refunds. */
  refundedCents: number;
  /** Set once the customer deleted the account the order was placed from; null otherwise. */
  accountDeletion: OrderAccountDeletion | null;
  lines: OrderLineRecord[];
}

/** An order of a deleted account: kept for the books, its contact data erased once it is closed and past the return window. */
interface OrderAccountDeletion {
  /** When the account was deleted. */
  deletedAt: Date;
  /** When its email, name, street and phone go; null while the order is still open (not fulfilled or cancelled). */
  contactEraseAfter: Date | null;
  /** When they went; null while kept. */
  contactErasedAt: Date | null;
}

/** What checkout hands over: every price and title already copied from the catalog by the server. */
export type NewOrder = Omit<
  OrderRecord,
  | "id"
  | "orderNumber"
  | "financialStatus"
  | "fulfillmentStatus"
  | "currencyCode"
  | "statusToken"
  | "processedAt"
  | "lines"
  | "tracking"
  | "cancelReason"
  | "cancelCustomerMessage"
  | "cancelledAt"
  | "refundedCents"
  | "accountDeletion"
> & { lines: Omit<OrderLineRecord, "id">[] };

/** What a line cost before the discount: what the order's lines show, the discount shown once below them. */
export function lineSubtotalCents(line: Pick<OrderLineRecord, "lineTotalCents" | "discountCents">): number {
  return line.lineTotalCents + line.discountCents;
}

/** How the customer and staff read a financial status. */
export function financialLabel(status: FinancialStatusValue): "Paid" | "Partially refunded" | "Refunded" {
  if (status === "REFUNDED") return "Refunded";
  if (status === "PARTIALLY_REFUNDED") return "Partially refunded";
  return "Paid";
}

/** spec §4: FULFILLED shows "Shipped", IN_PROGRESS "Processing", CANCELLED "Cancelled", anything else "Pending". */
export function fulfillmentLabel(status: FulfillmentStatus): "Shipped" | "Processing" | "Pending" | "Cancelled" {
  if (status === "FULFILLED") return "Shipped";
  if (status === "CANCELLED") return "Cancelled";
  if (status === "IN_PROGRESS") return "Processing";
  return "Pending";
}
