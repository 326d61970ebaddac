import { ArgsType, Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { Accept, ListOf, declareCheck } from "../shared/validation.js";
import { AdminOrder } from "./order-admin.types.js";
import { ADMIN_ORDERS_BY_IDS_MAX } from "./order-admin.service.js";

// Shipping a day's orders: several at once, a shipment put right, the email sent again, delivered.

/** How many orders one bulk change takes: as many as are read by id at once. */
const BULK_ORDERS_MAX = ADMIN_ORDERS_BY_IDS_MAX;

@ObjectType({ description: "A carrier on the shop's list: its tracking link is built from the tracking number." })
export class ShippingCarrier {
  @Field(() => String, { description: 'Its name as given to orderFulfill ("USPS", "UPS", "FedEx", "DHL"); any other carrier needs a trackingUrl.' })
  name!: string;

  @Field(() => String, { description: "Its tracking page, {n} standing for the tracking number." })
  trackingUrlTemplate!: string;
}

@InputType({ description: "One order to mark shipped, with its tracking (checked like orderFulfill's arguments)." })
export class OrderShipmentInput {
  @Field(() => ID, { description: "The order's id." })
  @Accept({ type: "string" }, { required: true })
  orderId!: string;

  @Field(() => String, { description: 'The carrier: "USPS", "UPS", "FedEx", "DHL" build the link; another needs trackingUrl (1–100 characters).' })
  @Accept({ type: "string" }, { required: true })
  carrier!: string;

  @Field(() => String, { description: "The carrier's tracking number (1–100 characters)." })
  @Accept({ type: "string" }, { required: true })
  trackingNumber!: string;

  @Field(() => String, { nullable: true, description: "The carrier's tracking page (http or https); built for a listed carrier when left out." })
  @Accept({ type: ["string", "null"] })
  trackingUrl?: string | null;
}

const tooMany = (value: unknown, field: string) => ((value as unknown[]).length > BULK_ORDERS_MAX ? `${field} may hold at most ${BULK_ORDERS_MAX} orders` : null);
const atLeastOne = (value: unknown, field: string) => ((value as unknown[]).length === 0 ? `${field} must name at least one order` : tooMany(value, field));

@ArgsType()
export class OrdersFulfillArgs {
  @Field(() => [OrderShipmentInput], { description: `The orders to ship (1–${BULK_ORDERS_MAX}), each once.` })
  @ListOf(() => OrderShipmentInput, {
    notList: (field) => `${field} must be a list of shipments`,
    badItem: (item, field, i) => (item !== null && typeof item === "object" ? null : `${field}[${i}] must be a shipment`),
    then: { schema: { minItems: 1, maxItems: BULK_ORDERS_MAX }, check: atLeastOne },
  })
  shipments!: OrderShipmentInput[];
}

@ArgsType()
export class OrdersStartFulfillmentArgs {
  @Field(() => [ID], { description: `The orders to put in production (1–${BULK_ORDERS_MAX}).` })
  @declareCheck("orderIdList", { type: "array", items: { type: "string" }, minItems: 1, maxItems: BULK_ORDERS_MAX }, (value, field) =>
    Array.isArray(value) ? atLeastOne(value, field) : `${field} must be a list of order ids`,
  )
  orderIds!: string[];
}

@ArgsType()
export class OrderTrackingUpdateArgs {
  @Field(() => ID, { description: "The shipped order's id." })
  @Accept({ type: "string" }, { required: true })
  orderId!: string;

  @Field(() => String, { description: 'The carrier: "USPS", "UPS", "FedEx", "DHL" build the link; another needs trackingUrl (1–100 characters).' })
  @Accept({ type: "string" }, { required: true })
  carrier!: string;

  @Field(() => String, { description: "The tracking number (1–100 characters)." })
  @Accept({ type: "string" }, { required: true })
  trackingNumber!: string;

  @Field(() => String, { nullable: true, description: "The carrier's tracking page (http or https); built for a listed carrier when left out." })
  @Accept({ type: ["string", "null"] })
  trackingUrl?: string | null;

  @Field(() => Boolean, { defaultValue: false, description: "Email the customer the shipping notice again, with the corrected tracking." })
  @Accept({ type: "boolean" })
  resendEmail!: boolean;
}

@ObjectType({ description: "What a bulk change did to one order: the order as changed, or why it was left as it was." })
export class AdminOrderBulkResult {
  @Field(() => ID, { description: "The order's id, as given." })
  orderId!: string;

  @Field(() => Int, { nullable: true, description: "Its number; null when the id names no order." })
  orderNumber!: number | null;

  @Field(() => AdminOrder, { nullable: true, description: "The order after the change; null when it was refused." })
  order!: AdminOrder | null;

  @Field(() => [UserError], { description: "Why this order was left unchanged (INVALID_TRANSITION, NOT_FOUND, INVALID_INPUT); empty when it changed." })
  userErrors!: UserError[];
}

@ObjectType({ description: "A change made to several orders, each on its own: all of it or none of it per order." })
export class AdminOrdersBulkPayload {
  @Field(() => [AdminOrderBulkResult], { nullable: true, description: "One result per order, in the order given; null when the request was refused as a whole." })
  results!: AdminOrderBulkResult[] | null;

  @Field(() => Int, { nullable: true, description: "How many orders changed; null when the request was refused as a whole." })
  changedCount!: number | null;

  @Field(() => [UserError], { description: "A problem with the request as a whole (an order named twice); nothing changed then." })
  userErrors!: UserError[];
}
