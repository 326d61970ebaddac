import { sql, type Expression, type Kysely, type SqlBool } from "kysely";
import type { Database } from "../db/schema.js";
import type { FulfillmentStatus } from "./order.records.js";
import { TO_SHIP } from "./order-to-ship.js";

/** The list's views: every order, what still has to ship, or one fulfilment status. */
export type AdminOrderView = "ALL" | "TO_SHIP" | FulfillmentStatus;

export interface AdminOrderFilter {
  /** Only orders in this fulfilment status (besides the view). */
  status: FulfillmentStatus | null;
  /** An order number, or part of an email (lower-cased). */
  orderNumber: number | null;
  emailContains: string | null;
  /** Paid at or after; paid before (the list's date range). */
  placedFrom: Date | null;
  placedBefore: Date | null;
  /** Only orders with a line of this product. */
  productId: string | null;
  /** Only orders whose print-partner job failed. */
  printJobFailed: boolean;
}

export type AdminOrderSortKey = "PLACED_AT" | "ORDER_NUMBER" | "TOTAL" | "CUSTOMER";

export interface AdminOrderSortOrder {
  key: AdminOrderSortKey;
  descending: boolean;
}

/** Where a page starts: after the order with this sort value and number (the list's keyset). */
export interface AdminOrderKey {
  value: string | number;
  orderNumber: number;
}

export interface AdminOrderCounts {
  all: number;
  toShip: number;
  unfulfilled: number;
  inProgress: number;
  fulfilled: number;
  cancelled: number;
}


/** The value each sort reads; ties go by order number, in the same direction. */
const SORT_VALUE: Record<AdminOrderSortKey, Expression<unknown>> = {
  PLACED_AT: sql`orders.processed_at`,
  ORDER_NUMBER: sql`orders.order_number`,
  TOTAL: sql`orders.total_cents`,
  CUSTOMER: sql`lower(coalesce(nullif(customers.display_name, ''), orders.email))`,
};

/** The sort value as a cursor keeps it: a time as UTC ISO text to the microsecond PostgreSQL holds (a JavaScript Date would drop it). */
const CURSOR_VALUE: Record<AdminOrderSortKey, Expression<string | number>> = {
  ...(SORT_VALUE as Record<AdminOrderSortKey, Expression<string | number>>),
  PLACED_AT: sql<string>`to_char(orders.processed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
};

/** The shop's list of orders: which ids, in which order, how many (the records come from OrderRepository). */
export class OrderAdminRepository {
  /**
   * `printJobKey`: the dedupe key of an order's print-partner job, its prefix followed by the order id (the fulfilment feature's, handed
   * in at wiring: orders do not depend on the partners).
   */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly printJobKey: (orderId: string) => string,
  ) {}

  private filtered(filter: AdminOrderFilter) {
    let query = this.db.selectFrom("orders").leftJoin("customers", "customers.id", "orders.customer_id");
    if (filter.status) query = query.where("orders.fulfillment_status", "=", filter.status);
    const { orderNumber, emailContains } = filter;
    if (orderNumber !== null || emailContains !== null) {
      const pattern = emailContains === null ? null : `%${emailContains.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      query = query.where((eb) =>
        eb.or([
          ...(orderNumber !== null ? [eb("orders.order_number", "=", orderNumber)] : []),
          ...(pattern !== null ? [eb(sql<string>`lower(orders.email)`, "like", pattern)] : []),
        ]),
      );
    }
    if (filter.placedFrom) query = query.where("orders.processed_at", ">=", filter.placedFrom);
    if (filter.placedBefore) query = query.where("orders.processed_at", "<", filter.placedBefore);
    if (filter.productId) {
      const productId = filter.productId;
      query = query.where((eb) =>
        eb.exists(eb.selectFrom("order_lines").select(sql`1`.as("one")).whereRef("order_lines.order_id", "=", "orders.id").where("order_lines.product_id", "=", productId)),
      );
    }
    if (filter.printJobFailed) {
      query = query.where((eb) =>
        eb.exists(
          eb
            .selectFrom("jobs")
            .select(sql`1`.as("one"))
            .where("jobs.dedupe_key", "=", sql<string>`${this.printJobKey("")} || orders.id::text`)
            .where("jobs.state", "=", "FAILED"),
        ),
      );
    }
    return query;
  }

  private inView(filter: AdminOrderFilter, view: AdminOrderView) {
    const query = this.filtered(filter);
    if (view === "ALL") return query;
    if (view === "TO_SHIP") return query.where(TO_SHIP);
    return query.where("orders.fulfillment_status", "=", view);
  }

  /** One page in the sort's order; `after` continues after the previous page's last order. */
  async page(
    filter: AdminOrderFilter,
    view: AdminOrderView,
    sort: AdminOrderSortOrder,
    limit: number,
    after: AdminOrderKey | null,
  ): Promise<{ id: string; key: AdminOrderKey }[]> {
    const value = SORT_VALUE[sort.key];
    const direction = sort.descending ? sql`DESC` : sql`ASC`;
    let query = this.inView(filter, view)
      .select(["orders.id as id", "orders.order_number as order_number"])
      .select(sql<string | number>`${CURSOR_VALUE[sort.key]}`.as("sort_value"))
      .orderBy(sql`${value} ${direction}`)
      .orderBy(sql`orders.order_number ${direction}`)
      .limit(limit);
    if (after) {
      const at = sort.key === "PLACED_AT" ? sql`${after.value}::timestamptz` : sql`${after.value}`;
      const comparison = sort.descending ? sql`<` : sql`>`;
      query = query.where(sql<SqlBool>`(${value}, orders.order_number) ${comparison} (${at}, ${after.orderNumber})`);
    }
    const rows = await query.execute();
    return rows.map((r) => ({ id: r.id, key: { value: typeof r.sort_value === "string" ? r.sort_value : Number(r.sort_value), orderNumber: r.order_number } }));
  }

  async count(filter: AdminOrderFilter, view: AdminOrderView): Promise<number> {
    const row = await this.inView(filter, view).select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** How many orders each view holds under the same search and range (the list's tabs). */
  async counts(filter: AdminOrderFilter): Promise<AdminOrderCounts> {
    const row = await this.filtered(filter)
      .select([
        sql<number>`count(*)::int`.as("all"),
        sql<number>`(count(*) FILTER (WHERE ${TO_SHIP}))::int`.as("to_ship"),
        sql<number>`(count(*) FILTER (WHERE orders.fulfillment_status = 'UNFULFILLED'))::int`.as("unfulfilled"),
        sql<number>`(count(*) FILTER (WHERE orders.fulfillment_status = 'IN_PROGRESS'))::int`.as("in_progress"),
        sql<number>`(count(*) FILTER (WHERE orders.fulfillment_status = 'FULFILLED'))::int`.as("fulfilled"),
        sql<number>`(count(*) FILTER (WHERE orders.fulfillment_status = 'CANCELLED'))::int`.as("cancelled"),
      ])
      .executeTakeFirstOrThrow();
    return {
      all: Number(row.all),
      toShip: Number(row.to_ship),
      unfulfilled: Number(row.unfulfilled),
      inProgress: Number(row.in_progress),
      fulfilled: Number(row.fulfilled),
      cancelled: Number(row.cancelled),
    };
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
