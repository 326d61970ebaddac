import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ProductStatusValue } from "../db/schema.js";
import type { ProductAdminRepository } from "./product-admin.repository.js";
import { PARTNER_WITH_VARIANT_IDS } from "./product-admin.records.js";
import type { BulkProductRecord, BulkSelection } from "./catalog-bulk.records.js";
import type { VariantPrices } from "./catalog-bulk.rules.js";

/** A bulk change's reads and writes: set-based, so thousands of products cost a handful of statements. */
export class CatalogBulkRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly products: ProductAdminRepository,
  ) {}

  /**
   * Runs a preview's reads in one snapshot (REPEATABLE READ), so the products, their variants and
   * the fingerprint made of them are of one moment.
   */
  snapshot<T>(read: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().setIsolationLevel("repeatable read").execute(read);
  }

  /** The ids of at most `limit` products the selection finds, by id (the ones of `productIds` that exist). */
  async selectedIds(selection: BulkSelection, limit: number, trx: Transaction<Database>): Promise<string[]> {
    if (selection.kind === "search") return this.products.idsMatching(selection, limit, trx);
    if (selection.kind === "products") {
      const rows = await trx.selectFrom("products").select("id").where("id", "=", sql<string>`any(${selection.productIds}::uuid[])`).orderBy("id").limit(limit).execute();
      return rows.map((r) => r.id);
    }
    const rows = await trx.selectFrom("product_collections").select("product_id").where("collection_id", "=", selection.collectionId).orderBy("product_id").limit(limit).execute();
    return rows.map((r) => r.product_id);
  }

  async collectionExists(id: string, trx: Transaction<Database>): Promise<boolean> {
    return (await trx.selectFrom("collections").select("id").where("id", "=", id).executeTakeFirst()) !== undefined;
  }

  /** Locks the products' rows, in id order (two bulk changes never wait on each other in a circle; a product's editor takes its turn). */
  async lock(ids: readonly string[], trx: Transaction<Database>): Promise<void> {
    if (ids.length === 0) return;
    await trx.selectFrom("products").select("id").where("id", "=", sql<string>`any(${[...ids]}::uuid[])`).orderBy("id").forUpdate().execute();
  }

  /** The products with their variants still offered (and Printful's ids), by id; variants in their order. */
  async withVariants(ids: readonly string[], trx: Transaction<Database>): Promise<BulkProductRecord[]> {
    if (ids.length === 0) return [];
    const idList = sql<string>`any(${[...ids]}::uuid[])`;
    const [products, variants] = await Promise.all([
      trx.selectFrom("products").select(["id", "handle", "title", "status"]).where("id", "=", idList).orderBy("id").execute(),
      trx
        .selectFrom("variants as v")
        .leftJoin("partner_variants as pv", (join) => join.onRef("pv.variant_id", "=", "v.id").on("pv.partner", "=", PARTNER_WITH_VARIANT_IDS))
        .select(["v.id", "v.product_id", "v.title", "v.price_cents", "v.compare_at_cents", "pv.external_variant_id"])
        .where("v.product_id", "=", idList)
        .where("v.archived_at", "is", null)
        .orderBy("v.product_id")
        .orderBy("v.position")
        .execute(),
    ]);
    const byProduct = new Map<string, BulkProductRecord>(products.map((p) => [p.id, { id: p.id, handle: p.handle, title: p.title, status: p.status, variants: [] }]));
    for (const v of variants) {
      byProduct.get(v.product_id)?.variants.push({ id: v.id, title: v.title, priceCents: v.price_cents, compareAtCents: v.compare_at_cents, partnerVariantId: v.external_variant_id });
    }
    return [...byProduct.values()];
  }

  /** Sets variants' prices, all in one statement. */
  async setPrices(rows: readonly ({ id: string } & VariantPrices)[], trx: Transaction<Database>): Promise<void> {
    if (rows.length === 0) return;
    await sql`
      UPDATE variants AS v SET price_cents = d.price_cents, compare_at_cents = d.compare_at_cents
      FROM unnest(${rows.map((r) => r.id)}::uuid[], ${rows.map((r) => r.priceCents)}::int[], ${rows.map((r) => r.compareAtCents)}::int[])
        AS d(id, price_cents, compare_at_cents)
      WHERE v.id = d.id`.execute(trx);
  }

  async setStatus(ids: readonly string[], status: ProductStatusValue, trx: Transaction<Database>): Promise<void> {
    if (ids.length === 0) return;
    await trx.updateTable("products").set({ status }).where("id", "=", sql<string>`any(${[...ids]}::uuid[])`).execute();
  }
}
