import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";
import { mediaUrl } from "../catalog/catalog.records.js";
import { availabilityOf, type MemeRecord } from "./meme.records.js";

/** A row as the shopper's reads select it: the meme and its product's handle and status (null without one). */
interface ShopperMemeRow {
  id: string;
  title: string;
  description: string;
  image_path: string | null;
  tags: string[];
  featured: boolean;
  created_at: Date;
  product_handle: string | null;
  product_status: "DRAFT" | "ACTIVE" | "ARCHIVED" | null;
}

/**
 * The meme's product as shoppers may see it: its current handle only when the product is ACTIVE,
 * else null, which the gallery shows as "Not Available" (spec §2), with the reason its status gives.
 * Resolved here so neither REST nor GraphQL can link to a draft or archived product.
 */
function toMeme(row: ShopperMemeRow): MemeRecord {
  const availability = availabilityOf(row.product_status);
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    imageUrl: mediaUrl(row.image_path!),
    tags: row.tags,
    productHandle: availability === "AVAILABLE" ? row.product_handle : null,
    availability,
    featured: row.featured,
    createdAt: new Date(row.created_at),
  };
}

/** The gallery as shoppers see it: a meme without an image (one staff have not finished) is never shown. */
export class MemeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  private shown() {
    return this.db
      .selectFrom("memes as m")
      .leftJoin("products as p", "p.id", "m.product_id")
      .select(["m.id", "m.title", "m.description", "m.image_path", "m.tags", "m.featured", "m.created_at", "p.handle as product_handle", "p.status as product_status"])
      .where("m.image_path", "is not", null);
  }

  async countMemes(): Promise<number> {
    const row = await this.db
      .selectFrom("memes")
      .select(sql<number>`count(*)::int`.as("count"))
      .where("image_path", "is not", null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Newest first; id breaks ties so pages never overlap. */
  async findMemesPage(limit: number, offset: number): Promise<MemeRecord[]> {
    const rows = await this.shown().orderBy("m.created_at", "desc").orderBy("m.id").limit(limit).offset(offset).execute();
    return rows.map(toMeme);
  }

  async findMemeById(id: string): Promise<MemeRecord | null> {
    const row = await this.shown().where("m.id", "=", id).executeTakeFirst();
    return row ? toMeme(row) : null;
  }

  async findFeaturedMeme(): Promise<MemeRecord | null> {
    const row = await this.shown().where("m.featured", "=", true).executeTakeFirst();
    return row ? toMeme(row) : null;
  }
}
