import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from "type-graphql";
import { PageInfo } from "../graphql/common.types.js";
import type { GraphQLContext } from "../graphql/context.js";
import { actorOf } from "../shared/actor.js";
import { InvalidFieldsError, invalidInput } from "../shared/errors.js";
import { decimalStringToCents, toMoney } from "../shared/money.js";
import { decodeOffsetCursor } from "../shared/paging.js";
import type { PromotionKind as KindValue } from "./promotion.records.js";
import type { AdminPromotionRecord, PromotionWrite } from "./promotion-admin.service.js";
import {
  AdminDiscountCode,
  AdminDiscountCodeConnection,
  AdminPromotion,
  AdminPromotionConnection,
  DiscountCodeDeletePayload,
  DiscountCodePayload,
  DiscountCodesGeneratePayload,
  PromotionCodesArgs,
  PromotionInput,
  PromotionKind,
  PromotionPayload,
  PromotionsArgs,
  PromotionState,
  PromotionTarget,
  ShopSettings,
  ShopSettingsPayload,
} from "./promotion-admin.types.js";

// Promotions on the shop's side: staff (either role) or an API token with promotions:write read and
// change them; the standing free-shipping threshold is the owner's. Rules are the service's; a
// refusal comes back as userErrors with the field at fault.

const PROMOTION_ID = { description: "The promotion's id." };
const KIND_IN: Record<PromotionKind, KindValue> = { PERCENTAGE: "percentage", FIXED_AMOUNT: "fixed_amount", FREE_SHIPPING: "free_shipping" };
const KIND_OUT: Record<KindValue, PromotionKind> = { percentage: PromotionKind.PERCENTAGE, fixed_amount: PromotionKind.FIXED_AMOUNT, free_shipping: PromotionKind.FREE_SHIPPING };

function toAdminPromotion(p: AdminPromotionRecord): AdminPromotion {
  return {
    id: p.id,
    title: p.title,
    kind: KIND_OUT[p.kind],
    percentOff: p.percentOff,
    amountOff: p.amountOffCents === null ? null : toMoney(p.amountOffCents),
    automatic: p.automatic,
    minimumSubtotal: toMoney(p.minSubtotalCents),
    startsAt: p.startsAt,
    endsAt: p.endsAt,
    oncePerCustomer: p.oncePerCustomer,
    productIds: p.productIds,
    collectionIds: p.collectionIds,
    state: PromotionState[p.state],
    uses: p.totals.uses,
    codeCount: p.totals.codeCount,
    createdAt: p.createdAt,
    updatedAt: p.updatedAt,
  };
}

/** The input as the service takes it: amounts in cents (each refused by its field), null lists as empty. */
function toWrite(input: PromotionInput): PromotionWrite {
  const problems: { field: string; message: string }[] = [];
  const cents = (value: string | null | undefined, field: string): number | null | undefined => {
    if (value === undefined) return undefined;
    if (value === null) return null;
    const parsed = decimalStringToCents(value);
    if (parsed === null) problems.push({ field, message: `${field} must be an amount in dollars and cents, e.g. 24.99` });
    return parsed;
  };
  const write: PromotionWrite = {
    title: input.title ?? undefined,
    kind: input.kind ? KIND_IN[input.kind] : undefined,
    percentOff: input.percentOff,
    amountOffCents: cents(input.amountOff, "amountOff"),
    automatic: input.automatic ?? undefined,
    minSubtotalCents: cents(input.minimumSubtotal, "minimumSubtotal") ?? undefined,
    startsAt: input.startsAt ?? undefined,
    endsAt: input.endsAt,
    oncePerCustomer: input.oncePerCustomer ?? undefined,
    productIds: input.productIds ?? undefined,
    collectionIds: input.collectionIds ?? undefined,
  };
  if (problems.length > 0) throw new InvalidFieldsError(problems);
  return write;
}

const codeOf = (c: { id: string; code: string; usageLimit: number | null; createdAt: Date }, uses: number): AdminDiscountCode => ({ ...c, uses });

