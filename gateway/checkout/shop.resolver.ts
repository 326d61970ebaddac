import { Ctx, FieldResolver, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { toMoney } from "../shared/money.js";
import type { Money } from "../graphql/common.types.js";
import type { CheckoutService } from "./checkout.service.js";
import { FreeShippingRule, Shop, ShippingRate } from "./shop.types.js";

type ShippingTerms = Awaited<ReturnType<CheckoutService["shippingRates"]>>;

/**
 * What `shop` answers: the facts every page reads (the cart's line limit, sign-in methods) at once,
 * and the shipping terms (two reads from the database) only when a field asks for them, once for
 * all of them. A page that reads the line limit alone (every Add to Cart) costs no query.
 */
interface ShopSource extends Pick<Shop, "maxLineQuantity" | "googleSignIn"> {
  terms(): Promise<ShippingTerms>;
}

@Resolver(() => Shop)
export class ShopResolver {
  @Query(() => Shop, { description: "The shop's shipping terms, cart limits and sign-in methods, from the same settings the checkout, the cart and sign-in use." })
  shop(@Ctx() { services }: GraphQLContext): ShopSource {
    let terms: Promise<ShippingTerms> | undefined;
    return {
      terms: () => (terms ??= services.checkout.shippingRates()),
      maxLineQuantity: services.carts.maxLineQuantity,
      googleSignIn: services.customers.googleSignIn,
    };
  }

  @FieldResolver()
  async freeShippingThreshold(@Root() shop: ShopSource): Promise<Money> {
    return toMoney((await shop.terms()).freeShipping.thresholdCents);
  }

  @FieldResolver()
  async freeShipping(@Root() shop: ShopSource): Promise<FreeShippingRule> {
    const { freeShipping } = await shop.terms();
    return {
      threshold: toMoney(freeShipping.thresholdCents),
      standingThreshold: toMoney(freeShipping.standingCents),
      offerTitle: freeShipping.offer?.title ?? null,
      endsAt: freeShipping.offer?.endsAt ?? null,
    };
  }

  @FieldResolver()
  async shippingRates(@Root() shop: ShopSource): Promise<ShippingRate[]> {
    return (await shop.terms()).rates.map((rate) => ({
      handle: rate.method,
      title: rate.title,
      deliveryEstimate: rate.deliveryEstimate,
      price: toMoney(rate.priceCents),
      freeAtOrAbove: rate.freeAtOrAboveCents === null ? null : toMoney(rate.freeAtOrAboveCents),
    }));
  }
}
