import { Field, GraphQLISODateTime, ID, Int, ObjectType } from "type-graphql";
import { Money } from "../graphql/common.types.js";

// The staff's Home screen: how the shop is doing, in the staff's time zone.

const ORDERS = "Paid orders placed in it (every order is a paid one), cancelled ones included.";
const NET_REVENUE =
  "Those orders' totals (lines after discounts, plus shipping) less what has been refunded on them so far, whenever the refund was made; a cancelled order counts with what remains after its refunds (nothing, once refunded in full).";

@ObjectType({ description: "One day of the shop in the staff's time zone." })
export class AdminHomeDay {
  @Field(() => String, { description: "The local date, YYYY-MM-DD." })
  date!: string;

  @Field(() => Int, { description: ORDERS })
  orders!: number;

  @Field(() => Money, { description: NET_REVENUE })
  netRevenue!: Money;
}

@ObjectType({ description: "A product among a period's best sellers." })
export class AdminBestSeller {
  @Field(() => ID, { nullable: true, description: "Id of the product; null for lines kept without one." })
  productId!: string | null;

  @Field(() => String, { description: "The product's current title (the title it was sold under, once the product is gone)." })
  title!: string;

  @Field(() => Int, { description: "Units sold in the period, on orders not cancelled." })
  quantity!: number;

  @Field(() => Money, { description: "What those lines were paid (after their share of a discount, before shipping); refunds are not taken off, as they are made on orders, not lines." })
  revenue!: Money;
}

@ObjectType({ description: "A period ending today in the staff's time zone: today, the last 7 days or the last 30 days (today included)." })
export class AdminHomePeriod {
  @Field(() => String, { description: "Its first day, YYYY-MM-DD (inclusive)." })
  from!: string;

  @Field(() => String, { description: "Its last day, today, YYYY-MM-DD (inclusive)." })
  to!: string;

  @Field(() => Int, { description: ORDERS })
  orders!: number;

  @Field(() => Money, { description: NET_REVENUE })
  netRevenue!: Money;

  @Field(() => [AdminBestSeller], {
    description: "The 5 products sold most in it by quantity (ties: more revenue first, then by title), from the lines of its orders that are not cancelled; empty without sales.",
  })
  bestSellers!: AdminBestSeller[];
}

@ObjectType({ description: "Orders paid and waiting to ship, as adminOrders(view: TO_SHIP) lists them: UNFULFILLED or IN_PROGRESS, not refunded in full." })
export class AdminHomeToShip {
  @Field(() => Int, { description: "How many." })
  count!: number;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the oldest of them was paid; null when none is waiting." })
  oldestPaidAt!: Date | null;
}

@ObjectType({ description: "The staff's Home screen: orders and net revenue by period and day, what waits to ship, the print partner's failures and the best sellers." })
export class AdminHome {
  @Field(() => String, { description: "The IANA time zone the days are counted in." })
  timeZone!: string;

  @Field(() => AdminHomePeriod, { description: "Today in that zone." })
  today!: AdminHomePeriod;

  @Field(() => AdminHomePeriod, { description: "The last 7 days, today included." })
  last7Days!: AdminHomePeriod;

  @Field(() => AdminHomePeriod, { description: "The last 30 days, today included." })
  last30Days!: AdminHomePeriod;

  @Field(() => [AdminHomeDay], { description: "The last 30 days one by one, oldest first, today last; a day without orders reads 0." })
  days!: AdminHomeDay[];

  @Field(() => AdminHomeToShip, { description: "Orders waiting to ship, whenever they were placed." })
  toShip!: AdminHomeToShip;

  @Field(() => Int, { description: "Orders whose job sending them to the print partner has FAILED (given up after its retries, or stopped by a hold), as things stand now; whatever the order's status." })
  failedPartnerJobs!: number;
}
