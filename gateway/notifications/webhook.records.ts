import type { WebhookDeliveryStateValue, WebhookTopicValue } from "../db/schema.js";

export type WebhookTopicName = WebhookTopicValue;
export const WEBHOOK_TOPICS: readonly WebhookTopicName[] = ["ORDERS_PAID", "ORDERS_FULFILLED", "ORDERS_CANCELLED", "ORDERS_REFUNDED"];

/**
 * The API token scope a subscription to each topic needs besides webhooks:write: the deliveries
 * carry the whole order (the buyer's email and address), which only orders:read may read.
 */
export const TOPIC_SCOPES: Readonly<Record<WebhookTopicName, string>> = {
  ORDERS_PAID: "orders:read",
  ORDERS_FULFILLED: "orders:read",
  ORDERS_CANCELLED: "orders:read",
  ORDERS_REFUNDED: "orders:read",
};

export interface WebhookSubscriptionRecord {
  id: string;
  url: string;
  topics: WebhookTopicName[];
  createdAt: Date;
}

export interface WebhookAttemptRecord {
  at: Date;
  statusCode: number | null;
  error: string | null;
  durationMs: number;
}

export interface WebhookDeliveryRecord {
  id: string;
  subscriptionId: string;
  topic: WebhookTopicName;
  orderId: string;
  state: WebhookDeliveryStateValue;
  createdAt: Date;
  attempts: WebhookAttemptRecord[];
}

/** The headers of every delivery (docs/api.md "Outbound webhooks" says how to verify them). */
export const WEBHOOK_HEADERS = {
  signature: "X-Shop-Hmac-Sha256",
  topic: "X-Shop-Topic",
  deliveryId: "X-Shop-Delivery-Id",
} as const;

export const WEBHOOK_JOB_KIND = "webhook.deliver";
