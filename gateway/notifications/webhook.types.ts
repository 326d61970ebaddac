import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { declareCheck, webAddress } from "../shared/validation.js";
import { WEBHOOK_TOPICS } from "./webhook.records.js";

export enum WebhookTopic {
  ORDERS_PAID = "ORDERS_PAID",
  ORDERS_FULFILLED = "ORDERS_FULFILLED",
  ORDERS_CANCELLED = "ORDERS_CANCELLED",
  ORDERS_REFUNDED = "ORDERS_REFUNDED",
}

registerEnumType(WebhookTopic, {
  name: "WebhookTopic",
  description: "The order events an integration can subscribe to.",
  valuesConfig: {
    ORDERS_PAID: { description: "An order was paid (checkout completed)." },
    ORDERS_FULFILLED: { description: "An order was shipped, with its tracking." },
    ORDERS_CANCELLED: { description: "The shop cancelled an order." },
    ORDERS_REFUNDED: { description: "Money was given back on an order (once per refund that succeeded; the body carries the refund)." },
  },
});

export enum WebhookDeliveryState {
  PENDING = "PENDING",
  SUCCEEDED = "SUCCEEDED",
  FAILED = "FAILED",
}

registerEnumType(WebhookDeliveryState, {
  name: "WebhookDeliveryState",
  description: "Where one delivery of an event stands.",
  valuesConfig: {
    PENDING: { description: "Not yet answered with a 2xx: waiting for its first or next attempt." },
    SUCCEEDED: { description: "The receiver answered 2xx." },
    FAILED: { description: "Given up after every attempt failed." },
  },
});

@ObjectType({ description: "One try at delivering an event." })
export class WebhookAttempt {
  @Field(() => GraphQLISODateTime, { description: "When the attempt was made." })
  at!: Date;

  @Field(() => Int, { nullable: true, description: "The receiver's HTTP status; null when it never answered." })
  statusCode!: number | null;

  @Field(() => String, { nullable: true, description: "Why the attempt failed (a non-2xx status, a timeout, a refused connection); null when it succeeded." })
  error!: string | null;

  @Field(() => Int, { description: "How long the attempt took, in milliseconds." })
  durationMs!: number;
}

@ObjectType({ description: "One event sent (or being sent) to one subscription, signed, retried with backoff." })
export class WebhookDelivery {
  @Field(() => ID, { description: "Id of the delivery (the X-Shop-Delivery-Id header and the body's id)." })
  id!: string;

  @Field(() => WebhookTopic, { description: "The event." })
  topic!: WebhookTopic;

  @Field(() => WebhookDeliveryState, { description: "Where the delivery stands." })
  state!: WebhookDeliveryState;

  @Field(() => GraphQLISODateTime, { description: "When the event happened." })
  createdAt!: Date;

  @Field(() => [WebhookAttempt], { description: "Every attempt so far, oldest first." })
  attempts!: WebhookAttempt[];
}

@ObjectType({ description: "Where the shop sends order events for an integration. Each delivery is a POST signed with the subscription's secret." })
export class WebhookSubscription {
  @Field(() => ID, { description: "Id of the subscription." })
  id!: string;

  @Field(() => String, { description: "The https URL events are POSTed to." })
  url!: string;

  @Field(() => [WebhookTopic], { description: "The events sent to it." })
  topics!: WebhookTopic[];

  @Field(() => GraphQLISODateTime, { description: "When it was made." })
  createdAt!: Date;
}

const MAX_URL_LENGTH = 2000;

/** Only http(s) receivers (no file:, ftp:, javascript: …), without credentials in the URL, at most MAX_URL_LENGTH characters once trimmed. */
const ReceiverUrl = () =>
  declareCheck("webhookReceiverUrl", { type: "string", format: "uri", maxLength: MAX_URL_LENGTH }, (value, field) => {
    const trimmed = typeof value === "string" ? value.trim() : "";
    const url = webAddress(trimmed);
    if (!url) return `${field} must be an http:// or https:// address`;
    if (url.username || url.password) return `${field} must not contain a user name or password`;
    return trimmed.length > MAX_URL_LENGTH ? `${field} must be at most ${MAX_URL_LENGTH} characters` : null;
  });

/** At least one topic, each one of WEBHOOK_TOPICS (a topic given twice counts once). */
const Topics = () =>
  declareCheck("webhookTopics", { type: "array", items: { enum: [...WEBHOOK_TOPICS] }, minItems: 1 }, (value) => {
    const topics = [...new Set(Array.isArray(value) ? (value as unknown[]) : [])];
    if (topics.length === 0) return "Choose at least one topic";
    return topics.some((t) => !(WEBHOOK_TOPICS as readonly unknown[]).includes(t)) ? `Topics are ${WEBHOOK_TOPICS.join(", ")}` : null;
  });

@ArgsType()
export class WebhookSubscriptionCreateArgs {
  @Field(() => String, { description: "Where to POST events: an https:// URL on the public internet (at most 2,000 characters)." })
  @ReceiverUrl()
  url!: string;

  @Field(() => [WebhookTopic], { description: "The events to send (at least one)." })
  @Topics()
  topics!: WebhookTopic[];
}

@ArgsType()
export class WebhookDeliveriesArgs {
  @Field(() => Int, { nullable: true, defaultValue: 20, description: "How many of the newest deliveries (0–100; null means 20)." })
  first!: number | null;
}

@ObjectType({ description: "The result of webhookSubscriptionCreate." })
export class WebhookSubscriptionCreatePayload {
  @Field(() => WebhookSubscription, { nullable: true, description: "The new subscription; null when refused." })
  webhookSubscription!: WebhookSubscription | null;

  @Field(() => String, {
    nullable: true,
    description: "The secret that signs deliveries (X-Shop-Hmac-Sha256 = base64 HMAC-SHA256 of the raw body). Answered only here, once: keep it.",
  })
  secret!: string | null;

  @Field(() => [UserError], { description: 'Why it was refused (code "INVALID_INPUT", field "url" or "topics"); empty on success.' })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of webhookSubscriptionDelete." })
export class WebhookSubscriptionDeletePayload {
  @Field(() => ID, { nullable: true, description: "Id of the subscription deleted; null when refused." })
  deletedId!: string | null;

  @Field(() => [UserError], { description: 'Why it was refused (code "NOT_FOUND"); empty on success.' })
  userErrors!: UserError[];
}
