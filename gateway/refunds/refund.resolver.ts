import { Args, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { Money } from "../graphql/common.types.js";
import { actorOf } from "../shared/actor.js";
import { invalidInput } from "../shared/errors.js";
import { decimalStringToCents, toMoney } from "../shared/money.js";
import { AdminOrder } from "../orders/order-admin.types.js";
import { toAdminOrder } from "../orders/order-admin.view.js";
import { Dispute, OrderRefundArgs, OrderRefundPayload, Refund, toDispute, toRefund } from "./refund.types.js";

// Money given back, on the shop's side: the refunds and disputes of an order, what remains
// refundable, and the refund mutation (staff, or a token with orders:write).
@Resolver(() => AdminOrder)
export class RefundResolver {
  @FieldResolver(() => [Refund], { description: "Its refunds, oldest first, in every state." })
  async refunds(@Root() order: AdminOrder, @Ctx() ctx: GraphQLContext): Promise<Refund[]> {
    return (await ctx.loaders.refunds.load(order.id)).map(toRefund);
  }

  @FieldResolver(() => Money, { description: "What can still be refunded: the total less the pending and succeeded refunds (0.00 for an order without a payment)." })
  async refundablePrice(@Root() order: AdminOrder, @Ctx() ctx: GraphQLContext): Promise<Money> {
    return toMoney(await ctx.loaders.refundable.load(order.id));
  }

  @FieldResolver(() => [Dispute], { description: "Disputes (chargebacks) of its payment, oldest first; an open one holds the order from the printer." })
  async disputes(@Root() order: AdminOrder, @Ctx() ctx: GraphQLContext): Promise<Dispute[]> {
    return (await ctx.loaders.disputes.load(order.id)).map(toDispute);
  }

  @Mutation(() => OrderRefundPayload, {
    description:
      "Gives back part or all of an order's payment (staff, or a token with orders:write). The refund is recorded under the order's lock before the provider is asked (idempotency key refund:{id}), so no two refunds together exceed what was paid. Answers the refund SUCCEEDED, FAILED (its amount is refundable again), or PENDING while the provider has not answered.",
  })
  @Authorized("staff", "orders:write")
  async orderRefund(@Args(() => OrderRefundArgs) args: OrderRefundArgs, @Ctx() ctx: GraphQLContext): Promise<OrderRefundPayload> {
    const amountCents = decimalStringToCents(args.amount);
    if (amountCents === null) throw invalidInput("amount", "amount must be an amount in dollars and cents, e.g. 12.50");
    const refund = await ctx.services.refunds.refund({ orderId: args.orderId, amountCents, reason: args.reason, note: args.note?.trim() || null }, actorOf(ctx.principal!));
    const order = await ctx.services.orderAdmin.find(args.orderId);
    return { order: order ? toAdminOrder(order, ctx.publicUrl) : null, refund: toRefund(refund), userErrors: [] };
  }
}
