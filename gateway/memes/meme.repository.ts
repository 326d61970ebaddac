import { sql, type Kysely } from "kysely";
import { rowOf } from "../db/json-rows.js";
import { compiledOnce, keepingPlan } from "../db/statement-kinds.js";
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
  /** A Date, or ISO text from JSON. */
  created_at: Date | string;
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

/** What the shopper's reads select, in the order the gallery's page writes each row (as JSON). */
const SHOPPER_MEME_SELECTION = ["m.id", "m.title", "m.description", "m.image_path", "m.tags", "m.featured", "m.created_at", "p.handle as product_handle", "p.status as product_status"] as const;

/** ShopperMemeRow's columns, by their names in SHOPPER_MEME_SELECTION. */
const SHOPPER_MEME_COLUMNS = SHOPPER_MEME_SELECTION.map((selection) => selection.replace(/^.*(\.| as )/, ""));

/** The gallery as shoppers see it: a meme without an image (one staff have not finished) is never shown. */
export class MemeRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The memes shoppers may see, with their products. */
  private visible() {
    return this.db.selectFrom("memes as m").leftJoin("products as p", "p.id", "m.product_id").where("m.image_path", "is not", null);
  }

  private shown() {
    return this.visible().select(SHOPPER_MEME_SELECTION);
  }

  /**
   * A page of the gallery (newest first; id breaks ties so pages never overlap) as one JSON value
   * (each row's columns would otherwise be parsed one by one in JavaScript by the embedded
   * database), and how many memes it has in all: one statement, built and compiled once.
   */
  private readonly page = compiledOnce((limit: number, offset: number) =>
    this.db
      .selectFrom(this.shown().orderBy("m.created_at", "desc").orderBy("m.id").limit(limit).offset(offset).as("page"))
      .select([
        sql<unknown[][]>`coalesce(json_agg(json_build_array(${sql.join(SHOPPER_MEME_COLUMNS.map((column) => sql.ref(`page.${column}`)))}) ORDER BY page.created_at DESC, page.id), '[]')`.as("memes"),
        () => this.visible().select(sql<number>`count(*)::int`.as("total")).as("total"),
      ]),
  );

  /** A page of the gallery and how many memes it has in all. */
  async findMemesPage(limit: number, offset: number): Promise<{ memes: MemeRecord[]; totalCount: number }> {
    // A page far past the end (any whole page number is asked for) is still a valid OFFSET: at most the largest exact integer.
    const skip = Math.min(offset, Number.MAX_SAFE_INTEGER);
    const { rows } = await this.db.executeQuery(keepingPlan(this.page(limit, skip)));
    const [{ total, memes }] = rows as [{ total: number | null; memes: unknown[][] }];
    return { memes: memes.map((values) => toMeme(rowOf<ShopperMemeRow>(SHOPPER_MEME_COLUMNS, values))), totalCount: total ?? 0 };
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
