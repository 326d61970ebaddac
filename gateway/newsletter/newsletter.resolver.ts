import { Args, Ctx, Mutation, Resolver } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { SubscribeNewsletterArgs, SubscribeNewsletterPayload } from "./newsletter.types.js";

@Resolver()
export class NewsletterResolver {
  @Mutation(() => SubscribeNewsletterPayload, {
    description: "Puts an email address on the newsletter list. Subscribing an address that is already on it succeeds and changes nothing.",
  })
  async subscribeNewsletter(
    @Args(() => SubscribeNewsletterArgs) { email }: SubscribeNewsletterArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<SubscribeNewsletterPayload> {
    const subscription = await ctx.services.newsletter.subscribe(email, ctx.session.clientKey);
    return { email: subscription.email, userErrors: [] };
  }
}
