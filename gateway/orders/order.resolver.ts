import { Arg, Ctx, ID, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { DomainError } from "../shared/errors.js";
import { Order } from "./order.types.js";
import { toOrderType } from "./order.view.js";

@Resolver(() => Order)
export class OrderResolver {
  @Query(() => [Order], { description: "The signed-in customer's orders, newest first (UNAUTHENTICATED when signed out)." })
  async customerOrders(@Ctx() ctx: GraphQLContext): Promise<Order[]> {
    if (!ctx.customerId) throw new DomainError("UNAUTHENTICATED", "Not signed in");
    return (await ctx.services.orders.listForCustomer(ctx.customerId)).map((o) => toOrderType(o, ctx.publicUrl));
  }

  @Query(() => Order, { nullable: true, description: "One of the signed-in customer's orders; null for anyone else's, an unknown id, or when signed out." })
  async order(@Arg("id", () => ID, { description: "The order's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<Order | null> {
    const order = await ctx.services.orders.findForCustomer(ctx.customerId, id);
    return order ? toOrderType(order, ctx.publicUrl) : null;
  }
}
