import { sql, type Kysely, type RawBuilder } from "kysely";
import type { Database } from "../db/schema.js";
import { FULFILLMENT_JOB_KIND } from "../fulfillment/partners/partner.records.js";
import { TO_SHIP } from "../orders/order-to-ship.js";
import type { BestSeller, HomePeriodKey } from "./admin-home.records.js";

/** A local day as the database counts it: its orders and their totals less refunds (cents). */
export interface DayRow {
  date: string;
  orders: number;
  netRevenueCents: number;
}

/** The first day (YYYY-MM-DD, in the zone) of each period whose best sellers are asked for. */
export type PeriodStarts = Record<HomePeriodKey, string>;

/** When a local date begins in a time zone, as a timestamptz (daylight-saving days included). */
const startOf = (date: RawBuilder<unknown>, timeZone: string) => sql<Date>`(${date})::timestamp AT TIME ZONE ${timeZone}`;
const dateParam = (date: string) => sql`${date}::date`;
const dayAfter = (date: string) => sql`${date}::date + 1`;

/** PostgreSQL's refusal of a time zone name it does not know (22023, invalid_parameter_value). */
export function isUnknownTimeZone(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === "22023" && typeof message === "string" && message.includes("time zone");
}

/**
 * The figures of the staff's Home screen, each one aggregate query over the paid orders (every row of
 * `orders` is one), their lines and the print partner's jobs; days are local dates in a time zone.
 */
export class AdminHomeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Orders placed from `from` to `to` (inclusive local dates), per day that has any. */
  async dailyTotals(timeZone: string, from: string, to: string): Promise<DayRow[]> {
    const day = sql<string>`((processed_at AT TIME ZONE ${timeZone})::date)::text`;
    const rows = await this.db
      .selectFrom("orders")
      .select([day.as("date"), sql<number>`count(*)::int`.as("orders"), sql<string>`sum(total_cents - refunded_cents)::bigint`.as("net")])
      .where("processed_at", ">=", startOf(dateParam(from), timeZone))
      .where("processed_at", "<", startOf(dayAfter(to), timeZone))
      .groupBy(sql`1`)
      .execute();
    return rows.map((r) => ({ date: r.date, orders: Number(r.orders), netRevenueCents: Number(r.net) }));
  }

  /** What is still to ship (the orders list's To ship view): how many, and when the oldest was paid. */
  async toShip(): Promise<{ count: number; oldestPaidAt: Date | null }> {
    const row = await this.db
      .selectFrom("orders")
      .select([sql<number>`count(*)::int`.as("count"), sql<Date | null>`min(processed_at)`.as("oldest")])
      .where(TO_SHIP)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldestPaidAt: row.oldest === null ? null : new Date(row.oldest) };
  }

  /** Orders whose print-partner job has failed (one job per order, by its dedupe key), as it stands now. */
  async failedPartnerJobs(): Promise<number> {
    const row = await this.db
      .selectFrom("jobs")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("kind", "=", FULFILLMENT_JOB_KIND)
      .where("state", "=", "FAILED")
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /**
   * The top `limit` products of each period by quantity sold (then revenue, then title), from the
   * lines of orders placed from the period's first day to `to` and not cancelled. A product is named
   * by its current title (the line's, once the product is gone); lines kept without a product id
   * are grouped by their title.
   */
  async bestSellers(timeZone: string, starts: PeriodStarts, to: string, limit: number): Promise<Map<HomePeriodKey, BestSeller[]>> {
    const periods = (Object.entries(starts) as [HomePeriodKey, string][]).map(([key, from]) => sql`(${key}, ${startOf(dateParam(from), timeZone)})`);
    const earliest = Object.values(starts).sort()[0]!;
    const { rows } = await sql<{ period: HomePeriodKey; product_id: string | null; title: string; quantity: string; revenue: string }>`
      WITH periods (period, since) AS (VALUES ${sql.join(periods)}),
      sold AS (
        SELECT p.period, l.product_id, coalesce(max(pr.title), max(l.product_title)) AS title,
               sum(l.quantity)::bigint AS quantity, sum(l.line_total_cents)::bigint AS revenue
        FROM orders o
        JOIN order_lines l ON l.order_id = o.id
        JOIN periods p ON o.processed_at >= p.since
        LEFT JOIN products pr ON pr.id = l.product_id
        WHERE o.processed_at >= ${startOf(dateParam(earliest), timeZone)}
          AND o.processed_at < ${startOf(dayAfter(to), timeZone)}
          AND o.fulfillment_status <> 'CANCELLED'
        GROUP BY p.period, l.product_id, CASE WHEN l.product_id IS NULL THEN l.product_title END
      )
      SELECT period, product_id, title, quantity::text, revenue::text
      FROM (SELECT sold.*, row_number() OVER (PARTITION BY period ORDER BY quantity DESC, revenue DESC, title, product_id) AS rank FROM sold) ranked
      WHERE rank <= ${limit}
      ORDER BY period, rank`.execute(this.db);
    const found = new Map<HomePeriodKey, BestSeller[]>();
    for (const row of rows) {
      const list = found.get(row.period) ?? [];
      list.push({ productId: row.product_id, title: row.title, quantity: Number(row.quantity), revenueCents: Number(row.revenue) });
      found.set(row.period, list);
    }
    return found;
  }
}
