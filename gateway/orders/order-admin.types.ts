import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType } from "type-graphql";
import { Image, Money, UserError } from "../graphql/common.types.js";
import { OptionalText, RequiredTextAtMost, declareCheck, webAddress } from "../shared/validation.js";
import { AdminOrderPageInfo } from "../staff/admin-page.types.js";
import { OrderFulfillmentStatus, OrderShippingAddress, OrderTracking } from "./order.types.js";

// The shop's side of orders: what staff and integrations with a token see.

@ObjectType({ description: "How the order was paid." })
export class OrderPayment {
  @Field(() => String, { description: 'The card brand, e.g. "visa".' })
  brand!: string;

  @Field(() => String, { description: "The card number's last four digits." })
  last4!: string;
}

@ObjectType({ description: "One step of an order's life." })
export class OrderHistoryEntry {
  @Field(() => ID, { description: "Id of the entry." })
  id!: string;

  @Field(() => GraphQLISODateTime, { description: "When it happened." })
  at!: Date;

  @Field(() => String, { description: 'Who did it: "staff:<email>", "token:<name>", "system", "partner:<name>", "customer".' })
  actor!: string;

  @Field(() => String, { description: 'What happened, e.g. "paid", "fulfillment_started", "fulfilled", "cancelled".' })
  action!: string;

  @Field(() => String, { description: "The step in words." })
  message!: string;
}

@ObjectType({ description: "A customer's design on an order line: what it looks like and the file to print." })
export class AdminDesign {
  @Field(() => ID, { description: "Id of the design." })
  id!: string;

  @Field(() => String, { description: "The design's preview image (relative to the shop's origin)." })
  previewUrl!: string;

  @Field(() => String, { description: "The full-size print file (relative to the shop's origin)." })
  printFileUrl!: string;

  @Field(() => Int, {
    nullable: true,
    description: "The customer's uploaded picture's resolution at its printed size, in pixels per inch; null for a design without an uploaded picture (a meme, text only).",
  })
  printDpi!: number | null;

  @Field(() => String, { nullable: true, description: "The print-quality warning the customer was shown (the picture may print blurry at this size); null when it prints fine." })
  printWarning!: string | null;
}

@ObjectType({ description: "One line of an order, as the shop works it." })
export class AdminOrderLine {
  @Field(() => ID, { description: "Id of the line." })
  id!: string;

  @Field(() => String, { description: "The product's title at the time of the order." })
  title!: string;

  @Field(() => String, { nullable: true, description: "The variant's title; null for a product without options." })
  variantTitle!: string | null;

  @Field(() => ID, { nullable: true, description: "Id of the variant that was bought." })
  variantId!: string | null;

  @Field(() => String, { description: "Handle of the product." })
  productHandle!: string;

  @Field(() => Int, { description: "How many were bought." })
  quantity!: number;

  @Field(() => Money, { description: "The price of one, as paid." })
  originalUnitPrice!: Money;

  @Field(() => Money, { description: "Unit price × quantity." })
  originalTotalPrice!: Money;

  @Field(() => Image, {
    nullable: true,
    description: "The line's picture: the customer's design on the product for a custom design's line, otherwise the product's image at the time of the order.",
  })
  image!: Image | null;

  @Field(() => AdminDesign, { nullable: true, description: "The customer's design to print on this line; null for a plain product." })
  design!: AdminDesign | null;
}

@ObjectType({ description: "The order's customer deleted their account: the order stays for the books, its contact data erased once it is no longer needed." })
export class OrderAccountDeletion {
  @Field(() => GraphQLISODateTime, { description: "When the customer deleted the account." })
  deletedAt!: Date;

  @Field(() => GraphQLISODateTime, {
    nullable: true,
    description: "When the email, recipient name, street and phone are erased: 30 days after the order shipped or was cancelled; null while it is still open.",
  })
  contactEraseAfter!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When they were erased (the email then reads \"\"); null while kept." })
  contactErasedAt!: Date | null;
}

@ObjectType({ description: "An order as the shop's staff work it: who bought, where it goes, what to print, and its history." })
export class AdminOrder {
  @Field(() => ID, { description: "Id of the order." })
  id!: string;

  @Field(() => Int, { description: "The number the customer knows it by." })
  orderNumber!: number;

  @Field(() => String, { description: 'The customer\'s email; "" once erased (see accountDeletion).' })
  email!: string;

  @Field(() => OrderAccountDeletion, { nullable: true, description: "Set when the customer deleted their account; null otherwise." })
  accountDeletion!: OrderAccountDeletion | null;

  @Field(() => String, { nullable: true, description: "The account's display name; null for a guest's order, an account without a name, or a deleted account." })
  customerName!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When it was paid." })
  processedAt!: Date;

  @Field(() => String, { description: 'Payment status: "PAID", "PARTIALLY_REFUNDED" once a refund succeeded, "REFUNDED" once all of the total was given back.' })
  financialStatus!: string;

  @Field(() => OrderFulfillmentStatus, { description: "Where it is in production and shipping." })
  fulfillmentStatus!: OrderFulfillmentStatus;

  @Field(() => OrderShippingAddress, { description: "Where it ships." })
  shippingAddress!: OrderShippingAddress;

  @Field(() => String, { description: "The shipping method chosen." })
  shippingMethod!: string;

