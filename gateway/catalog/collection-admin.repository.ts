import { sql, type Kysely, type Transaction } from "kysely";
import type { Database, ImageSource } from "../db/schema.js";
import { mediaUrl } from "./catalog.records.js";
import type { AdminCollectionRecord, CollectionProductRecord, StoredCollectionImage } from "./collection-admin.records.js";
import { thumbnailOf } from "./product-admin.repository.js";

/** The columns of a collection as staff write them. */
export interface CollectionRowValues {
  handle: string;
  title: string;
  description: string;
}

/** The image columns of a collection (all null/empty when it has none). */
export interface CollectionImageValues {
  image_path: string | null;
  image_width: number | null;
  image_height: number | null;
  image_sources: ImageSource[];
}

/** A collection's row as a write reads it, locked. */
export interface LockedCollection {
  id: string;
  handle: string;
  title: string;
  position: number;
  image: StoredCollectionImage | null;
}

/** Any number: one advisory lock that every change to the collections' order takes (creates, moves, deletes take turns). */
const COLLECTION_ORDER_LOCK = 7_310_017;

/**
 * The collections' reads and writes on the shop's side. Places (a collection's among the others, a
 * product's in a collection) are kept dense from 1; their uniqueness is checked at commit, so the
 * neighbours of a move shift in the same transaction.
 */