@Resolver(() => AdminPromotion)
export class PromotionAdminResolver {
  @Query(() => AdminPromotionConnection, { description: "Promotions, newest first, optionally in one state (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async promotions(@Args(() => PromotionsArgs) args: PromotionsArgs, @Ctx() ctx: GraphQLContext): Promise<AdminPromotionConnection> {
    const first = args.first ?? 50;
    const offset = args.after ? decodeOffsetCursor(args.after) + 1 : 0;
    const all = await ctx.services.promotionAdmin.list(args.state ?? null);
    const nodes = all.slice(offset, offset + first).map(toAdminPromotion);
    return { nodes, pageInfo: PageInfo.fromWindow(offset, nodes.length, first, all.length), totalCount: all.length };
  }

  @Query(() => AdminPromotion, { nullable: true, description: "A promotion by id; null when unknown (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async promotion(@Arg("id", () => ID, PROMOTION_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<AdminPromotion | null> {
    const found = await ctx.services.promotionAdmin.find(id);
    return found ? toAdminPromotion(found) : null;
  }

  @FieldResolver(() => [PromotionTarget], { description: "The products it is limited to." })
  async products(@Root() promotion: AdminPromotion, @Ctx() ctx: GraphQLContext): Promise<PromotionTarget[]> {
    const named = await ctx.services.promotionAdmin.productsNamed(promotion.productIds);
    return promotion.productIds.flatMap((id) => named.get(id) ?? []);
  }

  @FieldResolver(() => [PromotionTarget], { description: "The collections it is limited to." })
  async collections(@Root() promotion: AdminPromotion, @Ctx() ctx: GraphQLContext): Promise<PromotionTarget[]> {
    const named = await ctx.services.promotionAdmin.collectionsNamed(promotion.collectionIds);
    return promotion.collectionIds.flatMap((id) => named.get(id) ?? []);
  }

  @FieldResolver(() => AdminDiscountCodeConnection, { description: "Its codes, oldest first, with their uses." })
  async codes(@Root() promotion: AdminPromotion, @Args(() => PromotionCodesArgs) args: PromotionCodesArgs, @Ctx() ctx: GraphQLContext): Promise<AdminDiscountCodeConnection> {
    const first = args.first ?? 50;
    const offset = args.after ? decodeOffsetCursor(args.after) + 1 : 0;
    const codes = await ctx.services.promotionAdmin.codes(promotion.id, offset, first);
    return { nodes: codes.map((c) => codeOf(c, c.uses)), pageInfo: PageInfo.fromWindow(offset, codes.length, first, promotion.codeCount), totalCount: promotion.codeCount };
  }

  @Mutation(() => PromotionPayload, { description: "Makes a promotion, with its first code when given (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async promotionCreate(@Arg("input", () => PromotionInput) input: PromotionInput, @Ctx() ctx: GraphQLContext): Promise<PromotionPayload> {
    const write = toWrite(input);
    if (!write.kind) throw invalidInput("kind", "kind is required");
    const code = input.code ? { code: input.code, usageLimit: input.usageLimit ?? null } : null;
    if (!code && input.usageLimit !== undefined && input.usageLimit !== null) throw invalidInput("usageLimit", "usageLimit goes with a code");
    const created = await ctx.services.promotionAdmin.create({ ...write, title: write.title ?? "", kind: write.kind }, code, actorOf(ctx.principal!));
    return { promotion: toAdminPromotion(created), userErrors: [] };
  }

  @Mutation(() => PromotionPayload, { description: "Changes a promotion's fields (staff, or a token with promotions:write); its codes are added with discountCodeCreate." })
  @Authorized("staff", "promotions:write")
  async promotionUpdate(@Arg("id", () => ID, PROMOTION_ID) id: string, @Arg("input", () => PromotionInput) input: PromotionInput, @Ctx() ctx: GraphQLContext): Promise<PromotionPayload> {
    if (input.code !== undefined && input.code !== null) throw invalidInput("code", "Add a code with discountCodeCreate");
    const updated = await ctx.services.promotionAdmin.update(id, toWrite(input), actorOf(ctx.principal!));
    return { promotion: toAdminPromotion(updated), userErrors: [] };
  }

  @Mutation(() => PromotionPayload, { description: "Turns a promotion off: its codes stop working at once (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async promotionDisable(@Arg("id", () => ID, PROMOTION_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PromotionPayload> {
    return { promotion: toAdminPromotion(await ctx.services.promotionAdmin.setDisabled(id, true, actorOf(ctx.principal!))), userErrors: [] };
  }

  @Mutation(() => PromotionPayload, { description: "Turns a disabled promotion on again (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async promotionEnable(@Arg("id", () => ID, PROMOTION_ID) id: string, @Ctx() ctx: GraphQLContext): Promise<PromotionPayload> {
    return { promotion: toAdminPromotion(await ctx.services.promotionAdmin.setDisabled(id, false, actorOf(ctx.principal!))), userErrors: [] };
  }

  @Mutation(() => DiscountCodePayload, { description: "Adds a code to a promotion; codes are unique whatever their case (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async discountCodeCreate(
    @Arg("promotionId", () => ID, PROMOTION_ID) promotionId: string,
    @Arg("code", () => String, { description: "3–40 letters, digits, - or _." }) code: string,
    @Arg("usageLimit", () => Int, { nullable: true, description: "How many orders may use it; left out: no limit." }) usageLimit: number | null | undefined,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DiscountCodePayload> {
    const created = await ctx.services.promotionAdmin.createCode(promotionId, code, usageLimit ?? null, actorOf(ctx.principal!));
    return { discountCode: codeOf(created, 0), userErrors: [] };
  }

  @Mutation(() => DiscountCodesGeneratePayload, {
    description: "Makes many random codes at once (60 random bits each), in one transaction; export them with GET /api/admin/promotions/{id}/codes.csv (staff, or a token with promotions:write).",
  })
  @Authorized("staff", "promotions:write")
  async discountCodesGenerate(
    @Arg("promotionId", () => ID, PROMOTION_ID) promotionId: string,
    @Arg("count", () => Int, { description: "How many (1–10,000)." }) count: number,
    @Arg("prefix", () => String, { nullable: true, description: "1–10 capital letters or digits, written before a hyphen." }) prefix: string | null | undefined,
    @Arg("usageLimit", () => Int, { nullable: true, defaultValue: 1, description: "Uses each code allows (default 1: single-use); null: no limit." }) usageLimit: number | null,
    @Ctx() ctx: GraphQLContext,
  ): Promise<DiscountCodesGeneratePayload> {
    const codes = await ctx.services.promotionAdmin.generateCodes(promotionId, count, prefix ?? null, usageLimit, actorOf(ctx.principal!));
    const promotion = await ctx.services.promotionAdmin.find(promotionId);
    return { codes, promotion: promotion ? toAdminPromotion(promotion) : null, userErrors: [] };
  }

  @Mutation(() => DiscountCodeDeletePayload, { description: "Deletes a code no checkout has used; a used one stays on record (disable its promotion instead) (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async discountCodeDelete(@Arg("id", () => ID, { description: "The code's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<DiscountCodeDeletePayload> {
    return { deletedDiscountCodeId: await ctx.services.promotionAdmin.deleteCode(id, actorOf(ctx.principal!)), userErrors: [] };
  }

  @Query(() => ShopSettings, { description: "The shop's standing settings: the free-shipping threshold (staff, or a token with promotions:write)." })
  @Authorized("staff", "promotions:write")
  async shopSettings(@Ctx() ctx: GraphQLContext): Promise<ShopSettings> {
    return { freeShippingThreshold: toMoney(await ctx.services.promotionAdmin.freeShippingThresholdCents()) };
  }

  @Mutation(() => ShopSettingsPayload, { description: "Changes the standing free-shipping threshold (owner)." })
  @Authorized("owner")
  async shopSettingsUpdate(
    @Arg("freeShippingThreshold", () => String, { description: 'Dollars and cents, e.g. "75.00"; 0 makes shipping always free.' }) freeShippingThreshold: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<ShopSettingsPayload> {
    const cents = decimalStringToCents(freeShippingThreshold);
    if (cents === null) throw invalidInput("freeShippingThreshold", "freeShippingThreshold must be an amount in dollars and cents, e.g. 75.00");
    const saved = await ctx.services.promotionAdmin.setFreeShippingThreshold(cents, actorOf(ctx.principal!));
    return { shopSettings: { freeShippingThreshold: toMoney(saved) }, userErrors: [] };
  }
}
