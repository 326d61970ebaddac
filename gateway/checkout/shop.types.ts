import { Field, GraphQLISODateTime, Int, ObjectType } from "type-graphql";
import { Money } from "../graphql/common.types.js";

@ObjectType({ description: "A way the shop ships, with its price." })
export class ShippingRate {
  @Field(() => String, { description: 'Stable name of the rate: "standard" or "expedited".' })
  handle!: string;

  @Field(() => String, { description: 'What the shopper reads, e.g. "Standard".' })
  title!: string;

  @Field(() => String, { description: 'How long delivery takes, e.g. "5–7 business days".' })
  deliveryEstimate!: string;

  @Field(() => Money, { description: "What the rate costs below its free-shipping threshold." })
  price!: Money;

  @Field(() => Money, { nullable: true, description: "Order subtotal at and above which this rate is free; null when it never is." })
  freeAtOrAbove!: Money | null;
}

@ObjectType({ description: "The free-shipping rule in force: the standing threshold staff set, or a running offer's lower one (they never stack)." })
export class FreeShippingRule {
  @Field(() => Money, { description: "Standard shipping is free at and above this subtotal (before any discount code) now." })
  threshold!: Money;

  @Field(() => Money, { description: "The standing threshold: what applies when no offer runs." })
  standingThreshold!: Money;

  @Field(() => String, { nullable: true, description: 'The running offer that lowers it, e.g. "Election week free shipping"; null when the standing rule is in force.' })
  offerTitle!: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When the running offer ends (the threshold goes back to the standing one); null without an offer or when it has no end." })
  endsAt!: Date | null;
}

@ObjectType({ description: "Facts about the shop that the storefront shows (free-shipping banner, product page, checkout, sign-in)." })
export class Shop {
  @Field(() => Money, {
    description: "Standard shipping is free at and above this order subtotal now (freeShipping.threshold; the checkout applies the same value).",
  })
  freeShippingThreshold!: Money;

  @Field(() => FreeShippingRule, { description: "The free-shipping rule in force, and for a timed offer its title and end (the banner and product page name it)." })
  freeShipping!: FreeShippingRule;

  @Field(() => [ShippingRate], { description: "The shipping rates offered at checkout, in display order." })
  shippingRates!: ShippingRate[];

  @Field(() => Int, {
    description:
      "The most of one cart line (a variant with one set of custom attributes) a cart accepts; cartLinesAdd and cartLinesUpdate refuse more. The storefront's quantity fields stop here.",
  })
  maxLineQuantity!: number;

  @Field(() => Boolean, {
    description: "Whether customers can sign in with Google (GET /api/auth/google); false when the gateway has no Google client set up, where that path sends the browser back with ?auth_error=google.",
  })
  googleSignIn!: boolean;
}
