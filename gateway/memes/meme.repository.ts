import { sql, type Kysely } from "kysely";
import type { Database, MemeRow } from "../db/schema.js";
import { mediaUrl } from "../catalog/catalog.records.js";
import type { MemeRecord } from "./meme.records.js";

const MEME_COLUMNS = ["id", "title", "description", "image_path", "tags", "product_handle", "featured", "created_at"] as const;

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
      .orderBy("created_at", "desc")
      .orderBy("id")
      .limit(limit)
      .offset(offset)
      .execute();
    return rows.map(toMeme);
  }

  async findMemeById(id: string): Promise<MemeRecord | null> {
    const row = await this.db.selectFrom("memes").select(MEME_COLUMNS).where("id", "=", id).executeTakeFirst();
    return row ? toMeme(row) : null;
  }

  async findFeaturedMeme(): Promise<MemeRecord | null> {
    const row = await this.db.selectFrom("memes").select(MEME_COLUMNS).where("featured", "=", true).executeTakeFirst();
    return row ? toMeme(row) : null;
  }
}
