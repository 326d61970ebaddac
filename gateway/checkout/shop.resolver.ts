import { Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { toMoney } from "../shared/money.js";
import { Shop } from "./shop.types.js";

@Resolver()
export class ShopResolver {
  @Query(() => Shop, { description: "The shop's shipping terms, cart limits and sign-in methods, from the same settings the checkout, the cart and sign-in use." })
  async shop(@Ctx() { services }: GraphQLContext): Promise<Shop> {
    const { rates, freeShipping } = await services.checkout.shippingRates();
    return {
      freeShippingThreshold: toMoney(freeShipping.thresholdCents),
      freeShipping: {
        threshold: toMoney(freeShipping.thresholdCents),
        standingThreshold: toMoney(freeShipping.standingCents),
        offerTitle: freeShipping.offer?.title ?? null,
        endsAt: freeShipping.offer?.endsAt ?? null,
      },
      shippingRates: rates.map((rate) => ({
        handle: rate.method,
        title: rate.title,
        deliveryEstimate: rate.deliveryEstimate,
        price: toMoney(rate.priceCents),
        freeAtOrAbove: rate.freeAtOrAboveCents === null ? null : toMoney(rate.freeAtOrAboveCents),
      })),
      maxLineQuantity: services.carts.maxLineQuantity,
      googleSignIn: services.customers.googleSignIn,
    };
  }
}