export class CollectionAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  list(): Promise<AdminCollectionRecord[]> {
    return this.read(this.db, null);
  }

  async find(id: string): Promise<AdminCollectionRecord | null> {
    return (await this.read(this.db, id))[0] ?? null;
  }

  /** The same, inside a writer's transaction (what it is about to commit). */
  async findInTransaction(id: string, trx: Transaction<Database>): Promise<AdminCollectionRecord | null> {
    return (await this.read(trx, id))[0] ?? null;
  }

  private async read(executor: Kysely<Database>, id: string | null): Promise<AdminCollectionRecord[]> {
    let query = executor
      .selectFrom("collections as c")
      .select([
        "c.id",
        "c.handle",
        "c.title",
        "c.description",
        "c.position",
        "c.image_path",
        "c.image_width",
        "c.image_height",
        "c.image_sources",
        "c.created_at",
        "c.updated_at",
        (eb) => eb.selectFrom("product_collections as pc").select(sql<number>`count(*)::int`.as("n")).whereRef("pc.collection_id", "=", "c.id").as("product_count"),
        (eb) =>
          eb
            .selectFrom("product_collections as pc")
            .innerJoin("products as p", "p.id", "pc.product_id")
            .select(sql<number>`count(*)::int`.as("n"))
            .whereRef("pc.collection_id", "=", "c.id")
            .where("p.status", "=", "ACTIVE")
            .as("active_count"),
      ])
      .orderBy("c.position")
      .orderBy("c.handle");
    if (id) query = query.where("c.id", "=", id);
    const rows = await query.execute();
    return rows.map((r) => ({
      id: r.id,
      handle: r.handle,
      title: r.title,
      description: r.description,
      position: r.position,
      image: r.image_path
        ? {
            url: mediaUrl(r.image_path),
            width: r.image_width,
            height: r.image_height,
            sources: (r.image_sources as ImageSource[]).map((s) => ({ url: mediaUrl(s.path), width: s.width, contentType: s.contentType })),
          }
        : null,
      productCount: Number(r.product_count ?? 0),
      activeProductCount: Number(r.active_count ?? 0),
      createdAt: new Date(r.created_at),
      updatedAt: new Date(r.updated_at),
    }));
  }

  /** A page of the collection's products in its order, every status. */
  async products(collectionId: string, offset: number, limit: number): Promise<{ items: CollectionProductRecord[]; totalCount: number }> {
    const [rows, count] = await Promise.all([
      this.db
        .selectFrom("product_collections as pc")
        .innerJoin("products as p", "p.id", "pc.product_id")
        .select([
          "p.id",
          "p.handle",
          "p.title",
          "p.status",
          "p.price_cents",
          (eb) => eb.selectFrom("product_images as i").select("i.path").whereRef("i.product_id", "=", "p.id").orderBy("i.position").limit(1).as("thumbnail_path"),
          (eb) => eb.selectFrom("product_images as i").select("i.sources").whereRef("i.product_id", "=", "p.id").orderBy("i.position").limit(1).as("thumbnail_sources"),
        ])
        .where("pc.collection_id", "=", collectionId)
        .orderBy("pc.position")
        .orderBy("p.handle")
        .limit(limit)
        .offset(offset)
        .execute(),
      this.db.selectFrom("product_collections").select(sql<number>`count(*)::int`.as("n")).where("collection_id", "=", collectionId).executeTakeFirstOrThrow(),
    ]);
    return {
      totalCount: Number(count.n),
      // A place is the product's rank: a product deleted since the last change leaves no visible gap.
      items: rows.map((r, i) => ({
        position: offset + i + 1,
        id: r.id,
        handle: r.handle,
        title: r.title,
        status: r.status,
        priceCents: r.price_cents,
        thumbnailUrl: thumbnailOf(r.thumbnail_path, r.thumbnail_sources as ImageSource[] | null),
      })),
    };
  }

  /** Changes to the collections' order take turns (until the transaction ends). */
  async lockOrder(trx: Transaction<Database>): Promise<void> {
    await sql`SELECT pg_advisory_xact_lock(${COLLECTION_ORDER_LOCK})`.execute(trx);
  }

  /** Locks the collection's row (changes to it and to its products take turns); null when there is none. */
  async lock(id: string, trx: Transaction<Database>): Promise<LockedCollection | null> {
    const row = await trx
      .selectFrom("collections")
      .select(["id", "handle", "title", "position", "image_path", "image_sources"])
      .where("id", "=", id)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return null;
    return { id: row.id, handle: row.handle, title: row.title, position: row.position, image: row.image_path ? { path: row.image_path, sources: row.image_sources as ImageSource[] } : null };
  }

  async handleTaken(handle: string, exceptId: string | null, trx: Transaction<Database>): Promise<boolean> {
    let query = trx.selectFrom("collections").select("id").where("handle", "=", handle);
    if (exceptId) query = query.where("id", "!=", exceptId);
    return (await query.executeTakeFirst()) !== undefined;
  }

  async count(trx: Transaction<Database>): Promise<number> {
    return Number((await trx.selectFrom("collections").select(sql<number>`count(*)::int`.as("n")).executeTakeFirstOrThrow()).n);
  }

  /** Inserts a collection at `position`, the ones from there on moving down one. */
  async insert(values: CollectionRowValues, position: number, trx: Transaction<Database>): Promise<string> {
    await trx.updateTable("collections").set({ position: sql<number>`position + 1` }).where("position", ">=", position).execute();
    const row = await trx.insertInto("collections").values({ ...values, position, image_path: null }).returning("id").executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, values: Partial<CollectionRowValues>, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("collections")
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
  }

  /** Moves a collection from place `from` to place `to`, the ones between shifting by one. */
  async move(id: string, from: number, to: number, trx: Transaction<Database>): Promise<void> {
    if (from === to) return;
    if (to < from) {
      await trx.updateTable("collections").set({ position: sql<number>`position + 1` }).where("position", ">=", to).where("position", "<", from).execute();
    } else {
      await trx.updateTable("collections").set({ position: sql<number>`position - 1` }).where("position", ">", from).where("position", "<=", to).execute();
    }
    await trx.updateTable("collections").set({ position: to }).where("id", "=", id).execute();
  }

  /** Deletes a collection (its products stay in the catalog) and closes the gap it leaves. */
  async delete(id: string, position: number, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("collections").where("id", "=", id).execute();
    await trx.updateTable("collections").set({ position: sql<number>`position - 1` }).where("position", ">", position).execute();
  }

  async setImage(id: string, image: CollectionImageValues, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("collections")
      .set({ ...image, image_sources: JSON.stringify(image.image_sources), updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
  }

  /** Marks the collection changed (its products' order or membership). */
  async touch(id: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("collections").set({ updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
  }

  /**
   * Renumbers the collection's products 1, 2, 3… in their order, writing only the rows whose place
   * changes (a product deleted from the catalog leaves a gap until the collection's next change).
   */
  async closeGaps(collectionId: string, trx: Transaction<Database>): Promise<void> {
    await sql`
      UPDATE product_collections pc SET position = r.n
      FROM (SELECT product_id, row_number() OVER (ORDER BY position, product_id)::int AS n FROM product_collections WHERE collection_id = ${collectionId}) r
      WHERE pc.collection_id = ${collectionId} AND pc.product_id = r.product_id AND pc.position <> r.n`.execute(trx);
  }

  async productCount(collectionId: string, trx: Transaction<Database>): Promise<number> {
    const row = await trx.selectFrom("product_collections").select(sql<number>`count(*)::int`.as("n")).where("collection_id", "=", collectionId).executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The places of these products in the collection (those not in it are missing from the map). */
  async placesOf(collectionId: string, productIds: readonly string[], trx: Transaction<Database>): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await trx
      .selectFrom("product_collections")
      .select(["product_id", "position"])
      .where("collection_id", "=", collectionId)
      .where("product_id", "in", productIds)
      .execute();
    return new Map(rows.map((r) => [r.product_id, r.position]));
  }

  /** Of these ids, the products there are, with their title and handle (any status). */
  async productsNamed(productIds: readonly string[], trx: Transaction<Database>): Promise<Map<string, { title: string; handle: string }>> {
    if (productIds.length === 0) return new Map();
    const rows = await trx.selectFrom("products").select(["id", "title", "handle"]).where("id", "in", productIds).execute();
    return new Map(rows.map((r) => [r.id, { title: r.title, handle: r.handle }]));
  }

  /** Puts these products (none in the collection yet) at places `position`, `position + 1`…, those from there on moving down. */
  async insertProducts(collectionId: string, productIds: readonly string[], position: number, trx: Transaction<Database>): Promise<void> {
    if (productIds.length === 0) return;
    await trx
      .updateTable("product_collections")
      .set({ position: sql<number>`position + ${productIds.length}` })
      .where("collection_id", "=", collectionId)
      .where("position", ">=", position)
      .execute();
    await trx
      .insertInto("product_collections")
      .values(productIds.map((productId, i) => ({ product_id: productId, collection_id: collectionId, position: position + i })))
      .execute();
  }

  /** Takes these products out of the collection (not out of the catalog) and closes the gaps. */
  async removeProducts(collectionId: string, productIds: readonly string[], trx: Transaction<Database>): Promise<void> {
    if (productIds.length === 0) return;
    await trx.deleteFrom("product_collections").where("collection_id", "=", collectionId).where("product_id", "in", productIds).execute();
    await this.closeGaps(collectionId, trx);
  }

  /** Moves a product from place `from` to place `to` in the collection, the ones between shifting by one. */
  async moveProduct(collectionId: string, productId: string, from: number, to: number, trx: Transaction<Database>): Promise<void> {
    if (from === to) return;
    const within = trx.updateTable("product_collections").where("collection_id", "=", collectionId);
    if (to < from) {
      await within.set({ position: sql<number>`position + 1` }).where("position", ">=", to).where("position", "<", from).execute();
    } else {
      await within.set({ position: sql<number>`position - 1` }).where("position", ">", from).where("position", "<=", to).execute();
    }
    await trx.updateTable("product_collections").set({ position: to }).where("collection_id", "=", collectionId).where("product_id", "=", productId).execute();
  }
}
