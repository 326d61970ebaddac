import { sql, type Kysely } from "kysely";

// A design's print quality (docs/api.md "Designs"): the effective resolution, in pixels per inch at
// its placed size, of the shopper's uploaded picture, as the studio measured it. Null for a design
// without an uploaded picture (a meme, text only) and for designs uploaded before it was recorded.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE designs ADD COLUMN print_dpi integer CHECK (print_dpi > 0)`.execute(db);
}
