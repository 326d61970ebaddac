import { sql, type Kysely } from "kysely";

// Staff run the meme gallery. A meme links its product by id (a renamed or re-handled product stays
// linked; a deleted one leaves the meme without a product), backfilled from the handle it named,
// through a handle the product gave up when it has one. A meme staff make has no seed key, and has
// no image until one is uploaded: shoppers never see it before. The meme of the week always has an image.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE memes ADD COLUMN product_id uuid REFERENCES products(id) ON DELETE SET NULL`.execute(db);
  await sql`
    UPDATE memes m SET product_id = COALESCE(
      (SELECT p.id FROM products p WHERE p.handle = m.product_handle),
      (SELECT r.product_id FROM product_handle_redirects r WHERE r.handle = m.product_handle))
    WHERE m.product_handle IS NOT NULL`.execute(db);
  await sql`ALTER TABLE memes DROP COLUMN product_handle`.execute(db);
  await sql`CREATE INDEX memes_product_idx ON memes (product_id) WHERE product_id IS NOT NULL`.execute(db);

  await sql`ALTER TABLE memes ALTER COLUMN key DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE memes ALTER COLUMN image_path DROP NOT NULL`.execute(db);
  await sql`ALTER TABLE memes ADD CONSTRAINT memes_featured_has_image CHECK (NOT featured OR image_path IS NOT NULL)`.execute(db);
  await sql`ALTER TABLE memes ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  // The admin's list: most recently changed first.
  await sql`CREATE INDEX memes_admin_idx ON memes (updated_at DESC, id)`.execute(db);
}
