import { Arg, Args, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { requireTokenScopes } from "../graphql/auth.js";
import { actorOf } from "../shared/actor.js";
import { TOPIC_SCOPES, type WebhookSubscriptionRecord } from "./webhook.records.js";
import {
  WebhookDeliveriesArgs,
  WebhookDelivery,
  WebhookSubscription,
  WebhookSubscriptionCreateArgs,
  WebhookSubscriptionCreatePayload,
  WebhookSubscriptionDeletePayload,
  WebhookTopic,
  type WebhookDeliveryState,
} from "./webhook.types.js";

const toSubscription = (s: WebhookSubscriptionRecord): WebhookSubscription => ({
  id: s.id,
  url: s.url,
  topics: s.topics as WebhookTopic[],
  createdAt: s.createdAt,
});

// Outbound webhooks: the owner, or an integration holding a token with webhooks:write (and, to
// subscribe to order events, orders:read: the deliveries carry the orders).
@Resolver(() => WebhookSubscription)
export class WebhookResolver {
  @Query(() => [WebhookSubscription], { description: "The shop's webhook subscriptions, oldest first (owner, or a token with webhooks:write)." })
  @Authorized("owner", "webhooks:write")
  async webhookSubscriptions(@Ctx() ctx: GraphQLContext): Promise<WebhookSubscription[]> {
    return (await ctx.services.webhooks.list()).map(toSubscription);
  }

  @FieldResolver(() => [WebhookDelivery], { description: "The newest deliveries to this subscription, newest first, with their attempts." })
  async deliveries(@Root() subscription: WebhookSubscription, @Args(() => WebhookDeliveriesArgs) { first }: WebhookDeliveriesArgs, @Ctx() ctx: GraphQLContext): Promise<WebhookDelivery[]> {
    const deliveries = (await ctx.services.webhooks.deliveries([subscription.id], first ?? 20)).get(subscription.id) ?? [];
    return deliveries.map((d) => ({ id: d.id, topic: d.topic as WebhookTopic, state: d.state as WebhookDeliveryState, createdAt: d.createdAt, attempts: d.attempts }));
  }

  @Mutation(() => WebhookSubscriptionCreatePayload, {
    description:
      "Subscribes an https URL on the public internet to order events; answers the signing secret once (owner, or a token with webhooks:write and orders:read: the deliveries carry the orders). Other schemes, URLs with a user name or password, and receivers whose host is or resolves to a loopback, private, link-local or otherwise reserved address are refused (userErrors on url).",
  })
  @Authorized("owner", "webhooks:write")
  async webhookSubscriptionCreate(
    @Args(() => WebhookSubscriptionCreateArgs) { url, topics }: WebhookSubscriptionCreateArgs,
    @Ctx() ctx: GraphQLContext,
  ): Promise<WebhookSubscriptionCreatePayload> {
    requireTokenScopes(ctx, topics.map((topic) => TOPIC_SCOPES[topic]), `subscribing to ${[...new Set(topics)].join(", ")}`);
    const { subscription, secret } = await ctx.services.webhooks.create(url, topics, actorOf(ctx.principal!));
    return { webhookSubscription: toSubscription(subscription), secret, userErrors: [] };
  }

  @Mutation(() => WebhookSubscriptionDeletePayload, {
    description: "Deletes a subscription and its delivery log; deliveries still queued are dropped (owner, or a token with webhooks:write).",
  })
  @Authorized("owner", "webhooks:write")
  async webhookSubscriptionDelete(@Arg("id", () => ID, { description: "The subscription's id." }) id: string, @Ctx() ctx: GraphQLContext): Promise<WebhookSubscriptionDeletePayload> {
    return { deletedId: await ctx.services.webhooks.delete(id, actorOf(ctx.principal!)), userErrors: [] };
  }
}
