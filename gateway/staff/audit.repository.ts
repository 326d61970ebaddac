import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";

export interface AuditEntryRecord {
  id: string;
  at: Date;
  actor: string;
  action: string;
  orderId: string | null;
  orderNumber: number | null;
  details: string | null;
}

export type NewAuditEntry = Omit<AuditEntryRecord, "id" | "at">;

/** The audit log: append-only, read newest first. */
export class AuditRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(entry: NewAuditEntry): Promise<void> {
    await this.add(entry, this.db);
  }

  async insertInTransaction(entry: NewAuditEntry, trx: Transaction<Database>): Promise<void> {
    await this.add(entry, trx);
  }

  private async add(entry: NewAuditEntry, executor: Kysely<Database>): Promise<void> {
    await executor
      .insertInto("audit_log")
      .values({ actor: entry.actor, action: entry.action, order_id: entry.orderId, order_number: entry.orderNumber, details: entry.details })
      .execute();
  }

  /** Newest first; `beforeId` continues after the last entry of the previous page. */
  async list(limit: number, beforeId: string | null): Promise<AuditEntryRecord[]> {
    let query = this.db
      .selectFrom("audit_log")
      .select(["id", "at", "actor", "action", "order_id", "order_number", "details"])
      .orderBy("id", "desc")
      .limit(limit);
    if (beforeId !== null) query = query.where("id", "<", beforeId);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: String(r.id),
      at: new Date(r.at),
      actor: r.actor,
      action: r.action,
      orderId: r.order_id,
      orderNumber: r.order_number,
      details: r.details,
    }));
  }
}
