import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { OptionalCursor, OptionalText } from "../shared/validation.js";
import { ADMIN_PAGE_MAX, PageSize } from "../staff/admin-page.types.js";
import { OrderFulfillmentStatus } from "./order.types.js";

// The shop's list of orders: its views, sorts, narrowing and the tabs' counts.

export enum AdminOrderView {
  ALL = "ALL",
  TO_SHIP = "TO_SHIP",
}

registerEnumType(AdminOrderView, {
  name: "AdminOrderView",
  description: "Which orders the list holds before any other filter.",
  valuesConfig: {
    ALL: { description: "Every order." },
    TO_SHIP: { description: "What still has to be sent: paid, not shipped, not cancelled, not refunded in full (UNFULFILLED or IN_PROGRESS)." },
  },
});

export enum AdminOrderSort {
  NEWEST_FIRST = "NEWEST_FIRST",
  OLDEST_FIRST = "OLDEST_FIRST",
  NUMBER_HIGHEST_FIRST = "NUMBER_HIGHEST_FIRST",
  NUMBER_LOWEST_FIRST = "NUMBER_LOWEST_FIRST",
  TOTAL_HIGHEST_FIRST = "TOTAL_HIGHEST_FIRST",
  TOTAL_LOWEST_FIRST = "TOTAL_LOWEST_FIRST",
  CUSTOMER_A_TO_Z = "CUSTOMER_A_TO_Z",
  CUSTOMER_Z_TO_A = "CUSTOMER_Z_TO_A",
}

registerEnumType(AdminOrderSort, {
  name: "AdminOrderSort",
  description: "The list's order: by when it was paid, its number, its total or its customer (the account's name, else the email); ties by order number.",
});

/** What the list and its counts are narrowed to. */
@ArgsType()
export class AdminOrderScopeArgs {
  @Field(() => String, { nullable: true, description: 'An order number ("1004" or "#1004") or part of the customer\'s email.' })
  @OptionalText(254)
  search?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "Only orders paid at or after this time." })
  placedFrom?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "Only orders paid before this time (later than placedFrom)." })
  placedBefore?: Date | null;

  @Field(() => ID, { nullable: true, description: "Only orders with a line of this product." })
  productId?: string | null;

  @Field(() => Boolean, { nullable: true, description: "true: only orders whose print-partner job failed (waiting for staff to retry it)." })
  printJobFailed?: boolean | null;
}

@ArgsType()
export class AdminOrdersArgs extends AdminOrderScopeArgs {
  @Field(() => AdminOrderView, { defaultValue: AdminOrderView.ALL, description: "ALL (the default) or TO_SHIP." })
  view!: AdminOrderView;

  @Field(() => OrderFulfillmentStatus, { nullable: true, description: "Only orders in this fulfilment status." })
  status?: OrderFulfillmentStatus | null;

  @Field(() => AdminOrderSort, { nullable: true, description: "Left out: oldest first in the TO_SHIP view (the longest waiting on top), newest first otherwise." })
  sort?: AdminOrderSort | null;

  @Field(() => Int, { defaultValue: 20, description: `How many orders (1–${ADMIN_PAGE_MAX}).` })
  @PageSize()
  first!: number;

  @Field(() => String, { nullable: true, description: "The endCursor of the previous page, asked for with the same sort." })
  @OptionalCursor(2000, /^[A-Za-z0-9_-]+$/, { emptyIsAbsent: true })
  after?: string | null;
}

@ObjectType({ description: "How many orders each view of the list holds, under the same search, dates and filters." })
export class AdminOrderCounts {
  @Field(() => Int, { description: "Every order." })
  all!: number;

  @Field(() => Int, { description: "The TO_SHIP view: paid, not shipped, not cancelled, not refunded in full." })
  toShip!: number;

  @Field(() => Int)
  unfulfilled!: number;

  @Field(() => Int)
  inProgress!: number;

  @Field(() => Int)
  fulfilled!: number;

  @Field(() => Int)
  cancelled!: number;
}
