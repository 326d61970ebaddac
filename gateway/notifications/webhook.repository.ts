import type { Kysely, Transaction } from "kysely";
import { sql } from "kysely";
import type { Database, WebhookDeliveryStateValue } from "../db/schema.js";
import type { WebhookAttemptRecord, WebhookDeliveryRecord, WebhookSubscriptionRecord, WebhookTopicName } from "./webhook.records.js";

const toSubscription = (r: { id: string; url: string; topics: string[]; created_at: Date | string }): WebhookSubscriptionRecord => ({
  id: r.id,
  url: r.url,
  topics: r.topics as WebhookTopicName[],
  createdAt: new Date(r.created_at),
});

export class WebhookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insertSubscription(url: string, topics: WebhookTopicName[], secret: string): Promise<WebhookSubscriptionRecord> {
    const row = await this.db.insertInto("webhook_subscriptions").values({ url, topics, secret }).returning(["id", "url", "topics", "created_at"]).executeTakeFirstOrThrow();
    return toSubscription(row);
  }

  /** The deleted subscription's URL; null when there was none with this id. */
  async deleteSubscription(id: string): Promise<{ url: string } | null> {
    const row = await this.db.deleteFrom("webhook_subscriptions").where("id", "=", id).returning("url").executeTakeFirst();
    return row ?? null;
  }

  /** Oldest first. */
  async listSubscriptions(): Promise<WebhookSubscriptionRecord[]> {
    const rows = await this.db.selectFrom("webhook_subscriptions").select(["id", "url", "topics", "created_at"]).orderBy("created_at").orderBy("id").execute();
    return rows.map(toSubscription);
  }

  /** In the order change's transaction (what publishing an event reads). */
  async subscriptionsFor(topic: WebhookTopicName, trx: Transaction<Database>): Promise<WebhookSubscriptionRecord[]> {
    const rows = await trx
      .selectFrom("webhook_subscriptions")
      .select(["id", "url", "topics", "created_at"])
      .where(sql<boolean>`${topic} = ANY(topics)`)
      .execute();
    return rows.map(toSubscription);
  }

  /** A delivery of one event to one subscription; false when that event was already recorded for it. */
  async insertDelivery(delivery: { id: string; subscriptionId: string; topic: WebhookTopicName; orderId: string; eventKey: string; body: string }, trx: Transaction<Database>): Promise<boolean> {
    const rows = await trx
      .insertInto("webhook_deliveries")
      .values({ id: delivery.id, subscription_id: delivery.subscriptionId, topic: delivery.topic, order_id: delivery.orderId, event_key: delivery.eventKey, body: delivery.body })
      .onConflict((oc) => oc.columns(["subscription_id", "topic", "order_id", "event_key"]).doNothing())
      .returning("id")
      .execute();
    return rows.length > 0;
  }

  /** What a delivery job needs: the body, where to, and the secret that signs it; null when the subscription is gone. */
  async findDeliveryToSend(id: string): Promise<{ id: string; topic: WebhookTopicName; body: string; url: string; secret: string; state: WebhookDeliveryStateValue } | null> {
    const row = await this.db
      .selectFrom("webhook_deliveries as d")
      .innerJoin("webhook_subscriptions as s", "s.id", "d.subscription_id")
      .select(["d.id", "d.topic", "d.body", "d.state", "s.url", "s.secret"])
      .where("d.id", "=", id)
      .executeTakeFirst();
    return row ?? null;
  }

  async recordAttempt(deliveryId: string, attempt: Omit<WebhookAttemptRecord, "at">): Promise<void> {
    await this.db
      .insertInto("webhook_attempts")
      .values({ delivery_id: deliveryId, status_code: attempt.statusCode, error: attempt.error, duration_ms: attempt.durationMs })
      .execute();
  }

  async setDeliveryState(id: string, state: WebhookDeliveryStateValue): Promise<void> {
    await this.db.updateTable("webhook_deliveries").set({ state, updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
  }

  /** The newest `first` deliveries of each subscription, with their attempts (oldest attempt first). */
  async deliveriesOf(subscriptionIds: readonly string[], first: number): Promise<Map<string, WebhookDeliveryRecord[]>> {
    const result = new Map<string, WebhookDeliveryRecord[]>(subscriptionIds.map((id) => [id, []]));
    if (subscriptionIds.length === 0 || first <= 0) return result;
    const rows = await this.db
      .selectFrom("webhook_deliveries as d")
      .select(["d.id", "d.subscription_id", "d.topic", "d.order_id", "d.state", "d.created_at"])
      .where("d.subscription_id", "in", subscriptionIds)
      .where(({ eb, selectFrom }) =>
        eb(
          selectFrom("webhook_deliveries as newer")
            .select(({ fn }) => fn.countAll<number>().as("n"))
            .whereRef("newer.subscription_id", "=", "d.subscription_id")
            .where(({ eb: e, or, and, ref }) =>
              or([e("newer.created_at", ">", ref("d.created_at")), and([e("newer.created_at", "=", ref("d.created_at")), e("newer.id", ">", ref("d.id"))])]),
            ),
          "<",
          first,
        ),
      )
      .orderBy("d.created_at", "desc")
      .orderBy("d.id", "desc")
      .execute();
    const attempts = rows.length
      ? await this.db
          .selectFrom("webhook_attempts")
          .select(["delivery_id", "at", "status_code", "error", "duration_ms"])
          .where(
            "delivery_id",
            "in",
            rows.map((r) => r.id),
          )
          .orderBy("at")
          .execute()
      : [];
    const byDelivery = new Map<string, WebhookAttemptRecord[]>();
    for (const a of attempts) {
      const list = byDelivery.get(a.delivery_id) ?? [];
      list.push({ at: new Date(a.at), statusCode: a.status_code, error: a.error, durationMs: a.duration_ms });
      byDelivery.set(a.delivery_id, list);
    }
    for (const r of rows) {
      result.get(r.subscription_id)!.push({
        id: r.id,
        subscriptionId: r.subscription_id,
        topic: r.topic,
        orderId: r.order_id,
        state: r.state,
        createdAt: new Date(r.created_at),
        attempts: byDelivery.get(r.id) ?? [],
      });
    }
    return result;
  }
}
