import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { ShippingAddressFields } from "../graphql/address.types.js";
import { Attribute, Image, Money } from "../graphql/common.types.js";
import { RequiredString, declareCheck } from "../shared/validation.js";

export enum OrderFulfillmentStatus {
  UNFULFILLED = "UNFULFILLED",
  IN_PROGRESS = "IN_PROGRESS",
  FULFILLED = "FULFILLED",
  CANCELLED = "CANCELLED",
}

registerEnumType(OrderFulfillmentStatus, {
  name: "OrderFulfillmentStatus",
  description: 'Where the order is in production and shipping (shown as "Pending", "Processing", "Shipped", "Cancelled").',
  valuesConfig: {
    UNFULFILLED: { description: "Paid, not yet in production (shown as Pending)." },
    IN_PROGRESS: { description: "Being printed or packed (shown as Processing)." },
    FULFILLED: { description: "Handed to the carrier (shown as Shipped)." },
    CANCELLED: { description: "Cancelled by the shop before it shipped (shown as Cancelled)." },
  },
});

@ObjectType({ description: "One line of an order, as it was when the order was paid." })
export class OrderLineItem {
  @Field(() => ID, { description: "Id of the line." })
  id!: string;

  @Field(() => String, { description: "The product's title at the time of the order." })
  title!: string;

  @Field(() => String, { nullable: true, description: 'The variant\'s title (e.g. "M / Black"); null for a product without options.' })
  variantTitle!: string | null;

  @Field(() => String, { description: "Handle of the product, for a link back to it." })
  productHandle!: string;

  @Field(() => ID, { nullable: true, description: "Id of the variant that was bought." })
  variantId!: string | null;

  @Field(() => Int, { description: "How many were bought." })
  quantity!: number;

  @Field(() => Money, { description: "The price of one, as paid." })
  originalUnitPrice!: Money;

  @Field(() => Money, { description: "Unit price × quantity." })
  originalTotalPrice!: Money;

  @Field(() => Money, { description: "What the line was paid: unit price × quantity less its share of the discount code's amount." })
  discountedTotalPrice!: Money;

  @Field(() => Image, {
    nullable: true,
    description: "The line's picture: the customer's design on the product for a custom design's line, otherwise the product's image at the time of the order.",
  })
  image!: Image | null;

  @Field(() => [Attribute], { description: "Custom attributes of the line, such as the custom design's id." })
  customAttributes!: Attribute[];
}

@ObjectType({
  description:
    "Where the order ships. Seen only by the order's owner (signed in) and the shop's staff; the public status page shows no more than the city, state and country.",
})
export class OrderShippingAddress extends ShippingAddressFields {}

@ObjectType({ description: "How a shipped order travels: the carrier and its tracking number." })
export class OrderTracking {
  @Field(() => String, { description: 'The carrier, e.g. "UPS".' })
  carrier!: string;

  @Field(() => String, { description: "The carrier's tracking number." })
  trackingNumber!: string;

  @Field(() => String, { nullable: true, description: "Where the carrier shows the parcel's progress; null when the shop gave none." })
  trackingUrl!: string | null;

  @Field(() => GraphQLISODateTime, { description: "When the order was marked shipped." })
  shippedAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the shop marked it delivered; null before." })
  deliveredAt!: Date | null;
}

@ObjectType({ description: "A paid order. Only its owner sees it through the API; the status page is public behind its token." })
export class Order {
  @Field(() => ID, { description: "Id of the order; /order/{id} shows it to its owner." })
  id!: string;

  @Field(() => Int, { description: "The number shown to the customer (from 1001 up)." })
  orderNumber!: number;

  @Field(() => GraphQLISODateTime, { description: "When the order was paid." })
  processedAt!: Date;

  @Field(() => String, { description: "The email the confirmation went to." })
  email!: string;

  @Field(() => String, { description: 'Payment status: "PAID" once checkout succeeded, "PARTIALLY_REFUNDED" once part was given back, "REFUNDED" once all of it was.' })
  financialStatus!: string;

  @Field(() => Money, { description: "What was given back so far (0.00 when nothing)." })
  refundedPrice!: Money;

  @Field(() => OrderFulfillmentStatus, { description: "Production and shipping status." })
  fulfillmentStatus!: OrderFulfillmentStatus;

  @Field(() => Money, { description: "Sum of the lines before any discount." })
  subtotalPrice!: Money;

  @Field(() => Money, { description: "What the discount code took off (0.00 without one)." })
  totalDiscountPrice!: Money;

  @Field(() => String, { nullable: true, description: "The discount code the order was paid with; null without one." })
  discountCode!: string | null;

