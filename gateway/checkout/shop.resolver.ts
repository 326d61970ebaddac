import { Ctx, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { Money } from "../graphql/common.types.js";
import { Shop } from "./shop.types.js";

@Resolver()
export class ShopResolver {
  @Query(() => Shop, { description: "The shop's shipping terms and cart limits, from the same settings the checkout and the cart use." })
  shop(@Ctx() { services }: GraphQLContext): Shop {
    return {
      freeShippingThreshold: Money.fromCents(services.checkout.freeShippingThresholdCents),
      shippingRates: services.checkout.shippingRates().map((rate) => ({
        handle: rate.method,
        title: rate.title,
        deliveryEstimate: rate.deliveryEstimate,
        price: Money.fromCents(rate.priceCents),
        freeAtOrAbove: rate.freeAtOrAboveCents === null ? null : Money.fromCents(rate.freeAtOrAboveCents),
      })),
      maxLineQuantity: services.carts.maxLineQuantity,
    };
  }
}
