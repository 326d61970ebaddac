import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ImageSource } from "../db/schema.js";
import { mediaUrl } from "./catalog.records.js";

/** A product image as its writes need it: where its files are, and its place. */
export interface StoredImage {
  id: string;
  path: string;
  sources: ImageSource[];
  altText: string;
  position: number;
}

/** The columns of a new product image. */
export interface NewImageValues {
  path: string;
  altText: string;
  width: number;
  height: number;
  sources: ImageSource[];
}

/** A product's images on the shop's side, inside the catalog writer's transactions. */
export class ProductImagesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the product exists (any status), read before an upload is decoded. */
  async productExists(id: string): Promise<boolean> {
    return (await this.db.selectFrom("products").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  /** The product's images in gallery order. */
  async imagesOf(productId: string, trx: Transaction<Database>): Promise<StoredImage[]> {
    const rows = await trx.selectFrom("product_images").select(["id", "path", "sources", "alt_text", "position"]).where("product_id", "=", productId).orderBy("position").execute();
    return rows.map((r) => ({ id: r.id, path: r.path, sources: r.sources, altText: r.alt_text, position: r.position }));
  }

  /** Adds an image after the product's last one; answers its id. */
  async append(productId: string, values: NewImageValues, trx: Transaction<Database>): Promise<string> {
    const row = await trx
      .insertInto("product_images")
      .values({
        product_id: productId,
        path: values.path,
        alt_text: values.altText,
        width: values.width,
        height: values.height,
        sources: JSON.stringify(values.sources),
        position: sql<number>`(SELECT coalesce(max(position), 0) + 1 FROM product_images WHERE product_id = ${productId})`,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async setAltText(imageId: string, altText: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("product_images").set({ alt_text: altText }).where("id", "=", imageId).execute();
  }

  /**
   * The images take places 1, 2, … in the order of `imageIds` (all of one product's). The
   * uniqueness of a product's places is checked at commit, so two images may swap.
   */
  async setOrder(productId: string, imageIds: readonly string[], trx: Transaction<Database>): Promise<void> {
    for (const [i, id] of imageIds.entries()) {
      await trx.updateTable("product_images").set({ position: i + 1 }).where("id", "=", id).where("product_id", "=", productId).execute();
    }
  }

  /** Removes an image (variants showing it show none: the foreign key sets null) and closes the gap in the places. */
  async remove(productId: string, image: StoredImage, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("product_images").where("id", "=", image.id).execute();
    await trx
      .updateTable("product_images")
      .set({ position: sql<number>`position - 1` })
      .where("product_id", "=", productId)
      .where("position", ">", image.position)
      .execute();
  }

  /** Which of these media paths something still shows: a product image (as its original or a size), a product's blank mock-up, an order's line, a collection (its image or a size) or a meme. */
  async mediaPathsInUse(paths: readonly string[], trx: Transaction<Database>): Promise<Set<string>> {
    if (paths.length === 0) return new Set();
    const urls = paths.map(mediaUrl);
    const { rows } = await sql<{ path: string }>`
      SELECT path FROM product_images WHERE path IN (${sql.join(paths)})
      UNION SELECT s.value->>'path' FROM product_images i CROSS JOIN LATERAL jsonb_array_elements(i.sources) s
        WHERE s.value->>'path' IN (${sql.join(paths)})
      UNION SELECT substr(image_url, ${mediaUrl("").length + 1}) FROM order_lines WHERE image_url IN (${sql.join(urls)})
      UNION SELECT image_path FROM collections WHERE image_path IN (${sql.join(paths)})
      UNION SELECT s.value->>'path' FROM collections c CROSS JOIN LATERAL jsonb_array_elements(c.image_sources) s
        WHERE s.value->>'path' IN (${sql.join(paths)})
      UNION SELECT image_path FROM memes WHERE image_path IN (${sql.join(paths)})
      UNION SELECT path FROM product_mockups WHERE path IN (${sql.join(paths)})`.execute(trx);
    return new Set(rows.map((r) => r.path));
  }
}