  @Field(() => Money, { description: "Shipping charged." })
  totalShippingPrice!: Money;

  @Field(() => Money, { description: "Subtotal less discount plus shipping: what was charged." })
  totalPrice!: Money;

  @Field(() => String, { description: 'The shipping method chosen, e.g. "Standard (5–7 business days)".' })
  shippingMethod!: string;

  @Field(() => OrderShippingAddress, { description: "Where the order ships." })
  shippingAddress!: OrderShippingAddress;

  @Field(() => [OrderLineItem], { description: "What was bought." })
  lineItems!: OrderLineItem[];

  @Field(() => String, { description: "Public order status page (an unguessable address)." })
  statusUrl!: string;

  @Field(() => OrderTracking, { nullable: true, description: "Carrier and tracking number once the order has shipped; null before." })
  tracking!: OrderTracking | null;

  @Field(() => String, {
    nullable: true,
    description: "What the shop told the customer when it cancelled the order (its internal reason is never shown); null unless cancelled with a message.",
  })
  cancelReason!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the order was cancelled; null unless it is cancelled." })
  cancelledAt!: Date | null;
}

@ObjectType({
  description:
    "Where an order seen through its status link ships: the address as a label prints it after the recipient's name. The name and the phone are never in it.",
})
export class PublicOrderAddress {
  @Field(() => [String], {
    description:
      'The city line in the country\'s order ("Springfield, IL 62701", "Ottawa ON K1A 0B1", "10115 Berlin") and the country, one line each; in the first hour after payment (the checkout success page) the street and second line come first.',
  })
  lines!: string[];
}

@ObjectType({
  description:
    "An order as anyone holding its status link sees it (the unguessable token at the end of `statusUrl`, the checkout's `order_status_url`): what was bought, the totals, where it stands and the address it ships to. Never the buyer's email, name, phone or card, nor the order's id.",
})
export class PublicOrder {
  @Field(() => Int, { description: "The number shown to the customer (from 1001 up)." })
  orderNumber!: number;

  @Field(() => GraphQLISODateTime, { description: "When the order was paid." })
  processedAt!: Date;

  @Field(() => String, { description: 'Payment status: "PAID", "PARTIALLY_REFUNDED" once part of the payment was given back, "REFUNDED" once all of it was.' })
  financialStatus!: string;

  @Field(() => Money, { description: "What was given back so far (0.00 when nothing)." })
  refundedPrice!: Money;

  @Field(() => OrderFulfillmentStatus, { description: "Production and shipping status." })
  fulfillmentStatus!: OrderFulfillmentStatus;

  @Field(() => Money, { description: "Sum of the lines before any discount." })
  subtotalPrice!: Money;

  @Field(() => Money, { description: "What the discount code took off (0.00 without one)." })
  totalDiscountPrice!: Money;

  @Field(() => String, { nullable: true, description: "The discount code the order was paid with; null without one." })
  discountCode!: string | null;

  @Field(() => Money, { description: "Shipping charged." })
  totalShippingPrice!: Money;

  @Field(() => Money, { description: "Subtotal less discount plus shipping: what was charged." })
  totalPrice!: Money;

  @Field(() => String, { description: 'The shipping method chosen, e.g. "Standard (5–7 business days)".' })
  shippingMethod!: string;

  @Field(() => PublicOrderAddress, { description: "Where the order ships, without the recipient's name or phone." })
  shippingAddress!: PublicOrderAddress;

  @Field(() => [OrderLineItem], { description: "What was bought, as it was when the order was paid." })
  lineItems!: OrderLineItem[];

  @Field(() => OrderTracking, { nullable: true, description: "Carrier and tracking number once the order has shipped; null before." })
  tracking!: OrderTracking | null;

  @Field(() => String, {
    nullable: true,
    description: "What the shop told the customer when it cancelled the order (its internal reason is never shown); null unless cancelled with a message.",
  })
  cancelReason!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the order was cancelled; null unless it is cancelled." })
  cancelledAt!: Date | null;
}

const OrderNumber = () =>
  declareCheck("orderNumber", { type: "integer", minimum: 1 }, (value, field) => (Number.isInteger(value) && (value as number) >= 1 ? null : `${field} must be a whole number`));

/** The /track page's question: an order number and the email it was placed with. */
@ArgsType()
export class OrderStatusLookupArgs {
  @Field(() => Int, { description: "The order number from the confirmation (e.g. 1001)." })
  @OrderNumber()
  orderNumber!: number;

  @Field(() => String, { description: "The email the order was placed with." })
  @RequiredString()
  email!: string;
}
