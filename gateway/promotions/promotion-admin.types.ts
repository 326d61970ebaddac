import { ArgsType, Field, GraphQLISODateTime, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { Money, PageInfo, UserError } from "../graphql/common.types.js";
import { PageSize } from "../shared/paging.js";

// Promotions on the shop's side (staff, or a token with promotions:write): their own types, apart
// from whatever shoppers' cached answers hold.

export enum PromotionKind {
  PERCENTAGE = "PERCENTAGE",
  FIXED_AMOUNT = "FIXED_AMOUNT",
  FREE_SHIPPING = "FREE_SHIPPING",
}
registerEnumType(PromotionKind, {
  name: "PromotionKind",
  description: "What a promotion takes off.",
  valuesConfig: {
    PERCENTAGE: { description: "A percentage off the subtotal of the lines it reaches." },
    FIXED_AMOUNT: { description: "An amount off the order (spread over the lines it reaches)." },
    FREE_SHIPPING: { description: "Free shipping (automatic: a timed offer that lowers the standing threshold to its minimum subtotal)." },
  },
});

export enum PromotionState {
  SCHEDULED = "SCHEDULED",
  ACTIVE = "ACTIVE",
  ENDED = "ENDED",
  DISABLED = "DISABLED",
  USED_UP = "USED_UP",
}
registerEnumType(PromotionState, {
  name: "PromotionState",
  description: "Where a promotion stands now.",
  valuesConfig: {
    SCHEDULED: { description: "Not started yet." },
    ACTIVE: { description: "Running: its codes work (or, automatic, it applies)." },
    ENDED: { description: "Past its end." },
    DISABLED: { description: "Turned off by staff: it works nowhere until enabled." },
    USED_UP: { description: "Running, but every one of its codes has a usage limit and has reached it." },
  },
});

@ObjectType({ description: "A product or collection a promotion is limited to." })
export class PromotionTarget {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  handle!: string;
}

@ObjectType({ description: "A discount code of a promotion." })
export class AdminDiscountCode {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: "The code as staff wrote it (shoppers may type it in any case)." })
  code!: string;

  @Field(() => Int, { nullable: true, description: "How many orders may use it in all; null: no limit." })
  usageLimit!: number | null;

  @Field(() => Int, { description: "Counted uses: orders paid and payments still open with it." })
  uses!: number;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;
}

@ObjectType({ description: "A page of a promotion's codes, oldest first." })
export class AdminDiscountCodeConnection {
  @Field(() => [AdminDiscountCode])
  nodes!: AdminDiscountCode[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: "How many codes the promotion has." })
  totalCount!: number;
}

@ObjectType({ description: "A promotion as staff run it: a discount reached by its codes, or an automatic free-shipping offer." })
export class AdminPromotion {
  @Field(() => ID)
  id!: string;

  @Field(() => String)
  title!: string;

  @Field(() => PromotionKind)
  kind!: PromotionKind;

  @Field(() => Int, { nullable: true, description: "1–100, for PERCENTAGE; null otherwise." })
  percentOff!: number | null;

  @Field(() => Money, { nullable: true, description: "For FIXED_AMOUNT; null otherwise." })
  amountOff!: Money | null;

  @Field(() => Boolean, { description: "An automatic free-shipping offer: needs no code and lowers the threshold to minimumSubtotal while it runs." })
  automatic!: boolean;

  @Field(() => Money, { description: "The subtotal a cart must reach (an automatic offer's threshold)." })
  minimumSubtotal!: Money;

  @Field(() => GraphQLISODateTime)
  startsAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it ends; null: it runs until disabled." })
  endsAt!: Date | null;

  @Field(() => Boolean, { description: "Each customer (account, or a guest's email) may use it once." })
  oncePerCustomer!: boolean;

  /** The ids the field resolvers name. */
  productIds!: string[];
  collectionIds!: string[];

  @Field(() => PromotionState)
  state!: PromotionState;

  @Field(() => Int, { description: "Counted uses over all its codes." })
  uses!: number;

  @Field(() => Int, { description: "How many codes it has." })
  codeCount!: number;

  @Field(() => GraphQLISODateTime)
  createdAt!: Date;

  @Field(() => GraphQLISODateTime)
  updatedAt!: Date;
}

@ObjectType({ description: "A page of promotions, newest first." })
export class AdminPromotionConnection {
  @Field(() => [AdminPromotion])
  nodes!: AdminPromotion[];

