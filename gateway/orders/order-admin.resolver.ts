import { Arg, Args, Authorized, Ctx, ID, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { AdminOrder, AdminOrderConnection, AdminOrderPayload, OrderCancelArgs, OrderFulfillArgs } from "./order-admin.types.js";
import { AdminOrderCounts, AdminOrderScopeArgs, AdminOrdersArgs } from "./order-admin-list.types.js";
import { toAdminOrder } from "./order-admin.view.js";
import type { OrderRecord } from "./order.records.js";

// The shop's side of orders. The guard (graphql/auth.ts) lets in a staff session or an
// API token with the scope; a transition's refusal comes back as the payload's userErrors.

const ORDER_ID = { description: "The order's id." };

async function payload(ctx: GraphQLContext, order: OrderRecord): Promise<AdminOrderPayload> {
  return { order: toAdminOrder(await ctx.services.orderAdmin.findRecord(order), ctx.publicUrl), userErrors: [] };
}

@Resolver(() => AdminOrder)
export class OrderAdminResolver {
  @Query(() => AdminOrderConnection, {
    description:
      "The shop's orders: every order or what is left to ship, by fulfilment status, paid between two times, with a product, or with a failed print job; searched by order number or email; sorted (staff, or a token with orders:read).",
  })
  @Authorized("staff", "orders:read")
  async adminOrders(@Args(() => AdminOrdersArgs) args: AdminOrdersArgs, @Ctx() ctx: GraphQLContext): Promise<AdminOrderConnection> {
    const page = await ctx.services.orderAdmin.list(args);
    const nodes = page.items.map((item) => toAdminOrder(item, ctx.publicUrl));
    return {
      nodes,
      edges: nodes.map((node, i) => ({ cursor: page.cursors[i]!, node })),
      pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
      totalCount: page.totalCount,
    };
  }

  @Query(() => AdminOrderCounts, { description: "How many orders each view of the list holds under the same narrowing: the list's tabs (staff, or a token with orders:read)." })
  @Authorized("staff", "orders:read")
  async adminOrderCounts(@Args(() => AdminOrderScopeArgs) args: AdminOrderScopeArgs, @Ctx() ctx: GraphQLContext): Promise<AdminOrderCounts> {
    return ctx.services.orderAdmin.counts(args);
  }

  @Query(() => AdminOrder, { nullable: true, description: "Any order of the shop by id; null when unknown (staff, or a token with orders:read)." })
  @Authorized("staff", "orders:read")
  async adminOrder(@Arg("id", () => ID, ORDER_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminOrder | null> {
    const found = await ctx.services.orderAdmin.find(id);
    return found ? toAdminOrder(found, ctx.publicUrl) : null;
  }

  @Mutation(() => AdminOrderPayload, { description: "Puts a pending order in production: UNFULFILLED → IN_PROGRESS (staff, or a token with orders:write)." })
  @Authorized("staff", "orders:write")
  async orderStartFulfillment(@Arg("orderId", () => ID, ORDER_ID) orderId: string, @Ctx() ctx: GraphQLContext): Promise<AdminOrderPayload> {
    return payload(ctx, await ctx.services.orderTransitions.startFulfillment(orderId, actorOf(ctx.principal!)));
  }

  @Mutation(() => AdminOrderPayload, {
    description: "Marks an order shipped with its tracking: UNFULFILLED or IN_PROGRESS → FULFILLED (staff, or a token with orders:write).",
  })
  @Authorized("staff", "orders:write")
  async orderFulfill(
    @Args(() => OrderFulfillArgs) { orderId, carrier, trackingNumber, trackingUrl }: OrderFulfillArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<AdminOrderPayload> {
    const order = await ctx.services.orderTransitions.fulfill(orderId, { carrier, trackingNumber, trackingUrl }, actorOf(ctx.principal!));
    return payload(ctx, order);
  }

  @Mutation(() => AdminOrderPayload, {
    description:
      "Cancels an order not yet shipped: UNFULFILLED or IN_PROGRESS → CANCELLED (staff, or a token with orders:write). A paid order's remaining payment is refunded in the same step unless refund is false; the customer is emailed when notifyCustomer is true (with customerMessage; the reason stays internal).",
  })
  @Authorized("staff", "orders:write")
  async orderCancel(@Args(() => OrderCancelArgs) args: OrderCancelArgs, @Ctx() ctx: GraphQLContext): Promise<AdminOrderPayload> {
    const { order } = await ctx.services.cancellations.cancel(
      { orderId: args.orderId, reason: args.reason, refund: args.refund, notifyCustomer: args.notifyCustomer, customerMessage: args.customerMessage ?? null },
      actorOf(ctx.principal!),
    );
    // Read again: the refund made in the same step has moved its financial status on since.
    const current = await ctx.services.orderAdmin.find(order.id);
    return { order: current ? toAdminOrder(current, ctx.publicUrl) : null, userErrors: [] };
  }
}
