import { GraphQLJSONObject } from "graphql-scalars";
import { Arg, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { Customer } from "../customers/customer.types.js";
import { CustomerDeleteInput, CustomerDeletePayload } from "./account-data.types.js";

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
    return { deletedCustomerId: outcome.deletedCustomerId, ordersErased: outcome.ordersErased, ordersKeptForNow: outcome.ordersKeptForNow, userErrors: [] };
  }
}
