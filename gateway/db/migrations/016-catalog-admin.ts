import { sql, type Kysely } from "kysely";

// Staff run the catalog. A product has a status (only ACTIVE ones exist for shoppers), a product
// type and SEO fields; a handle it gave up keeps resolving (product_handle_redirects). A variant has
// a SKU, can be taken off sale, can show one of its product's images, and is archived rather than
// deleted once it has been sold (its title stays unique among the variants still offered). An image
// keeps the sizes made of it on upload. An order line keeps the partner's variant id and the SKU it
// was sold with. The seed's fixtures are recorded once inserted, so a restart never brings back what
// staff changed or removed.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE products
      ADD COLUMN status text NOT NULL DEFAULT 'ACTIVE' CHECK (status IN ('DRAFT', 'ACTIVE', 'ARCHIVED')),
      ADD COLUMN product_type text NOT NULL DEFAULT '',
      ADD COLUMN seo_title text NOT NULL DEFAULT '',
      ADD COLUMN seo_description text NOT NULL DEFAULT '',
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);
  // The shop's sorts read only what shoppers may see: the sort indexes become partial on ACTIVE.
  for (const [name, columns] of [
    ["products_best_selling_idx", "sales_count DESC, handle"],
    ["products_newest_idx", "created_at DESC, handle"],
    ["products_price_idx", "price_cents, handle"],
    ["products_price_high_idx", "price_cents DESC, handle"],
  ] as const) {
    await sql`DROP INDEX ${sql.id(name)}`.execute(db);
    await sql`CREATE INDEX ${sql.id(name)} ON products (${sql.raw(columns)}) WHERE status = 'ACTIVE'`.execute(db);
  }
  // The admin's list: newest edits first, by status.
  await sql`CREATE INDEX products_admin_idx ON products (status, updated_at DESC, id)`.execute(db);

  await sql`
    CREATE TABLE product_handle_redirects (
      handle text PRIMARY KEY,
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX product_handle_redirects_product_idx ON product_handle_redirects (product_id)`.execute(db);

  await sql`
    ALTER TABLE product_images
      ADD COLUMN sources jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN width integer,
      ADD COLUMN height integer`.execute(db);
  // Reordering swaps positions within one statement: the uniqueness is checked at its end.
  await sql`ALTER TABLE product_images DROP CONSTRAINT product_images_product_id_position_key`.execute(db);
  await sql`
    ALTER TABLE product_images ADD CONSTRAINT product_images_product_id_position_key
      UNIQUE (product_id, position) DEFERRABLE INITIALLY DEFERRED`.execute(db);

  await sql`
    ALTER TABLE variants
      ADD COLUMN sku text NOT NULL DEFAULT '',
      ADD COLUMN available_for_sale boolean NOT NULL DEFAULT true,
      ADD COLUMN image_id uuid REFERENCES product_images(id) ON DELETE SET NULL,
      ADD COLUMN archived_at timestamptz`.execute(db);
  await sql`ALTER TABLE variants DROP CONSTRAINT variants_product_id_title_key`.execute(db);
  await sql`CREATE UNIQUE INDEX variants_product_title_idx ON variants (product_id, title) WHERE archived_at IS NULL`.execute(db);
  await sql`CREATE UNIQUE INDEX variants_sku_idx ON variants (sku) WHERE sku <> '' AND archived_at IS NULL`.execute(db);

  await sql`
    ALTER TABLE order_lines
      ADD COLUMN partner_variant_id text,
      ADD COLUMN sku text`.execute(db);
  await sql`CREATE INDEX order_lines_variant_idx ON order_lines (variant_id) WHERE variant_id IS NOT NULL`.execute(db);
  await sql`CREATE INDEX order_lines_product_idx ON order_lines (product_id) WHERE product_id IS NOT NULL`.execute(db);

  // What the seed has inserted once: a fixture is never inserted again, even after staff removed it.
  await sql`
    CREATE TABLE seed_fixtures (
      kind text NOT NULL,
      key text NOT NULL,
      PRIMARY KEY (kind, key)
    )`.execute(db);
  await sql`INSERT INTO seed_fixtures (kind, key) SELECT 'product', handle FROM products`.execute(db);
  await sql`INSERT INTO seed_fixtures (kind, key) SELECT 'collection', handle FROM collections`.execute(db);
  await sql`INSERT INTO seed_fixtures (kind, key) SELECT 'meme', key FROM memes`.execute(db);
}
