import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { DesignFileKind, DesignImage, DesignRecord } from "./design.records.js";

const META_COLUMNS = [
  "id",
  "customer_id",
  "preview_type",
  "preview_width",
  "preview_height",
  "print_type",
  "print_width",
  "print_height",
  "state",
  "print_dpi",
  "created_at",
] as const;

type DesignMetaRow = Pick<Selectable<Database["designs"]>, (typeof META_COLUMNS)[number]>;

function toDesignRecord(r: DesignMetaRow): DesignRecord {
  return {
    id: r.id,
    customerId: r.customer_id,
    preview: { contentType: r.preview_type, width: r.preview_width, height: r.preview_height },
    print: { contentType: r.print_type, width: r.print_width, height: r.print_height },
    state: r.state,
    printDpi: r.print_dpi,
    createdAt: new Date(r.created_at),
  };
}

export class DesignRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(design: {
    id: string;
    customerId: string | null;
    preview: DesignImage & { body: Buffer };
    print: DesignImage & { body: Buffer };
    state: Record<string, unknown>;
    printDpi: number | null;
  }): Promise<void> {
    await this.db
      .insertInto("designs")
      .values({
        id: design.id,
        customer_id: design.customerId,
        preview: design.preview.body,
        preview_type: design.preview.contentType,
        preview_width: design.preview.width,
        preview_height: design.preview.height,
        print: design.print.body,
        print_type: design.print.contentType,
        print_width: design.print.width,
        print_height: design.print.height,
        state: JSON.stringify(design.state),
        print_dpi: design.printDpi,
      })
      .execute();
  }

  async findByIds(ids: readonly string[]): Promise<DesignRecord[]> {
    return this.selectByIds(ids, this.db);
  }

  /** As findByIds, in the caller's transaction (a cart change checking the designs its lines name). */
  async findByIdsInTransaction(ids: readonly string[], trx: Transaction<Database>): Promise<DesignRecord[]> {
    return this.selectByIds(ids, trx);
  }

  /** The account's designs, oldest first (its data download). */
  async findByCustomer(customerId: string): Promise<DesignRecord[]> {
    const rows = await this.db.selectFrom("designs").select(META_COLUMNS).where("customer_id", "=", customerId).orderBy("created_at").orderBy("id").execute();
    return rows.map(toDesignRecord);
  }

  /** The ids of the account's designs, locked for the caller's transaction (the account's deletion). */
  async lockIdsOfCustomer(customerId: string, trx: Transaction<Database>): Promise<string[]> {
    const rows = await trx.selectFrom("designs").select("id").where("customer_id", "=", customerId).forUpdate().execute();
    return rows.map((r) => r.id);
  }

  async deleteByIds(ids: readonly string[], executor: Kysely<Database>): Promise<void> {
    if (ids.length === 0) return;
    await executor.deleteFrom("designs").where("id", "in", [...ids]).execute();
  }

  /** The owner deleted the account; these designs stay, without an owner, while an order prints from them. */
  async markOwnerDeleted(ids: readonly string[], at: Date, trx: Transaction<Database>): Promise<void> {
    if (ids.length === 0) return;
    await trx.updateTable("designs").set({ customer_id: null, owner_deleted_at: at }).where("id", "in", [...ids]).execute();
  }

  /** Designs kept after their owner deleted the account (few: those of open or recent orders), locked; other sweepers skip them. */
  async lockOwnerDeleted(trx: Transaction<Database>): Promise<string[]> {
    const rows = await trx.selectFrom("designs").select("id").where("owner_deleted_at", "is not", null).forUpdate().skipLocked().execute();
    return rows.map((r) => r.id);
  }

  private async selectByIds(ids: readonly string[], executor: Kysely<Database>): Promise<DesignRecord[]> {
    if (ids.length === 0) return [];
    const rows = await executor.selectFrom("designs").select(META_COLUMNS).where("id", "in", ids).execute();
    return rows.map(toDesignRecord);
  }

  async findFile(id: string, kind: DesignFileKind): Promise<{ contentType: string; body: Buffer } | null> {
    const row =
      kind === "preview"
        ? await this.db.selectFrom("designs").select(["preview_type as type", "preview as body"]).where("id", "=", id).executeTakeFirst()
        : await this.db.selectFrom("designs").select(["print_type as type", "print as body"]).where("id", "=", id).executeTakeFirst();
    return row ? { contentType: row.type, body: Buffer.from(row.body) } : null;
  }
}
