import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { printAreaColumns, printAreaOf, type PrintAreaRecord } from "./product-mockups.records.js";

/** A blank as its writes need it: the colour as stored ('' for none) and its file. */
export interface StoredMockup {
  color: string;
  path: string;
  width: number;
  height: number;
}

/** A product's print area and blank mock-ups on the shop's side, inside the catalog writer's transactions. */
export class ProductMockupsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The product's print area; null when it has none (or there is no such product). */
  async printArea(productId: string): Promise<PrintAreaRecord | null> {
    const row = await this.db
      .selectFrom("products")
      .select(["print_area_x", "print_area_y", "print_area_width", "print_area_height", "print_width_hundredths", "print_height_hundredths"])
      .where("id", "=", productId)
      .executeTakeFirst();
    return row ? printAreaOf(row) : null;
  }

  /** Whether the product exists (any status), read before an upload is decoded. */
  async productExists(id: string): Promise<boolean> {
    return (await this.db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  async setPrintArea(productId: string, area: PrintAreaRecord | null, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("products").set(printAreaColumns(area)).where("id", "=", productId).execute();
  }

  /** The product's blank of this colour (as stored), or null. */
  async findMockup(productId: string, color: string, trx: Transaction<Database>): Promise<StoredMockup | null> {
    return (await trx.selectFrom("product_mockups").select(["color", "path", "width", "height"]).where("product_id", "=", productId).where("color", "=", color).executeTakeFirst()) ?? null;
  }

  /** The product's blank of `mockup.color` becomes this one (added, or replacing the one there was). */
  async putMockup(productId: string, mockup: StoredMockup, trx: Transaction<Database>): Promise<void> {
    await trx
      .insertInto("product_mockups")
      .values({ product_id: productId, ...mockup })
      .onConflict((oc) => oc.columns(["product_id", "color"]).doUpdateSet({ path: mockup.path, width: mockup.width, height: mockup.height }))
      .execute();
  }

  async removeMockup(productId: string, color: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("product_mockups").where("product_id", "=", productId).where("color", "=", color).execute();
  }
}
