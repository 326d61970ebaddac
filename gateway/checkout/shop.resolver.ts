import { Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { toMoney } from "../shared/money.js";
import { Shop } from "./shop.types.js";

@Resolver()
export class ShopResolver {
  @Query(() => Shop, { description: "The shop's shipping terms and cart limits, from the same settings the checkout and the cart use." })
  shop(@Ctx() { services }: GraphQLContext): Shop {
    return {
      freeShippingThreshold: toMoney(services.checkout.freeShippingThresholdCents),
      shippingRates: services.checkout.shippingRates().map((rate) => ({
        handle: rate.method,
        title: rate.title,
        deliveryEstimate: rate.deliveryEstimate,
        price: toMoney(rate.priceCents),
        freeAtOrAbove: rate.freeAtOrAboveCents === null ? null : toMoney(rate.freeAtOrAboveCents),
      })),
      maxLineQuantity: services.carts.maxLineQuantity,
    };
  }
}