  @Field(() => PageInfo)
  pageInfo!: PageInfo;

  @Field(() => Int, { description: "How many promotions match the filter." })
  totalCount!: number;
}

@ArgsType()
export class PromotionsArgs {
  @Field(() => Int, { defaultValue: 50, description: "How many (1–100)." })
  @PageSize()
  first?: number;

  @Field(() => String, { nullable: true, description: "The previous page's pageInfo.endCursor." })
  after?: string | null;

  @Field(() => PromotionState, { nullable: true, description: "Only promotions in this state." })
  state?: PromotionState | null;
}

@ArgsType()
export class PromotionCodesArgs {
  @Field(() => Int, { defaultValue: 50, description: "How many (1–100)." })
  @PageSize()
  first?: number;

  @Field(() => String, { nullable: true, description: "The previous page's pageInfo.endCursor." })
  after?: string | null;
}

@InputType({ description: "A promotion's fields; on update, what is left out stays as it is." })
export class PromotionInput {
  @Field(() => String, { nullable: true, description: "Its name for staff (1–100 characters); required to create one." })
  title?: string | null;

  @Field(() => PromotionKind, { nullable: true, description: "What it takes off; required to create one." })
  kind?: PromotionKind | null;

  @Field(() => Int, { nullable: true, description: "1–100, for PERCENTAGE." })
  percentOff?: number | null;

  @Field(() => String, { nullable: true, description: 'For FIXED_AMOUNT: dollars and cents, e.g. "10.00".' })
  amountOff?: string | null;

  @Field(() => Boolean, { nullable: true, description: "An automatic free-shipping offer (FREE_SHIPPING only; no codes, not once per customer, not limited to products)." })
  automatic?: boolean | null;

  @Field(() => String, { nullable: true, description: 'The subtotal a cart must reach, e.g. "50.00" (0 or more).' })
  minimumSubtotal?: string | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it starts; left out on create: now." })
  startsAt?: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it ends (after startsAt); null: no end." })
  endsAt?: Date | null;

  @Field(() => Boolean, { nullable: true })
  oncePerCustomer?: boolean | null;

  @Field(() => [ID], { nullable: true, description: "Limited to these products (and those of collectionIds); both empty: the whole cart." })
  productIds?: string[] | null;

  @Field(() => [ID], { nullable: true })
  collectionIds?: string[] | null;

  @Field(() => String, { nullable: true, description: "On create only: its first discount code (3–40 letters, digits, - or _)." })
  code?: string | null;

  @Field(() => Int, { nullable: true, description: "On create only, with code: how many orders may use that code; left out: no limit." })
  usageLimit?: number | null;
}

@ObjectType({ description: "The result of changing a promotion." })
export class PromotionPayload {
  @Field(() => AdminPromotion, { nullable: true, description: "The promotion as saved; null when refused." })
  promotion!: AdminPromotion | null;

  @Field(() => [UserError], { description: "Why it was refused (INVALID_INPUT with the field, CODE_TAKEN, NOT_FOUND); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of adding a code." })
export class DiscountCodePayload {
  @Field(() => AdminDiscountCode, { nullable: true })
  discountCode!: AdminDiscountCode | null;

  @Field(() => [UserError], { description: "CODE_TAKEN when any promotion has the code in any case; INVALID_INPUT with the field." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of generating codes." })
export class DiscountCodesGeneratePayload {
  @Field(() => [String], { nullable: true, description: "The codes made; the CSV export lists them with their uses." })
  codes!: string[] | null;

  @Field(() => AdminPromotion, { nullable: true })
  promotion!: AdminPromotion | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of deleting a code." })
export class DiscountCodeDeletePayload {
  @Field(() => ID, { nullable: true })
  deletedDiscountCodeId!: string | null;

  @Field(() => [UserError], { description: "INVALID_TRANSITION for a code a checkout has used (disable the promotion instead)." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The shop's standing settings." })
export class ShopSettings {
  @Field(() => Money, { description: "The subtotal from which shipping is free when no automatic offer lowers it." })
  freeShippingThreshold!: Money;
}

@ObjectType({ description: "The result of changing the shop's settings." })
export class ShopSettingsPayload {
  @Field(() => ShopSettings, { nullable: true })
  shopSettings!: ShopSettings | null;

  @Field(() => [UserError])
  userErrors!: UserError[];
}
