import type { GraphQLResolveInfo } from "graphql";
import { Arg, Args, Ctx, FieldResolver, ID, Info, Mutation, Query, Resolver, Root } from "type-graphql";
import { selectsAnyOf } from "../graphql/selection.js";
import type { GraphQLContext } from "../graphql/context.js";
import type { CartLineRequest } from "./cart.records.js";
import { designIdOf } from "../designs/design.records.js";
import { Design } from "../designs/design.types.js";
import { toDesign } from "../designs/design.view.js";
import { toCartSummaryType, toCartType } from "./cart.view.js";
import {
  Cart,
  CartCreatePayload,
  CartInput,
  CartLine,
  CartLineInput,
  CartLinesAddArgs,
  CartLinesAddPayload,
  CartLinesRemoveArgs,
  CartLinesRemovePayload,
  CartLinesUpdateArgs,
  CartLinesUpdatePayload,
  CartSyncArgs,
  CartSyncLineInput,
  CartSyncPayload,
} from "./cart.types.js";

function toLineRequest(line: CartLineInput | CartSyncLineInput): CartLineRequest {
  return {
    variantId: line.merchandiseId,
    quantity: line.quantity,
    customAttributes: (line.attributes ?? []).map((a) => ({ key: a.key, value: a.value })),
    title: "title" in line ? line.title : null,
  };
}

// A refused change throws a CartError, which the error boundary (graphql-server/errors.ts) answers
// as the payload's userErrors; nothing was changed then.

@Resolver(() => Cart)
export class CartResolver {
  @Query(() => Cart, { nullable: true, description: "A cart by id; null when it names nothing or has been checked out (start a new cart then)." })
  async cart(@Ctx() { services, publicUrl }: GraphQLContext, @Arg("id", () => ID, { description: "The cart's id." }) id: string): Promise<Cart | null> {
    const cart = await services.carts.find(id);
    return cart ? toCartType(cart, publicUrl) : null;
  }

  @Mutation(() => CartCreatePayload, { description: "Creates a cart (recording the signed-in customer, if any), optionally with lines." })
  async cartCreate(
    @Ctx() { services, publicUrl, customerId }: GraphQLContext,
    @Arg("input", () => CartInput, { nullable: true, description: "Lines to start with." }) input: CartInput | null,
  ): Promise<CartCreatePayload> {
    const cart = await services.carts.create({ customerId, lines: (input?.lines ?? []).map(toLineRequest) });
    return { cart: toCartType(cart, publicUrl), userErrors: [] };
  }

  @Mutation(() => CartLinesAddPayload, {
    description: "Adds lines; a variant already in the cart with the same attributes gets its quantity raised. All or nothing.",
  })
  async cartLinesAdd(
    @Ctx() { services, publicUrl }: GraphQLContext,
    @Args(() => CartLinesAddArgs) { cartId, lines }: CartLinesAddArgs,
    @Info() info: GraphQLResolveInfo,
  ): Promise<CartLinesAddPayload> {
    const requests = lines.map(toLineRequest);
    // An add that shows only the cart's id and units (a product page's "add to cart") reads no lines.
    const cart = selectsAnyOf(info, "cart", ["lines", "cost", "discountCodes", "discountAllocations"])
      ? toCartType(await services.carts.addLines(cartId, requests), publicUrl)
      : toCartSummaryType(await services.carts.addLinesSummarized(cartId, requests), publicUrl);
    return { cart, userErrors: [] };
  }

  @Mutation(() => CartLinesUpdatePayload, { description: "Sets the quantities of lines. All or nothing." })
  async cartLinesUpdate(
    @Ctx() { services, publicUrl }: GraphQLContext,
    @Args(() => CartLinesUpdateArgs) { cartId, lines }: CartLinesUpdateArgs,
  ): Promise<CartLinesUpdatePayload> {
    const cart = await services.carts.updateLines(cartId, lines.map((l) => ({ lineId: l.id, quantity: l.quantity })));
    return { cart: toCartType(cart, publicUrl), userErrors: [] };
  }

  @Mutation(() => CartLinesRemovePayload, { description: "Removes lines. All or nothing." })
  async cartLinesRemove(
    @Ctx() { services, publicUrl }: GraphQLContext,
    @Args(() => CartLinesRemoveArgs) { cartId, lineIds }: CartLinesRemoveArgs,
  ): Promise<CartLinesRemovePayload> {
    return { cart: toCartType(await services.carts.removeLines(cartId, lineIds), publicUrl), userErrors: [] };
  }

  @Mutation(() => CartSyncPayload, {
    description:
      'The cart page\'s checkout: turns the browser\'s local cart into a new server cart and answers its id and checkout URL. When a line cannot be priced nothing is created and the error reads "Price data missing for item: {title}".',
  })
  async cartSync(
    @Ctx() { services, publicUrl, customerId }: GraphQLContext,
    @Args(() => CartSyncArgs) { lines }: CartSyncArgs,
  ): Promise<CartSyncPayload> {
    const cart = toCartType(await services.carts.sync(lines.map(toLineRequest), customerId), publicUrl);
    return { cart, userErrors: [], cartId: cart.id, checkoutUrl: cart.checkoutUrl };
  }
}

@Resolver(() => CartLine)
export class CartLineDesignResolver {
  @FieldResolver(() => Design, {
    nullable: true,
    description: "The custom design on this line (its designId attribute): its mock-up, print file and print-quality warning. Null for a plain product.",
  })
  async design(@Root() line: CartLine, @Ctx() ctx: GraphQLContext): Promise<Design | null> {
    const id = designIdOf(line.attributes);
    if (!id) return null;
    const record = await ctx.loaders.designs.load(id);
    return record ? toDesign(record) : null;
  }
}
