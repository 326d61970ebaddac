import { createHmac, randomBytes, randomUUID } from "node:crypto";
import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { invalidInput, notFound } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { JobQueue } from "../jobs/job.service.js";
import type { JobRecord } from "../jobs/job.records.js";
import type { JobHandler } from "../jobs/job.runner.js";
import { PermanentJobError } from "../jobs/job.records.js";
import type { Actor } from "../shared/actor.js";
import type { AuditService } from "../staff/audit.service.js";
import type { WebhookRepository } from "./webhook.repository.js";
import { TargetRefused, type WebhookTargets } from "./webhook-target.js";
import { postWebhook } from "./webhook.client.js";
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

/**
 * A subscription as the audit log names it: its id and its receiver's origin. The path and query
 * are left out: receivers often carry a secret there, and the log keeps none.
 */
function receiverOf(subscription: { id: string; url: string }): string {
  return `${subscription.id} ${new URL(subscription.url).origin}`;
}

/** The event's body: the order as integrators read it (amounts as decimal strings, USD). */
export type WebhookOrderPayload = Record<string, unknown> & { id: string };

/**
 * Outbound webhooks for integrators: subscriptions (an https URL on the public internet and
 * topics), one delivery per event and subscription, recorded in the transaction of the order's
 * change and sent by the job runner afterwards, signed, retried with backoff, every attempt kept.
 * Where a receiver may be is `targets`' to say (webhook-target.ts), when subscribing and again at
 * every delivery.
 */
export class WebhookService {
  constructor(
    private readonly repository: WebhookRepository,
    private readonly jobs: JobQueue,
    private readonly targets: WebhookTargets,
    private readonly audit: Pick<AuditService, "record">,
  ) {}

  /**
   * The secret is made here and answered once; only deliveries use it afterwards. `url` and
   * `topics` as WebhookSubscriptionCreateArgs checked them (an http(s) URL without credentials,
   * known topics); the receiver must also be one `targets` allows (https, a public address).
   * Written to the audit log with who made it.
   */
  async create(url: string, topics: WebhookTopicName[], actor: Actor): Promise<{ subscription: WebhookSubscriptionRecord; secret: string }> {
    const checkedUrl = new URL(url.trim());
    try {
      await this.targets.addressFor(checkedUrl);
    } catch (error) {
      if (error instanceof TargetRefused) throw invalidInput("url", error.message);
      throw error;
    }
    const uniqueTopics = [...new Set(topics)];
    if ((await this.repository.listSubscriptions()).length >= MAX_SUBSCRIPTIONS) {
      throw invalidInput("url", `A shop has at most ${MAX_SUBSCRIPTIONS} webhook subscriptions; delete one first`);
    }
    const secret = `whsec_${randomBytes(32).toString("base64url")}`;
    const subscription = await this.repository.insertSubscription(checkedUrl.toString(), uniqueTopics, secret);
    await this.audit.record({ actor, action: "webhook_subscription_created", orderId: null, orderNumber: null, details: `${receiverOf(subscription)} (${uniqueTopics.join(", ")})` });
    return { subscription, secret };
  }

  /** Deletes the subscription with its deliveries (their pending jobs then finish without sending), and writes it to the audit log. */
  async delete(id: string, actor: Actor): Promise<string> {
    const deleted = isUuid(id) ? await this.repository.deleteSubscription(id) : null;
    if (!deleted) throw notFound("No webhook subscription with this id");
    await this.audit.record({ actor, action: "webhook_subscription_deleted", orderId: null, orderNumber: null, details: receiverOf({ id, url: deleted.url }) });
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

  /**
   * One attempt: POST the stored body, signed; a 2xx answer delivers it, anything else (a redirect
   * included: the subscription names where events go) is retried. A receiver `targets` refuses now
   * (its name resolves to a private address, or it is http) fails at once, with nothing sent.
   */
  private async deliver(job: JobRecord): Promise<Record<string, unknown>> {
    const delivery = await this.repository.findDeliveryToSend(String(job.payload.deliveryId));
    if (!delivery) return { skipped: "subscription deleted" };
    if (delivery.state === "SUCCEEDED") return { skipped: "already delivered" };
    const started = Date.now();
    const outcome = await postWebhook(this.targets, delivery.url, {
      headers: {
        "content-type": "application/json",
        "user-agent": "SatireSupplyCo-Webhooks/1",
        [WEBHOOK_HEADERS.signature]: webhookSignature(delivery.secret, delivery.body),
        [WEBHOOK_HEADERS.topic]: delivery.topic,
        [WEBHOOK_HEADERS.deliveryId]: delivery.id,
      },
      body: delivery.body,
      timeoutMs: DELIVERY_TIMEOUT_MS,
    });
    const statusCode = "statusCode" in outcome ? outcome.statusCode : null;
    const error = "error" in outcome ? outcome.error : statusCode !== null && (statusCode < 200 || statusCode >= 300) ? `HTTP ${statusCode}` : null;
    await this.repository.recordAttempt(delivery.id, { statusCode, error, durationMs: Date.now() - started });
    if (error !== null) {
      const message = `Webhook delivery to ${delivery.url} failed: ${error}`;
      throw "refused" in outcome ? new PermanentJobError(message) : new Error(message);
    }
    await this.repository.setDeliveryState(delivery.id, "SUCCEEDED");
    return { statusCode };
  }
}
