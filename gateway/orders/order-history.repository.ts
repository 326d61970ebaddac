import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { OrderHistoryRecord } from "./order.records.js";

type HistoryEntry = { actor: string; action: string; message: string };

/** An order's history: one row per step of its life, oldest first. */
export class OrderHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A history line written on its own (a note outside any change of the order). */
  async insert(orderId: string, entry: HistoryEntry): Promise<void> {
    await this.add(orderId, entry, this.db);
  }

  /** A history line written in the caller's transaction: it commits with the change it describes. Answers its id. */
  async insertInTransaction(orderId: string, entry: HistoryEntry, trx: Transaction<Database>): Promise<string> {
    return this.add(orderId, entry, trx);
  }

  private async add(orderId: string, entry: HistoryEntry, executor: Kysely<Database>): Promise<string> {
    const row = await executor.insertInto("order_history").values({ order_id: orderId, ...entry }).returning("id").executeTakeFirstOrThrow();
    return String(row.id);
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
