import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { OrderHistoryRecord } from "./order.records.js";

/** An order's history: one row per step of its life, oldest first. */
export class OrderHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(orderId: string, entry: { actor: string; action: string; message: string }, db: Kysely<Database> = this.db): Promise<void> {
    await db.insertInto("order_history").values({ order_id: orderId, ...entry }).execute();
  }

  async findByOrders(orderIds: string[]): Promise<Map<string, OrderHistoryRecord[]>> {
    const byOrder = new Map<string, OrderHistoryRecord[]>(orderIds.map((id) => [id, []]));
    if (orderIds.length === 0) return byOrder;
    const rows = await this.db
      .selectFrom("order_history")
      .select(["id", "order_id", "at", "actor", "action", "message"])
      .where("order_id", "in", orderIds)
      .orderBy("order_id")
      .orderBy("id")
      .execute();
    for (const r of rows) {
      byOrder.get(r.order_id)!.push({ id: String(r.id), at: new Date(r.at), actor: r.actor, action: r.action, message: r.message });
    }
    return byOrder;
  }
}
