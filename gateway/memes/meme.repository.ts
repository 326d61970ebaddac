import { sql, type Kysely } from "kysely";
import type { Database, MemeRow } from "../db/schema.js";
import { mediaUrl } from "../catalog/catalog.records.js";
import type { MemeRecord } from "./meme.records.js";

const MEME_COLUMNS = ["id", "title", "description", "image_path", "tags", "featured", "created_at"] as const;

/**
 * The meme's product as shoppers may see it: the current handle of the ACTIVE product its handle
 * names (its own, or one the product gave up), else null, which the gallery shows as "Not Available"
 * (spec §2). Resolved here so neither REST nor GraphQL can link to a draft or archived product.
 */
const PRODUCT_HANDLE = sql<string | null>`(
  SELECT p.handle FROM products p
  WHERE p.status = 'ACTIVE'
    AND (p.handle = memes.product_handle
      OR p.id = (SELECT r.product_id FROM product_handle_redirects r WHERE r.handle = memes.product_handle))
  ORDER BY p.handle = memes.product_handle DESC
  LIMIT 1)`.as("product_handle");

function toMeme(row: Omit<MemeRow, "key">): MemeRecord {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: mediaUrl(row.image_path),
    tags: row.tags,
    productHandle: row.product_handle,
    featured: row.featured,
    createdAt: new Date(row.created_at),
  };
}

export class MemeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async countMemes(): Promise<number> {
    const row = await this.db.selectFrom("memes").select(sql<number>`count(*)::int`.as("count")).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Newest first; id breaks ties so pages never overlap. */
  async findMemesPage(limit: number, offset: number): Promise<MemeRecord[]> {
    const rows = await this.db
      .selectFrom("memes")
      .select(MEME_COLUMNS)
      .select(PRODUCT_HANDLE)
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toMeme);
  }

  async findMemeById(id: string): Promise<MemeRecord | null> {
    const row = await this.db.selectFrom("memes").select(MEME_COLUMNS).select(PRODUCT_HANDLE).where("id", "=", id).executeTakeFirst();
    return row ? toMeme(row) : null;
  }

  async findFeaturedMeme(): Promise<MemeRecord | null> {
    const row = await this.db.selectFrom("memes").select(MEME_COLUMNS).select(PRODUCT_HANDLE).where("featured", "=", true).executeTakeFirst();
    return row ? toMeme(row) : null;
  }
}
