import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import {
  Customer,
  CustomerChangePasswordInput,
  CustomerPayload,
  CustomerUpdateInput,
  LoginInput,
  LogoutPayload,
  RegisterInput,
} from "./customer.types.js";

// An expected failure throws a DomainError, which the error boundary (graphql-server/errors.ts)
// answers as the payload's userErrors.

@Resolver(() => Customer)
export class CustomerResolver {
  @Query(() => Customer, { nullable: true, description: "The signed-in customer; null when signed out." })
  me(@Ctx() ctx: GraphQLContext): Promise<Customer | null> {
    return ctx.customerId ? ctx.services.customers.findById(ctx.customerId) : Promise.resolve(null);
  }

  @Mutation(() => CustomerPayload, { description: "Makes an account (it does not sign in; log in next)." })
  async register(@Arg("input", () => RegisterInput, { description: "The new account." }) input: RegisterInput, @Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    return { customer: await ctx.services.customers.register(input, ctx.session.clientKey), userErrors: [] };
  }

  @Mutation(() => CustomerPayload, { description: "Signs in with email and password and sets the session cookie." })
  async login(@Arg("input", () => LoginInput, { description: "Credentials." }) input: LoginInput, @Ctx() ctx: GraphQLContext): Promise<CustomerPayload> {
    const customer = await ctx.services.customers.authenticate(input, ctx.session.signInClient);
    await ctx.session.signIn(customer.id, input.rememberMe === true);
    ctx.session.rememberDevice("login", customer.email);
    return { customer, userErrors: [] };
  }

  @Mutation(() => LogoutPayload, { description: "Signs out: the session ends on the server and its cookie is cleared." })
  async logout(@Ctx() ctx: GraphQLContext): Promise<LogoutPayload> {
    await ctx.session.signOut();
    return { ok: true, userErrors: [] };
  }

  @Mutation(() => CustomerPayload, { description: "Changes the signed-in customer's display name." })
  @Authorized()
  async customerUpdate(
    @Arg("input", () => CustomerUpdateInput, { description: "The changes." }) input: CustomerUpdateInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerPayload> {
    return { customer: await ctx.services.customers.updateDisplayName(ctx.customerId!, input.displayName), userErrors: [] };
  }

  @Mutation(() => CustomerPayload, { description: "Changes the signed-in customer's password; their other sessions end." })
  @Authorized()
  async customerChangePassword(
    @Arg("input", () => CustomerChangePasswordInput, { description: "Current and new password." }) input: CustomerChangePasswordInput,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerPayload> {
    const customer = await ctx.services.customers.changePassword(ctx.customerId!, input, ctx.session.sessionId ?? undefined);
    return { customer, userErrors: [] };
  }
}
