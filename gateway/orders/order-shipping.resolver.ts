import { Args, Authorized, Ctx, Mutation, Query, Resolver, Arg, ID } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { UserError } from "../graphql/common.types.js";
import { actorOf } from "../shared/actor.js";
import { CARRIERS } from "./carriers.js";
import { AdminOrderPayload } from "./order-admin.types.js";
import { toAdminOrder } from "./order-admin.view.js";
import type { BulkOrderOutcome } from "./order-shipping.service.js";
import { AdminOrdersBulkPayload, OrdersFulfillArgs, OrdersStartFulfillmentArgs, OrderTrackingUpdateArgs, ShippingCarrier } from "./order-shipping.types.js";
import type { OrderRecord } from "./order.records.js";

// Shipping a day's orders: the carriers, bulk changes, a shipment put right, delivered.

const ORDER_ID = { description: "The shipped order's id." };

async function payload(ctx: GraphQLContext, order: OrderRecord): Promise<AdminOrderPayload> {
  return { order: toAdminOrder(await ctx.services.orderAdmin.findRecord(order), ctx.publicUrl), userErrors: [] };
}

async function bulkPayload(ctx: GraphQLContext, outcomes: BulkOrderOutcome[]): Promise<AdminOrdersBulkPayload> {
  const changed = await ctx.services.orderAdmin.findRecords(outcomes.flatMap((o) => (o.order ? [o.order] : [])));
  const results = outcomes.map((outcome) => {
    const record = outcome.order ? changed.get(outcome.order.id) : undefined;
    return {
      orderId: outcome.orderId,
      orderNumber: outcome.orderNumber,
      order: record ? toAdminOrder(record, ctx.publicUrl) : null,
      userErrors: outcome.error ? [UserError.from(outcome.error)] : [],
    };
  });
  return { results, changedCount: results.filter((r) => r.order).length, userErrors: [] };
}

@Resolver()
export class OrderShippingResolver {
  @Query(() => [ShippingCarrier], { description: "The carriers whose tracking links the shop builds (staff, or a token with orders:read)." })
  @Authorized("staff", "orders:read")
  shippingCarriers(): ShippingCarrier[] {
    return CARRIERS.map((c) => ({ name: c.name, trackingUrlTemplate: c.trackingUrlTemplate }));
  }

  @Mutation(() => AdminOrdersBulkPayload, {
    description:
      "Marks several orders shipped, each with its own tracking, each on its own (all or nothing per order, the customer emailed once): a refused order is named in its result and the others go on (staff, or a token with orders:write).",
  })
  @Authorized("staff", "orders:write")
  async ordersFulfill(@Args(() => OrdersFulfillArgs) { shipments }: OrdersFulfillArgs, @Ctx() ctx: GraphQLContext): Promise<AdminOrdersBulkPayload> {
    return bulkPayload(ctx, await ctx.services.orderShipping.shipMany(shipments, actorOf(ctx.principal!)));
  }

  @Mutation(() => AdminOrdersBulkPayload, {
    description: "Puts several pending orders in production (UNFULFILLED → IN_PROGRESS), each on its own (staff, or a token with orders:write).",
  })
  @Authorized("staff", "orders:write")
  async ordersStartFulfillment(@Args(() => OrdersStartFulfillmentArgs) { orderIds }: OrdersStartFulfillmentArgs, @Ctx() ctx: GraphQLContext): Promise<AdminOrdersBulkPayload> {
    return bulkPayload(ctx, await ctx.services.orderShipping.startMany(orderIds, actorOf(ctx.principal!)));
  }

  @Mutation(() => AdminOrderPayload, {
    description:
      "Corrects a shipped order's carrier and tracking number (a typo, another parcel), listed in its history; with resendEmail the customer gets the shipping email again with it (staff, or a token with orders:write).",
  })
  @Authorized("staff", "orders:write")
  async orderTrackingUpdate(@Args(() => OrderTrackingUpdateArgs) args: OrderTrackingUpdateArgs, @Ctx() ctx: GraphQLContext): Promise<AdminOrderPayload> {
    const { orderId, resendEmail, ...tracking } = args;
    return payload(ctx, await ctx.services.orderTransitions.correctTracking(orderId, tracking, actorOf(ctx.principal!), { resendEmail }));
  }

  @Mutation(() => AdminOrderPayload, { description: "Sends a shipped order's shipping email again, as it reads now (staff, or a token with orders:write)." })
  @Authorized("staff", "orders:write")
  async orderShippingEmailResend(@Arg("orderId", () => ID, ORDER_ID) orderId: string, @Ctx() ctx: GraphQLContext): Promise<AdminOrderPayload> {
    return payload(ctx, await ctx.services.orderTransitions.resendShippingEmail(orderId, actorOf(ctx.principal!)));
  }

  @Mutation(() => AdminOrderPayload, { description: "Marks a shipped order delivered, once; it stays FULFILLED (staff, or a token with orders:write)." })
  @Authorized("staff", "orders:write")
  async orderMarkDelivered(@Arg("orderId", () => ID, ORDER_ID) orderId: string, @Ctx() ctx: GraphQLContext): Promise<AdminOrderPayload> {
    return payload(ctx, await ctx.services.orderTransitions.markDelivered(orderId, actorOf(ctx.principal!)));
  }
}
