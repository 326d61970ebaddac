import type { Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import type { ImportOrderState } from "./tracking-import.rules.js";

/** The orders a tracking import names, by number: only what the plan reads (no lines). */
export class TrackingImportRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async ordersByNumbers(numbers: readonly number[]): Promise<Map<number, ImportOrderState>> {
    if (numbers.length === 0) return new Map();
    const rows = await this.db
      .selectFrom("orders")
      .select(["id", "order_number", "fulfillment_status", "carrier", "tracking_number"])
      .where("order_number", "in", [...new Set(numbers)])
      .execute();
    return new Map(
      rows.map((r) => [
        r.order_number,
        { id: r.id, orderNumber: r.order_number, fulfillmentStatus: r.fulfillment_status, carrier: r.carrier, trackingNumber: r.tracking_number },
      ]),
    );
  }
}
