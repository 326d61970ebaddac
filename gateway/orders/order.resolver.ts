import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { Customer } from "../customers/customer.types.js";
import { designIdOf } from "../designs/design.records.js";
import { Design } from "../designs/design.types.js";
import { toDesign } from "../designs/design.view.js";
import { Order, OrderLineItem, OrderStatusLookupArgs, PublicOrder } from "./order.types.js";
import { orderStatusUrl, toOrderType, toPublicOrder } from "./order.view.js";

@Resolver(() => Order)
export class OrderResolver {
  @Query(() => [Order], { description: "The signed-in customer's orders, newest first (UNAUTHENTICATED when signed out)." })
  @Authorized()
  async customerOrders(@Ctx() ctx: GraphQLContext): Promise<Order[]> {
    return (await ctx.services.orders.listForCustomer(ctx.customerId!)).map((o) => toOrderType(o, ctx.publicUrl));
  }

  @Query(() => Order, { nullable: true, description: "One of the signed-in customer's orders; null for anyone else's, an unknown id, or when signed out." })
  async order(@Arg("id", () => ID, { description: "The order's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<Order | null> {
    const order = await ctx.services.orders.findForCustomer(ctx.customerId, id);
    return order ? toOrderType(order, ctx.publicUrl) : null;
  }

  @Query(() => String, {
    nullable: true,
    description:
      "Order tracking for anyone: the status page URL of the order with this number placed with this email; null when they do not match. Wrong guesses are rate limited.",
  })
  async orderStatusLookup(
    @Args(() => OrderStatusLookupArgs) { orderNumber, email }: OrderStatusLookupArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<string | null> {
    const token = await ctx.services.orders.lookupStatusToken(orderNumber, email, ctx.session.clientKey);
    return token ? orderStatusUrl(ctx.publicUrl, token) : null;
  }

  // Not rate limited, unlike orderStatusLookup: a token is 192 random bits, so no number of guesses
  // finds one, and a miss costs one indexed read. Counting misses would add a write per miss and
  // could lock a shopper out of their own order behind a shared address.
  @Query(() => PublicOrder, {
    nullable: true,
    description:
      "An order by its status link's token (the end of `statusUrl`, the checkout's `order_status_url`), for anyone holding the link: the checkout success page's items and address. Null for a token that names no order, whatever its shape: an unknown token and a malformed one answer alike.",
  })
  async orderByStatusToken(
    @Arg("token", () => String, { description: "The unguessable token at the end of the order's status link (/store/orders/{token})." }) token: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<PublicOrder | null> {
    const order = await ctx.services.orders.findByStatusToken(token);
    return order ? toPublicOrder(order) : null;
  }
}

@Resolver(() => Customer)
export class CustomerOrdersResolver {
  @FieldResolver(() => [Order], { description: "The customer's orders, newest first." })
  async orders(@Root() customer: Customer, @Ctx() ctx: GraphQLContext): Promise<Order[]> {
    const orders = await ctx.services.orders.listForCustomer(customer.id);
    return orders.map((order) => toOrderType(order, ctx.publicUrl));
  }
}

@Resolver(() => OrderLineItem)
export class OrderLineDesignResolver {
  @FieldResolver(() => Design, {
    nullable: true,
    description: "The custom design printed on this line, with its print file; null for a plain product.",
  })
  async design(@Root() line: OrderLineItem, @Ctx() ctx: GraphQLContext): Promise<Design | null> {
    const id = designIdOf(line.customAttributes);
    if (!id) return null;
    const record = await ctx.loaders.designs.load(id);
    return record ? toDesign(record) : null;
  }
}
