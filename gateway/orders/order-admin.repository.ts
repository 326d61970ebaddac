import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { FulfillmentStatus } from "./order.records.js";

export interface AdminOrderFilter {
  status: FulfillmentStatus | null;
  /** An order number, or part of an email (lower-cased). */
  orderNumber: number | null;
  emailContains: string | null;
}

/** The shop's list of orders: which ids, in which order, how many (the records come from OrderRepository). */
export class OrderAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private filtered(filter: AdminOrderFilter) {
    let query = this.db.selectFrom("orders");
    if (filter.status) query = query.where("fulfillment_status", "=", filter.status);
    const { orderNumber, emailContains } = filter;
    if (orderNumber !== null || emailContains !== null) {
      const pattern = emailContains === null ? null : `%${emailContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          ...(orderNumber !== null ? [eb("order_number", "=", orderNumber)] : []),
          ...(pattern !== null ? [eb(sql<string>`lower(email)`, "like", pattern)] : []),
        ]),
      );
    }
    return query;
  }

  /** Newest first (order numbers only grow); `beforeNumber` continues after the previous page. */
  async pageIds(filter: AdminOrderFilter, limit: number, beforeNumber: number | null): Promise<{ id: string; orderNumber: number }[]> {
    let query = this.filtered(filter).select(["id", "order_number"]).orderBy("order_number", "desc").limit(limit);
    if (beforeNumber !== null) query = query.where("order_number", "<", beforeNumber);
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, orderNumber: r.order_number }));
  }

  async count(filter: AdminOrderFilter): Promise<number> {
    const row = await this.filtered(filter).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** The display names of the accounts that placed these orders (guests' orders have none). */
  async customerNames(orderIds: string[]): Promise<Map<string, string | null>> {
    if (orderIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("orders")
      .innerJoin("customers", "customers.id", "orders.customer_id")
      .select(["orders.id as id", "customers.display_name as name"])
      .where("orders.id", "in", orderIds)
      .execute();
    return new Map(rows.map((r) => [r.id, r.name]));
  }
}
