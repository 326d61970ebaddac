import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { JobQueue } from "../jobs/job.service.js";
import type { JobRecord } from "../jobs/job.records.js";
import type { JobHandler } from "../jobs/job.runner.js";
import type { WebhookRepository } from "./webhook.repository.js";
import {
  WEBHOOK_HEADERS,
  WEBHOOK_JOB_KIND,
  type WebhookDeliveryRecord,
  type WebhookSubscriptionRecord,
  type WebhookTopicName,
} from "./webhook.records.js";

/** A receiver gets this long to answer; longer counts as a failed attempt. */
const DELIVERY_TIMEOUT_MS = 10_000;
const MAX_SUBSCRIPTIONS = 50;

/** HMAC-SHA256 of the raw body with the subscription's secret, base64: the X-Shop-Hmac-Sha256 header. */
function webhookSignature(secret: string, body: string | Buffer): string {
  return createHmac("sha256", secret).update(body).digest("base64");
}

/** The event's body: the order as integrators read it (amounts as decimal strings, USD). */
export type WebhookOrderPayload = Record<string, unknown> & { id: string };

/**
 * Outbound webhooks for integrators: subscriptions (an http(s) URL and topics), one delivery per
 * event and subscription, recorded in the transaction of the order's change and sent by the job
 * runner afterwards, signed, retried with backoff, every attempt kept.
 */
export class WebhookService {
  constructor(
    private readonly repository: WebhookRepository,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * The secret is made here and answered once; only deliveries use it afterwards. `url` and
   * `topics` as WebhookSubscriptionCreateArgs checked them (an http(s) receiver, known topics).
   */
  async create(url: string, topics: WebhookTopicName[]): Promise<{ subscription: WebhookSubscriptionRecord; secret: string }> {
    const checkedUrl = new URL(url.trim()).toString();
    const uniqueTopics = [...new Set(topics)];
    if ((await this.repository.listSubscriptions()).length >= MAX_SUBSCRIPTIONS) {
      throw invalidInput("url", `A shop has at most ${MAX_SUBSCRIPTIONS} webhook subscriptions; delete one first`);
    }
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    const subscription = await this.repository.insertSubscription(checkedUrl, uniqueTopics, secret);
    return { subscription, secret };
  }

  /** Deletes the subscription with its deliveries; their pending jobs then finish without sending. */
  async delete(id: string): Promise<string> {
    if (!isUuid(id) || !(await this.repository.deleteSubscription(id))) throw notFound("No webhook subscription with this id");
    return id;
  }

  list(): Promise<WebhookSubscriptionRecord[]> {
    return this.repository.listSubscriptions();
  }

  deliveries(subscriptionIds: readonly string[], first: number): Promise<Map<string, WebhookDeliveryRecord[]>> {
    return this.repository.deliveriesOf(subscriptionIds, Math.min(Math.max(first, 0), 100));
  }

  /**
   * In the order change's transaction: a delivery (and its job) for every subscription to the topic.
   * `event`: for a topic that can happen several times to one order (ORDERS_REFUNDED), its key (the
   * refund's id) and what the body carries besides the order.
   */
  async publish(topic: WebhookTopicName, order: WebhookOrderPayload, trx: Transaction<Database>, event?: { key: string; extra: Record<string, unknown> }): Promise<void> {
    for (const subscription of await this.repository.subscriptionsFor(topic, trx)) {
      const id = randomUUID();
      const body = JSON.stringify({ id, topic, createdAt: new Date().toISOString(), order, ...event?.extra });
      if (await this.repository.insertDelivery({ id, subscriptionId: subscription.id, topic, orderId: order.id, eventKey: event?.key ?? "", body }, trx)) {
        await this.jobs.enqueueInTransaction({ kind: WEBHOOK_JOB_KIND, payload: { deliveryId: id }, dedupeKey: `webhook:${id}` }, trx);
      }
    }
  }

  handler(): JobHandler {
    return {
      run: (job) => this.deliver(job),
      failed: async (job) => this.repository.setDeliveryState(String(job.payload.deliveryId), "FAILED"),
    };
  }

  /** One attempt: POST the stored body, signed; a 2xx answer delivers it, anything else is retried. */
  private async deliver(job: JobRecord): Promise<Record<string, unknown>> {
    const delivery = await this.repository.findDeliveryToSend(String(job.payload.deliveryId));
    if (!delivery) return { skipped: "subscription deleted" };
    if (delivery.state === "SUCCEEDED") return { skipped: "already delivered" };
    const started = Date.now();
    let statusCode: number | null = null;
    let error: string | null = null;
    try {
      const res = await fetch(delivery.url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": "SatireSupplyCo-Webhooks/1",
          [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, delivery.body),
          [WEBHOOK_HEADERS.topic]: delivery.topic,
          [WEBHOOK_HEADERS.deliveryId]: delivery.id,
        },
        body: delivery.body,
        // A redirect is a failed attempt: the subscription names where events go.
        redirect: "manual",
        signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
      });
      statusCode = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `HTTP ${res.status}`;
    } catch (e) {
      error = e instanceof Error ? (e.name === "TimeoutError" ? `No answer within ${DELIVERY_TIMEOUT_MS / 1000} s` : e.message) : String(e);
    }
    await this.repository.recordAttempt(delivery.id, { statusCode, error, durationMs: Date.now() - started });
    if (error !== null) throw new Error(`Webhook delivery to ${delivery.url} failed: ${error}`);
    await this.repository.setDeliveryState(delivery.id, "SUCCEEDED");
    return { statusCode };
  }
}
