import { likePattern } from "./search-text.js";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ImageSource, ProductStatusValue } from "../db/schema.js";
import { mediaUrl, type ProductRecord } from "./catalog.records.js";
import { COLOR_OPTION_JOIN, colorOf, MOCKUP_OFFERED, printAreaOf } from "./product-mockups.records.js";
import {
  PARTNER_WITH_VARIANT_IDS,
  type AdminImageRecord,
  type AdminMockupRecord,
  type AdminProductQuery,
  type AdminProductRecord,
  type AdminProductSummary,
  type AdminVariantRecord,
} from "./product-admin.records.js";

/** The columns a product row has beside its parts, as staff write them. */
export interface ProductRowValues {
  handle: string;
  title: string;
  description_html: string;
  status: ProductStatusValue;
  tags: string[];
  product_type: string;
  seo_title: string;
  seo_description: string;
  fulfillment_partner: string;
  customizable: boolean;
}

export interface VariantRowValues {
  title: string;
  price_cents: number;
  compare_at_cents: number | null;
  selected_options: { name: string; value: string }[];
  position: number;
  sku: string;
  available_for_sale: boolean;
  image_id: string | null;
}

/** The catalog's reads and writes on the shop's side: every status, inside the writer's transactions. */
export class ProductAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The products the admin's search and status filter find (the list's and a bulk change's selection alike). */
  private matching(query: Pick<AdminProductQuery, "search" | "status">, executor: Kysely<Database>) {
    let filtered = executor.selectFrom("products as p");
    if (query.status) filtered = filtered.where("p.status", "=", query.status);
    if (query.search) {
      const pattern = likePattern(query.search);
      filtered = filtered.where((eb) =>
        eb.or([
          eb("p.search_text", "like", pattern),
          eb(sql`lower(p.handle)`, "like", pattern),
          eb.exists(eb.selectFrom("variants as v").select("v.id").whereRef("v.product_id", "=", "p.id").where(sql`lower(v.sku)`, "like", pattern)),
        ]),
      );
    }
    return filtered;
  }

  /** The ids of at most `limit` products the admin's search and filter find, by id. */
  async idsMatching(query: Pick<AdminProductQuery, "search" | "status">, limit: number, trx: Transaction<Database>): Promise<string[]> {
    const rows = await this.matching(query, trx).select("p.id").orderBy("p.id").limit(limit).execute();
    return rows.map((r) => r.id);
  }

  async list(query: AdminProductQuery): Promise<{ items: AdminProductSummary[]; totalCount: number }> {
    const filtered = this.matching(query, this.db);
    const [rows, count] = await Promise.all([
      filtered
        .select([
          "p.id",
          "p.handle",
          "p.title",
          "p.status",
          "p.price_cents",
          "p.updated_at",
          (eb) => eb.selectFrom("product_images as i").select("i.path").whereRef("i.product_id", "=", "p.id").orderBy("i.position").limit(1).as("thumbnail_path"),
          (eb) => eb.selectFrom("product_images as i").select("i.sources").whereRef("i.product_id", "=", "p.id").orderBy("i.position").limit(1).as("thumbnail_sources"),
          (eb) =>
            eb
              .selectFrom("variants as v")
              .select(sql<number>`count(*)::int`.as("n"))
              .whereRef("v.product_id", "=", "p.id")
              .where("v.archived_at", "is", null)
              .as("variant_count"),
        ])
        .orderBy("p.updated_at", "desc")
        .orderBy("p.id")
        .limit(query.limit)
        .offset(query.offset)
        .execute(),
      filtered.select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow(),
    ]);
    return {
      totalCount: Number(count.count),
      items: rows.map((r) => ({
        id: r.id,
        handle: r.handle,
        title: r.title,
        status: r.status,
        priceCents: r.price_cents,
        variantCount: Number(r.variant_count ?? 0),
        thumbnailUrl: thumbnailOf(r.thumbnail_path, r.thumbnail_sources as ImageSource[] | null),
        updatedAt: new Date(r.updated_at),
      })),
    };
  }

  /** A product with everything the editor shows; null when there is none. */
  find(id: string): Promise<AdminProductRecord | null> {
    return this.read(id, this.db);
  }

  /** The same, inside a writer's transaction (what it is about to commit). */
  findInTransaction(id: string, trx: Transaction<Database>): Promise<AdminProductRecord | null> {
    return this.read(id, trx);
  }

  private async read(id: string, executor: Kysely<Database>): Promise<AdminProductRecord | null> {
    const product = await executor.selectFrom("products").selectAll().where("id", "=", id).executeTakeFirst();
    if (!product) return null;
    const [options, variants, images, redirects, sold, archived, mockups] = await Promise.all([
      executor.selectFrom("product_options").select(["id", "name", "values"]).where("product_id", "=", id).orderBy("position").execute(),
      executor
        .selectFrom("variants as v")
        .leftJoin("partner_variants as pv", (join) => join.onRef("pv.variant_id", "=", "v.id").on("pv.partner", "=", PARTNER_WITH_VARIANT_IDS))
        .select([
          "v.id",
          "v.title",
          "v.price_cents",
          "v.compare_at_cents",
          "v.sku",
          "v.available_for_sale",
          "v.image_id",
          "v.selected_options",
          "v.position",
          "pv.external_variant_id",
          (eb) => eb.exists(eb.selectFrom("order_lines as l").select("l.id").whereRef("l.variant_id", "=", "v.id")).as("sold"),
        ])
        .where("v.product_id", "=", id)
        .where("v.archived_at", "is", null)
        .orderBy("v.position")
        .execute(),
      executor.selectFrom("product_images").select(["id", "path", "alt_text", "position", "width", "height", "sources"]).where("product_id", "=", id).orderBy("position").execute(),
      executor.selectFrom("product_handle_redirects").select("handle").where("product_id", "=", id).orderBy("created_at", "desc").execute(),
      this.soldIn(id, executor),
      executor
        .selectFrom("variants")
        .select(sql<number>`count(*)::int`.as("n"))
        .where("product_id", "=", id)
        .where("archived_at", "is not", null)
        .executeTakeFirstOrThrow(),
      this.mockupsOf(id, executor),
    ]);
    const record: ProductRecord & { descriptionHtml: string } = {
      id: product.id,
      handle: product.handle,
      title: product.title,
      descriptionHtml: product.description_html,
      fulfillmentPartner: product.fulfillment_partner,
      rating: Number(product.rating),
      reviewCount: product.review_count,
      salesCount: product.sales_count,
      customizable: product.customizable,
      tags: product.tags,
      priceCents: product.price_cents,
      compareAtCents: product.compare_at_cents,
      createdAt: new Date(product.created_at),
      status: product.status,
      productType: product.product_type,
      seoTitle: product.seo_title,
      seoDescription: product.seo_description,
      updatedAt: new Date(product.updated_at),
      printArea: printAreaOf(product),
    };
    return {
      ...record,
      options: options.map((o) => ({ id: o.id, name: o.name, values: o.values })),
      variants: variants.map(
        (v): AdminVariantRecord => ({
          id: v.id,
          title: v.title,
          priceCents: v.price_cents,
          compareAtCents: v.compare_at_cents,
          sku: v.sku,
          availableForSale: v.available_for_sale,
          imageId: v.image_id,
          partnerVariantId: v.external_variant_id,
          selectedOptions: v.selected_options,
          position: v.position,
          sold: Boolean(v.sold),
        }),
      ),
      images: images.map(toAdminImage),
      previousHandles: redirects.map((r) => r.handle),
      sold,
      archivedVariantCount: Number(archived.n),
      mockups,
    };
  }

  /** The product's blank mock-ups: those of colours it offers first, in the Color option's order, then the rest by colour. */
  private async mockupsOf(id: string, executor: Kysely<Database>): Promise<AdminMockupRecord[]> {
    const { rows } = await sql<{ color: string; path: string; width: number; height: number; offered: boolean }>`
      SELECT m.color, m.path, m.width, m.height, ${MOCKUP_OFFERED} AS offered
      FROM product_mockups m LEFT JOIN ${COLOR_OPTION_JOIN}
      WHERE m.product_id = ${id}
      ORDER BY 5 DESC, array_position(o.values, m.color), m.color`.execute(executor);
    return rows.map((r) => ({ color: colorOf(r.color), url: mediaUrl(r.path), width: r.width, height: r.height, offered: r.offered }));
  }

  /** Whether any order line names the product or one of its variants. */
  productSold(id: string, trx: Transaction<Database>): Promise<boolean> {
    return this.soldIn(id, trx);
  }

  private async soldIn(id: string, executor: Kysely<Database>): Promise<boolean> {
    const row = await executor
      .selectFrom("order_lines as l")
      .select("l.id")
      .where((eb) => eb.or([eb("l.product_id", "=", id), eb("l.variant_id", "in", eb.selectFrom("variants").select("id").where("product_id", "=", id))]))
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The product that has this handle, or had it (a redirect); null when none. */
  async handleOwner(handle: string, trx: Transaction<Database>): Promise<{ productId: string; current: boolean } | null> {
    const current = await trx.selectFrom("products").select("id").where("handle", "=", handle).executeTakeFirst();
    if (current) return { productId: current.id, current: true };
    const former = await trx.selectFrom("product_handle_redirects").select("product_id").where("handle", "=", handle).executeTakeFirst();
    return former ? { productId: former.product_id, current: false } : null;
  }

  /** Locks the product's row for the rest of the transaction (two editors saving at once take turns). */
  async lockProduct(id: string, trx: Transaction<Database>): Promise<{ handle: string; status: ProductStatusValue; title: string } | null> {
    return (await trx.selectFrom("products").select(["handle", "status", "title"]).where("id", "=", id).forUpdate().executeTakeFirst()) ?? null;
  }

  async insertProduct(values: ProductRowValues, trx: Transaction<Database>): Promise<string> {
    const row = await trx
      .insertInto("products")
      // Prices are set from the variants by the writer's refreshDerived; 1 satisfies the check meanwhile.
      .values({ ...values, price_cents: 1, compare_at_cents: null, search_text: "", rating: 0, review_count: 0, sales_count: 0 })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async updateProduct(id: string, values: Partial<ProductRowValues>, trx: Transaction<Database>): Promise<void> {
    if (Object.keys(values).length === 0) return;
    await trx.updateTable("products").set(values).where("id", "=", id).execute();
  }

  /**
   * The product gave up `oldHandle` for `newHandle`: the old one keeps resolving to it, a redirect
   * the new handle had is dropped (it is the product's own again). Memes link the product by id, so they follow.
   */
  async moveHandle(id: string, oldHandle: string, newHandle: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("product_handle_redirects").where("handle", "=", newHandle).execute();
    await trx
      .insertInto("product_handle_redirects")
      .values({ handle: oldHandle, product_id: id })
      .onConflict((oc) => oc.column("handle").doUpdateSet({ product_id: id }))
      .execute();
  }

  /** A handle a new product takes from another product's past: that product's old links stop resolving to it. */
  async dropRedirect(handle: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("product_handle_redirects").where("handle", "=", handle).execute();
  }

  async replaceOptions(id: string, options: { name: string; values: string[] }[], trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("product_options").where("product_id", "=", id).execute();
    if (options.length === 0) return;
    await trx
      .insertInto("product_options")
      .values(options.map((o, i) => ({ product_id: id, name: o.name, values: o.values, position: i + 1 })))
      .execute();
  }

  async optionsOf(id: string, trx: Transaction<Database>): Promise<{ name: string; values: string[] }[]> {
    return trx.selectFrom("product_options").select(["name", "values"]).where("product_id", "=", id).orderBy("position").execute();
  }

  /** The variants still offered, with whether an order or an open cart names each. */
  async offeredVariants(id: string, trx: Transaction<Database>): Promise<{ id: string; title: string; inUse: boolean }[]> {
    const rows = await trx
      .selectFrom("variants as v")
      .select([
        "v.id",
        "v.title",
        (eb) =>
          eb
            .or([
              eb.exists(eb.selectFrom("order_lines as l").select("l.id").whereRef("l.variant_id", "=", "v.id")),
              eb.exists(eb.selectFrom("cart_lines as cl").select("cl.id").whereRef("cl.variant_id", "=", "v.id")),
            ])
            .as("in_use"),
      ])
      .where("v.product_id", "=", id)
      .where("v.archived_at", "is", null)
      .execute();
    return rows.map((r) => ({ id: r.id, title: r.title, inUse: Boolean(r.in_use) }));
  }

  /** Removes variants no longer offered: archived when an order or a cart names them, deleted otherwise. */
  async removeVariants(variants: { id: string; inUse: boolean }[], trx: Transaction<Database>): Promise<void> {
    const archive = variants.filter((v) => v.inUse).map((v) => v.id);
    const remove = variants.filter((v) => !v.inUse).map((v) => v.id);
    if (archive.length > 0) await trx.updateTable("variants").set({ archived_at: sql<Date>`now()`, position: sql<number>`-position` }).where("id", "in", archive).execute();
    if (remove.length > 0) await trx.deleteFrom("variants").where("id", "in", remove).execute();
  }

  async updateVariant(id: string, values: VariantRowValues, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("variants")
      .set({ ...values, selected_options: JSON.stringify(values.selected_options) })
      .where("id", "=", id)
      .execute();
  }

  /** Adds variants to a product in one statement: their ids by their positions. */
  async insertVariants(productId: string, values: VariantRowValues[], trx: Transaction<Database>): Promise<Map<number, string>> {
    if (values.length === 0) return new Map();
    const rows = await trx
      .insertInto("variants")
      .values(values.map((v) => ({ ...v, product_id: productId, selected_options: JSON.stringify(v.selected_options) })))
      .returning(["id", "position"])
      .execute();
    return new Map(rows.map((r) => [r.position, r.id]));
  }

  /** Sets (or, with null, removes) the partner's ids of variants: two statements at most, whatever their number. */
  async setPartnerVariantIds(entries: { variantId: string; externalId: string | null }[], trx: Transaction<Database>): Promise<void> {
    const removed = entries.filter((e) => e.externalId === null).map((e) => e.variantId);
    const set = entries.filter((e): e is { variantId: string; externalId: string } => e.externalId !== null);
    if (removed.length > 0) await trx.deleteFrom("partner_variants").where("variant_id", "in", removed).where("partner", "=", PARTNER_WITH_VARIANT_IDS).execute();
    if (set.length === 0) return;
    await trx
      .insertInto("partner_variants")
      .values(set.map((e) => ({ partner: PARTNER_WITH_VARIANT_IDS, variant_id: e.variantId, external_variant_id: e.externalId })))
      .onConflict((oc) => oc.columns(["partner", "variant_id"]).doUpdateSet((eb) => ({ external_variant_id: eb.ref("excluded.external_variant_id"), updated_at: sql<Date>`now()` })))
      .execute();
  }

  /** Of these SKUs, the ones a variant still offered outside `exceptProductId` already has. */
  async skusTaken(skus: string[], exceptProductId: string | null, trx: Transaction<Database>): Promise<Set<string>> {
    if (skus.length === 0) return new Set();
    let query = trx.selectFrom("variants").select("sku").where("sku", "in", skus).where("archived_at", "is", null);
    if (exceptProductId) query = query.where("product_id", "!=", exceptProductId);
    return new Set((await query.execute()).map((r) => r.sku));
  }

  async imageIdsOf(productId: string, trx: Transaction<Database>): Promise<Set<string>> {
    return new Set((await trx.selectFrom("product_images").select("id").where("product_id", "=", productId).execute()).map((r) => r.id));
  }

  /** Deletes a product never sold; memes that linked it keep no link (the foreign key sets null). */
  async deleteProduct(id: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("products").where("id", "=", id).execute();
  }
}

function toAdminImage(row: { id: string; path: string; alt_text: string; position: number; width: number | null; height: number | null; sources: ImageSource[] }): AdminImageRecord {
  return {
    id: row.id,
    url: mediaUrl(row.path),
    altText: row.alt_text,
    position: row.position,
    width: row.width,
    height: row.height,
    sources: row.sources.map((s) => ({ url: mediaUrl(s.path), width: s.width, contentType: s.contentType })),
  };
}

/** The smallest size made of an image, for a list's thumbnail (the original when none was made). */
export function thumbnailOf(path: string | null, sources: ImageSource[] | null): string | null {
  if (!path) return null;
  const smallest = (sources ?? []).find((s) => s.contentType === "image/webp");
  return mediaUrl(smallest?.path ?? path);
}
