import { Arg, Args, Authorized, Ctx, FieldResolver, Mutation, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import type { CustomerRecord } from "./customer.records.js";
import { Customer, CustomerPayload } from "./customer.types.js";
import {
  CustomerActivateInput,
  CustomerActivatePayload,
  CustomerActivationOutcome,
  CustomerEmailUpdateInput,
  CustomerRecoverArgs,
  CustomerRecoverPayload,
  CustomerResetInput,
} from "./customer-recovery.types.js";

// Password reset, email verification and changes of email (expected failures are DomainErrors,
// answered as the payload's userErrors).

@Resolver(() => Customer)
export class CustomerRecoveryResolver {
  @FieldResolver(() => Boolean, { description: "Whether the customer proved owning the email (a verification link, a password reset, or Google). Never needed to sign in or check out." })
  emailVerified(@Root() customer: CustomerRecord): boolean {
    return customer.emailVerified;
  }

  @FieldResolver(() => String, { nullable: true, description: "The new address a change of email waits to verify; null when no change is pending." })
  pendingEmail(@Root() customer: CustomerRecord, @Ctx() ctx: GraphQLContext): Promise<string | null> {
    return ctx.services.customerRecovery.pendingEmail(customer.id);
  }

  @Mutation(() => CustomerRecoverPayload, {
    description:
      "Asks for a password-reset email (Shopify's name). Answers the same whether or not an account has the email; when one does, a link that works once within an hour is emailed. Limited per email and per client.",
  })
  async customerRecover(@Args(() => CustomerRecoverArgs) { email }: CustomerRecoverArgs, @Ctx() ctx: GraphQLContext): Promise<CustomerRecoverPayload> {
    await ctx.services.customerRecovery.requestReset(email, ctx.session.clientKey);
    return { ok: true, userErrors: [] };
  }

  @Mutation(() => CustomerPayload, {
    description:
      "Sets a new password by an emailed reset link (Shopify's name): once, before it expires. The email counts as verified, every other session of the customer ends, and this browser is signed in. A used, expired or unknown link is TOKEN_USED, TOKEN_EXPIRED or TOKEN_INVALID.",
  })
  async customerReset(@Arg("input", () => CustomerResetInput, { description: "The link's token and the new password." }) input: CustomerResetInput, @Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    const customer = await ctx.services.customerRecovery.reset(input.token, input.password);
    await ctx.session.signIn(customer.id, false);
    return { customer, userErrors: [] };
  }

  @Mutation(() => CustomerActivatePayload, {
    description:
      "Follows an emailed verification link (Shopify's name for confirming an account): verifies the account's email, or completes a change of email, or approves one from the current address. Needs no sign-in: the link is the proof.",
  })
  async customerActivate(
    @Arg("input", () => CustomerActivateInput, { description: "The link's token." }) input: CustomerActivateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerActivatePayload> {
    const { outcome, email } = await ctx.services.customerRecovery.activate(input.token);
    return { outcome: outcome as CustomerActivationOutcome, email, userErrors: [] };
  }

  @Mutation(() => CustomerPayload, { description: "Sends the signed-in customer's verification email again (the link before stops working). Limited per customer." })
  @Authorized()
  async customerEmailVerificationSend(@Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    return { customer: await ctx.services.customerRecovery.resendVerification(ctx.customerId!), userErrors: [] };
  }

  @Mutation(() => CustomerPayload, {
    description:
      "Asks to change the signed-in customer's email. Needs the current password (an account without one approves by a link sent to its current address). The change takes effect once the new address is verified by its emailed link; the old address is told. An email another account has is CONFLICT.",
  })
  @Authorized()
  async customerEmailUpdate(
    @Arg("input", () => CustomerEmailUpdateInput, { description: "The new email and the current password." }) input: CustomerEmailUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerPayload> {
    return { customer: await ctx.services.customerRecovery.requestEmailChange(ctx.customerId!, input), userErrors: [] };
  }
}