  @Field(() => [AdminOrderLine], { description: "What was bought, with designs and print files." })
  lineItems!: AdminOrderLine[];

  @Field(() => Money, { description: "Sum of the lines before any discount." })
  subtotalPrice!: Money;

  @Field(() => Money, { description: "What the discount code took off (0.00 without one)." })
  totalDiscountPrice!: Money;

  @Field(() => String, { nullable: true, description: "The discount code the order was paid with; null without one." })
  discountCode!: string | null;

  @Field(() => Money, { description: "Shipping charged." })
  totalShippingPrice!: Money;

  @Field(() => Money, { description: "What was charged." })
  totalPrice!: Money;

  @Field(() => Money, { description: "What its succeeded refunds gave back." })
  refundedPrice!: Money;

  @Field(() => OrderPayment, { nullable: true, description: "The card's brand and last four digits; null when unknown." })
  payment!: OrderPayment | null;

  @Field(() => OrderTracking, { nullable: true, description: "Carrier and tracking once shipped; null before." })
  tracking!: OrderTracking | null;

  @Field(() => String, { nullable: true, description: "Why it was cancelled (internal: the customer never sees it); null unless cancelled." })
  cancelReason!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'What the customer was told when it was cancelled ("" when emailed without a message); null when the customer was not notified.',
  })
  cancelCustomerMessage!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it was cancelled; null unless cancelled." })
  cancelledAt!: Date | null;

  @Field(() => [OrderHistoryEntry], { description: "Its history, oldest first." })
  history!: OrderHistoryEntry[];

  @Field(() => String, { description: "The customer's public status page." })
  statusUrl!: string;
}

@ObjectType({ description: "An order in a list, with its cursor." })
export class AdminOrderEdge {
  @Field(() => String, { description: "Pass as `after` to continue after this order." })
  cursor!: string;

  @Field(() => AdminOrder, { description: "The order." })
  node!: AdminOrder;
}

@ObjectType({ description: "A page of the shop's orders, in the order asked for." })
export class AdminOrderConnection {
  @Field(() => [AdminOrderEdge], { description: "The orders of this page with their cursors." })
  edges!: AdminOrderEdge[];

  @Field(() => [AdminOrder], { description: "The orders of this page." })
  nodes!: AdminOrder[];

  @Field(() => AdminOrderPageInfo, { description: "Whether more follow, and the cursor for them." })
  pageInfo!: AdminOrderPageInfo;

  @Field(() => Int, { description: "How many orders match the filter and search in all." })
  totalCount!: number;
}

@ObjectType({ description: "The result of changing an order." })
export class AdminOrderPayload {
  @Field(() => AdminOrder, { nullable: true, description: "The order after the change; null when it failed." })
  order!: AdminOrder | null;

  @Field(() => [UserError], { description: 'Why it failed (e.g. INVALID_TRANSITION, NOT_FOUND); empty on success.' })
  userErrors!: UserError[];
}

const TRACKING_URL_MAX_LENGTH = 2000;

/** An optional http(s) address of at most TRACKING_URL_MAX_LENGTH characters once trimmed; blank is none. */
const TrackingUrl = () =>
  declareCheck("trackingUrl", { type: ["string", "null"], format: "uri", maxLength: TRACKING_URL_MAX_LENGTH }, (value, field) => {
    const trimmed = typeof value === "string" ? value.trim() : "";
    if (trimmed === "") return null;
    return webAddress(trimmed) && trimmed.length <= TRACKING_URL_MAX_LENGTH ? null : `${field} must be an http or https address`;
  });

// The arguments of the order transitions, with their checks: GraphQL checks them on the way in, and
// the transitions service reads what the pipeline hands it through the same classes.

@ArgsType()
export class OrderFulfillArgs {
  @Field(() => ID, { description: "The order's id." })
  orderId!: string;

  @Field(() => String, { description: 'The carrier (1–100 characters): "USPS", "UPS", "FedEx" or "DHL" (any case) build the tracking link from the number; another carrier needs trackingUrl.' })
  @RequiredTextAtMost(100)
  carrier!: string;

  @Field(() => String, { description: "The carrier's tracking number (1–100 characters)." })
  @RequiredTextAtMost(100)
  trackingNumber!: string;

  @Field(() => String, { nullable: true, description: "Where the carrier shows the parcel (http or https); built for a listed carrier when left out, required for another." })
  @TrackingUrl()
  trackingUrl?: string | null;
}

@ArgsType()
export class OrderCancelArgs {
  @Field(() => ID, { description: "The order's id." })
  orderId!: string;

  @Field(() => String, { description: "Why (1–500 characters): internal, for staff and the audit log; the customer never sees it." })
  @RequiredTextAtMost(500)
  reason!: string;

  @Field(() => Boolean, {
    defaultValue: true,
    description: "Give back what remains of a paid order's payment in the same step (default true). An order already with the print partner can still be refunded.",
  })
  refund!: boolean;

  @Field(() => Boolean, { defaultValue: false, description: "Email the customer that the order was cancelled (with customerMessage, if given)." })
  notifyCustomer!: boolean;

  @Field(() => String, { nullable: true, description: "What the customer is told in the cancellation email and on their order page (at most 1000 characters); only with notifyCustomer." })
  @OptionalText(1000)
  customerMessage?: string | null;
}
