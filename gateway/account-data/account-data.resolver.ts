import { GraphQLJSONObject } from "graphql-scalars";
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import type { AccountDeletionOutcome } from "./account-deletion.service.js";
import { Customer } from "../customers/customer.types.js";
import { CustomerDeleteConfirmInput, CustomerDeleteInput, CustomerDeletePayload, CustomerDeleteRequestPayload } from "./account-data.types.js";

/** "Download my data" and "Delete account": the customer's own data, out of the shop or gone from it. */
@Resolver(() => Customer)
export class AccountDataResolver {
  @FieldResolver(() => GraphQLJSONObject, {
    nullable: true,
    description:
      "Everything the shop keeps about the account, as one JSON document (the same as GET /api/customer/export): profile, saved addresses, orders and custom designs. Only for the signed-in customer's own account (null otherwise); at most 20 an hour.",
  })
  async dataExport(@Root() customer: Customer, @Ctx() ctx: GraphQLContext): Promise<Record<string, unknown> | null> {
    if (ctx.customerId !== customer.id) return null;
    return ctx.services.accountExport.exportFor(customer.id);
  }

  @Mutation(() => CustomerDeletePayload, {
    description:
      "Deletes the signed-in customer's account, confirmed with the current password: the account, its sessions (every browser is signed out), saved addresses and custom designs go at once. Orders stay for the shop's books without email, name and address; those not yet shipped or within the 30-day return window keep them until it has passed.",
  })
  @Authorized()
  async customerDelete(
    @Arg("input", () => CustomerDeleteInput, { description: "The confirmation." }) input: CustomerDeleteInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerDeletePayload> {
    const outcome = await ctx.services.accountDeletion.deleteWithPassword(ctx.customerId!, input.currentPassword);
    await ctx.session.signOut();
    return deleted(outcome);
  }

  @Mutation(() => CustomerDeleteRequestPayload, {
    description:
      "Emails the signed-in customer's address a link that deletes the account once followed (customerDeleteConfirm): how an account without a password (made with Google) confirms its deletion. The link works once, within an hour; the one before stops working; at most 3 an hour.",
  })
  @Authorized()
  async customerDeleteRequest(@Ctx() ctx: GraphQLContext): Promise<CustomerDeleteRequestPayload> {
    const customer = await ctx.services.customers.findById(ctx.customerId!);
    await ctx.services.accountDeletion.requestByEmail(ctx.customerId!);
    return { sentTo: customer?.email ?? null, userErrors: [] };
  }

  @Mutation(() => CustomerDeletePayload, {
    description:
      "Deletes an account by the emailed link of customerDeleteRequest, as customerDelete does. Needs no sign-in (the link is the proof); when this browser was signed in to that account it is signed out. A used, expired or unknown link is TOKEN_USED, TOKEN_EXPIRED or TOKEN_INVALID and deletes nothing.",
  })
  async customerDeleteConfirm(
    @Arg("input", () => CustomerDeleteConfirmInput, { description: "The link's token." }) input: CustomerDeleteConfirmInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerDeletePayload> {
    const outcome = await ctx.services.accountDeletion.deleteByLink(input.token);
    if (ctx.customerId === outcome.deletedCustomerId) await ctx.session.signOut();
    return deleted(outcome);
  }
}

function deleted(outcome: AccountDeletionOutcome): CustomerDeletePayload {
  return { deletedCustomerId: outcome.deletedCustomerId, ordersErased: outcome.ordersErased, ordersKeptForNow: outcome.ordersKeptForNow, userErrors: [] };
}
