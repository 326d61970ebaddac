import type { Kysely, Transaction } from "kysely";
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
  "created_at",
] as const;

export class DesignRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(design: {
    id: string;
    customerId: string | null;
    preview: DesignImage & { body: Buffer };
    print: DesignImage & { body: Buffer };
    state: Record<string, unknown>;
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

  private async selectByIds(ids: readonly string[], executor: Kysely<Database>): Promise<DesignRecord[]> {
    if (ids.length === 0) return [];
    const rows = await executor.selectFrom("designs").select(META_COLUMNS).where("id", "in", ids).execute();
    return rows.map((r) => ({
      id: r.id,
      customerId: r.customer_id,
      preview: { contentType: r.preview_type, width: r.preview_width, height: r.preview_height },
      print: { contentType: r.print_type, width: r.print_width, height: r.print_height },
      state: r.state,
      createdAt: new Date(r.created_at),
    }));
  }

  async findFile(id: string, kind: DesignFileKind): Promise<{ contentType: string; body: Buffer } | null> {
    const row =
      kind === "preview"
        ? await this.db.selectFrom("designs").select(["preview_type as type", "preview as body"]).where("id", "=", id).executeTakeFirst()
        : await this.db.selectFrom("designs").select(["print_type as type", "print as body"]).where("id", "=", id).executeTakeFirst();
    return row ? { contentType: row.type, body: Buffer.from(row.body) } : null;
  }
}
