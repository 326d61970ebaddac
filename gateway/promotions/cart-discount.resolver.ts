import { Args, Ctx, Mutation, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { CartDiscountCodesUpdateArgs, CartDiscountCodesUpdatePayload } from "../cart/cart.types.js";
import { toCartType } from "../cart/cart.view.js";
import { discountErrorCode } from "./cart-discount.errors.js";

@Resolver()
export class CartDiscountResolver {
  @Mutation(() => CartDiscountCodesUpdatePayload, {
    description:
      "Sets the cart's discount code (one per cart; an empty list removes it). A code that does not exist, has ended, is used up or was used by this customer is refused with its reason and the cart keeps what it had; one the cart does not meet yet (its minimum, its products) stays on the cart, with its reason in userErrors and in Cart.discountCodes, and applies once the cart meets it. Codes that do not exist are limited to 10 in 10 minutes per cart and per client.",
  })
  async cartDiscountCodesUpdate(
    @Ctx() { services, publicUrl, session }: GraphQLContext,
    @Args(() => CartDiscountCodesUpdateArgs) { cartId, discountCodes }: CartDiscountCodesUpdateArgs,
  ): Promise<CartDiscountCodesUpdatePayload> {
    const outcome = await services.cartDiscounts.apply(cartId, discountCodes, { address: session.clientKey });
    return {
      cart: toCartType(outcome.cart, publicUrl),
      userErrors: outcome.errors.map((e) => ({ code: discountErrorCode(e.code), field: e.field, message: e.message })) as CartDiscountCodesUpdatePayload["userErrors"],
    };
  }
}
