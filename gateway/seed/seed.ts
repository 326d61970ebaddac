import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { buildSearchText } from "../catalog/search-text.js";
import type { SeedData, SeedProduct } from "./seed.types.js";

const SEED_STATE_KEY = "seed.fingerprint";

export interface SeedResult {
  /** False when the database already holds exactly this seed (a second start changes nothing). */
  applied: boolean;
  fingerprint: string;
}

function seedFingerprint(data: SeedData): string {
  return createHash("sha256").update(JSON.stringify(data)).digest("hex");
}

/**
 * Brings the database in line with the seed, by handle (collections, products), key (memes) and
 * path (media). Rows the seed does not name are left alone. Runs in one transaction.
 */
export async function applySeed(db: Kysely<Database>, data: SeedData): Promise<SeedResult> {
  const fingerprint = seedFingerprint(data);
  const current = await db.selectFrom("app_state").select("value").where("key", "=", SEED_STATE_KEY).executeTakeFirst();
  if (current?.value === fingerprint) return { applied: false, fingerprint };

  await db.transaction().execute(async (trx) => {
    await upsertMedia(data, trx);
    const collectionIds = await upsertCollections(data, trx);
    for (const product of data.products) await upsertProduct(product, collectionIds, trx);
    await upsertMemes(data, trx);
    await trx
      .insertInto("app_state")
      .values({ key: SEED_STATE_KEY, value: fingerprint })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: fingerprint, updated_at: sql`now()` }))
      .execute();
  });
  return { applied: true, fingerprint };
}

async function upsertMedia(data: SeedData, trx: Transaction<Database>) {
  if (data.media.length === 0) return;
  await trx
    .insertInto("media")
    .values(
      data.media.map((m) => {
        const body = Buffer.from(m.body, "utf8");
        return { path: m.path, content_type: m.contentType, body, etag: createHash("sha256").update(body).digest("hex").slice(0, 32) };
      }),
    )
    .onConflict((oc) =>
      oc.column("path").doUpdateSet((eb) => ({
        content_type: eb.ref("excluded.content_type"),
        body: eb.ref("excluded.body"),
        etag: eb.ref("excluded.etag"),
      })),
    )
    .execute();
}

async function upsertCollections(data: SeedData, trx: Transaction<Database>): Promise<Map<string, string>> {
  const rows = await trx
    .insertInto("collections")
    .values(
      data.collections.map((c) => ({
        handle: c.handle,
        title: c.title,
        description: c.description,
        image_path: c.imagePath,
        position: c.position,
      })),
    )
    .onConflict((oc) =>
      oc.column("handle").doUpdateSet((eb) => ({
        title: eb.ref("excluded.title"),
        description: eb.ref("excluded.description"),
        image_path: eb.ref("excluded.image_path"),
        position: eb.ref("excluded.position"),
      })),
    )
    .returning(["id", "handle"])
    .execute();
  return new Map(rows.map((r) => [r.handle, r.id]));
}

async function upsertProduct(product: SeedProduct, collectionIds: Map<string, string>, trx: Transaction<Database>) {
  const cheapest = product.variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  const values = {
    handle: product.handle,
    title: product.title,
    description_html: product.descriptionHtml,
    fulfillment_partner: product.fulfillmentPartner,
    rating: product.rating,
    review_count: product.reviewCount,
    sales_count: product.salesCount,
    customizable: product.customizable,
    tags: product.tags,
    price_cents: cheapest.priceCents,
    compare_at_cents: cheapest.compareAtCents,
    search_text: buildSearchText(product),
    created_at: product.createdAt,
  };
  const { id: productId } = await trx
    .insertInto("products")
    .values(values)
    .onConflict((oc) => oc.column("handle").doUpdateSet(values))
    .returning("id")
    .executeTakeFirstOrThrow();

  // Images and options are replaced by position/name; variants are kept by title so their ids
  // (which carts and orders refer to) survive a re-seed.
  await trx.deleteFrom("product_images").where("product_id", "=", productId).execute();
  if (product.images.length > 0) {
    await trx
      .insertInto("product_images")
      .values(product.images.map((img, i) => ({ product_id: productId, path: img.path, alt_text: img.altText, position: i + 1 })))
      .execute();
  }

  await trx.deleteFrom("product_options").where("product_id", "=", productId).execute();
  if (product.options.length > 0) {
    await trx
      .insertInto("product_options")
      .values(product.options.map((o, i) => ({ product_id: productId, name: o.name, values: o.values, position: i + 1 })))
      .execute();
  }

  const titles = product.variants.map((v) => v.title);
  await trx.deleteFrom("variants").where("product_id", "=", productId).where("title", "not in", titles).execute();
  await trx
    .insertInto("variants")
    .values(
      product.variants.map((v, i) => ({
        product_id: productId,
        title: v.title,
        price_cents: v.priceCents,
        compare_at_cents: v.compareAtCents,
        selected_options: JSON.stringify(v.selectedOptions),
        position: i + 1,
      })),
    )
    .onConflict((oc) =>
      oc.columns(["product_id", "title"]).doUpdateSet((eb) => ({
        price_cents: eb.ref("excluded.price_cents"),
        compare_at_cents: eb.ref("excluded.compare_at_cents"),
        selected_options: eb.ref("excluded.selected_options"),
        position: eb.ref("excluded.position"),
      })),
    )
    .execute();

  await trx.deleteFrom("product_collections").where("product_id", "=", productId).execute();
  const links = product.collections.map((handle, i) => {
    const collectionId = collectionIds.get(handle);
    if (!collectionId) throw new Error(`Seed: product ${product.handle} names unknown collection ${handle}`);
    return { product_id: productId, collection_id: collectionId, position: i };
  });
  if (links.length > 0) await trx.insertInto("product_collections").values(links).execute();
}

async function upsertMemes(data: SeedData, trx: Transaction<Database>) {
  if (data.memes.length === 0) return;
  // The one-featured index would refuse a hand-over of the featured flag within one statement.
  const featuredKey = data.memes.find((m) => m.featured)?.key ?? "";
  await trx.updateTable("memes").set({ featured: false }).where("featured", "=", true).where("key", "!=", featuredKey).execute();
  await trx
    .insertInto("memes")
    .values(
      data.memes.map((m) => ({
        key: m.key,
        title: m.title,
        description: m.description,
        image_path: m.imagePath,
        tags: m.tags,
        product_handle: m.productHandle,
        featured: m.featured,
        created_at: m.createdAt,
      })),
    )
    .onConflict((oc) =>
      oc.column("key").doUpdateSet((eb) => ({
        title: eb.ref("excluded.title"),
        description: eb.ref("excluded.description"),
        image_path: eb.ref("excluded.image_path"),
        tags: eb.ref("excluded.tags"),
        product_handle: eb.ref("excluded.product_handle"),
        featured: eb.ref("excluded.featured"),
        created_at: eb.ref("excluded.created_at"),
      })),
    )
    .execute();
}
