import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { mediaUrl } from "../catalog/catalog.records.js";
import { likePattern } from "../catalog/search-text.js";
import { availabilityOf, type AdminMemeRecord, type MemeProductRecord } from "./meme.records.js";

/** A meme's columns as staff write them. */
export interface MemeRowValues {
  title: string;
  description: string;
  tags: string[];
  product_id: string | null;
}

function toAdminMeme(row: {
  id: string;
  key: string | null;
  title: string;
  description: string;
  image_path: string | null;
  tags: string[];
  featured: boolean;
  created_at: Date;
  updated_at: Date;
  product_id: string | null;
  product_handle: string | null;
  product_title: string | null;
  product_status: MemeProductRecord["status"] | null;
}): AdminMemeRecord {
  const product =
    row.product_id && row.product_handle !== null && row.product_title !== null && row.product_status !== null
      ? { id: row.product_id, handle: row.product_handle, title: row.product_title, status: row.product_status }
      : null;
  return {
    id: row.id,
    key: row.key,
    title: row.title,
    description: row.description,
    imageUrl: row.image_path === null ? null : mediaUrl(row.image_path),
    tags: row.tags,
    product,
    availability: availabilityOf(product?.status ?? null),
    featured: row.featured,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

/** The meme gallery on the shop's side: every meme (with or without an image), inside the writer's transactions. */
export class MemeAdminRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private selectMemes(executor: Kysely<Database>) {
    return executor
      .selectFrom("memes as m")
      .leftJoin("products as p", "p.id", "m.product_id")
      .select([
        "m.id",
        "m.key",
        "m.title",
        "m.description",
        "m.image_path",
        "m.tags",
        "m.featured",
        "m.created_at",
        "m.updated_at",
        "m.product_id",
        "p.handle as product_handle",
        "p.title as product_title",
        "p.status as product_status",
      ]);
  }

  /** Most recently changed first; `search` finds words of the title, the description or a tag. */
  async list(query: { search: string | null; offset: number; limit: number }): Promise<{ items: AdminMemeRecord[]; totalCount: number }> {
    const pattern = query.search ? likePattern(query.search) : null;
    const matching = sql<string>`lower(m.title || ' ' || m.description || ' ' || array_to_string(m.tags, ' '))`;
    let rows = this.selectMemes(this.db);
    let count = this.db.selectFrom("memes as m").select(sql<number>`count(*)::int`.as("count"));
    if (pattern) {
      rows = rows.where(matching, "like", pattern);
      count = count.where(matching, "like", pattern);
    }
    const [found, total] = await Promise.all([
      rows.orderBy("m.updated_at", "desc").orderBy("m.id").limit(query.limit).offset(query.offset).execute(),
      count.executeTakeFirstOrThrow(),
    ]);
    return { items: found.map(toAdminMeme), totalCount: Number(total.count) };
  }

  async find(id: string): Promise<AdminMemeRecord | null> {
    const row = await this.selectMemes(this.db).where("m.id", "=", id).executeTakeFirst();
    return row ? toAdminMeme(row) : null;
  }

  /** The meme as the writer's transaction is about to commit it. */
  async findInTransaction(id: string, trx: Transaction<Database>): Promise<AdminMemeRecord | null> {
    const row = await this.selectMemes(trx).where("m.id", "=", id).executeTakeFirst();
    return row ? toAdminMeme(row) : null;
  }

  /**
   * Memes change one transaction at a time: the meme of the week is switched by two updates that
   * must never interleave with another switch (two featured, or none), and a meme is never deleted
   * while it is being made the meme of the week. Readers are not held up (they see the last commit).
   */
  async lockMemes(trx: Transaction<Database>): Promise<void> {
    await sql`LOCK TABLE memes IN SHARE ROW EXCLUSIVE MODE`.execute(trx);
  }

  /**
   * The product a meme is to be linked to (any status), held so it is not deleted before the link
   * commits; null when there is none. Taken before lockMemes: a product's deletion clears its memes'
   * links, so it takes the locks in that order too.
   */
  async holdProduct(id: string, trx: Transaction<Database>): Promise<MemeProductRecord | null> {
    return (await trx.selectFrom("products").select(["id", "handle", "title", "status"]).where("id", "=", id).forKeyShare().executeTakeFirst()) ?? null;
  }

  async insert(values: MemeRowValues, trx: Transaction<Database>): Promise<string> {
    const row = await trx
      .insertInto("memes")
      .values({ ...values, key: null, image_path: null, featured: false })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async update(id: string, values: Partial<MemeRowValues>, trx: Transaction<Database>): Promise<void> {
    await trx
      .updateTable("memes")
      .set({ ...values, updated_at: sql<Date>`now()` })
      .where("id", "=", id)
      .execute();
  }

  /** Sets the meme's image (a media path). */
  async setImage(id: string, path: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("memes").set({ image_path: path, updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
  }

  async imagePathOf(id: string, trx: Transaction<Database>): Promise<string | null> {
    return (await trx.selectFrom("memes").select("image_path").where("id", "=", id).executeTakeFirst())?.image_path ?? null;
  }

  async delete(id: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("memes").where("id", "=", id).execute();
  }

  /** The meme of the week now (under lockMemes: no other switch is under way). */
  async featuredId(trx: Transaction<Database>): Promise<string | null> {
    return (await trx.selectFrom("memes").select("id").where("featured", "=", true).executeTakeFirst())?.id ?? null;
  }

  /**
   * `id` becomes the meme of the week and the one before stops being it, in this transaction: other
   * readers see the one before until it commits, then this one; never none, never two.
   */
  async switchFeatured(id: string, trx: Transaction<Database>): Promise<void> {
    await trx.updateTable("memes").set({ featured: false, updated_at: sql<Date>`now()` }).where("featured", "=", true).where("id", "!=", id).execute();
    await trx.updateTable("memes").set({ featured: true, updated_at: sql<Date>`now()` }).where("id", "=", id).execute();
  }
}
