import { sql, type Kysely } from "kysely";

// The catalog, memes and the media they show. Every sort the API offers has an index
// ending in handle (the tie-breaker that makes orders deterministic); search uses pg_trgm.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm`.execute(db);

  // Small facts the gateway keeps about itself, such as the fingerprint of the last seed applied.
  await sql`
    CREATE TABLE app_state (
      key text PRIMARY KEY,
      value text NOT NULL,
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE media (
      path text PRIMARY KEY,
      content_type text NOT NULL,
      body bytea NOT NULL,
      etag text NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);

  await sql`
    CREATE TABLE collections (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      handle text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      image_path text,
      position integer NOT NULL DEFAULT 0
    )`.execute(db);

  await sql`
    CREATE TABLE products (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      handle text NOT NULL UNIQUE,
      title text NOT NULL,
      description_html text NOT NULL DEFAULT '',
      fulfillment_partner text NOT NULL,
      rating double precision NOT NULL DEFAULT 0 CHECK (rating >= 0 AND rating <= 5),
      review_count integer NOT NULL DEFAULT 0 CHECK (review_count >= 0),
      sales_count integer NOT NULL DEFAULT 0 CHECK (sales_count >= 0),
      customizable boolean NOT NULL DEFAULT false,
      tags text[] NOT NULL DEFAULT '{}',
      price_cents integer NOT NULL CHECK (price_cents > 0),
      compare_at_cents integer CHECK (compare_at_cents > 0),
      search_text text NOT NULL DEFAULT '',
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX products_best_selling_idx ON products (sales_count DESC, handle)`.execute(db);
  await sql`CREATE INDEX products_newest_idx ON products (created_at DESC, handle)`.execute(db);
  await sql`CREATE INDEX products_price_idx ON products (price_cents, handle)`.execute(db);
  await sql`CREATE INDEX products_customizable_idx ON products (customizable) WHERE customizable`.execute(db);
  await sql`CREATE INDEX products_search_trgm_idx ON products USING gin (search_text gin_trgm_ops)`.execute(db);

  await sql`
    CREATE TABLE product_images (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      path text NOT NULL,
      alt_text text NOT NULL DEFAULT '',
      position integer NOT NULL,
      UNIQUE (product_id, position)
    )`.execute(db);

  await sql`
    CREATE TABLE product_options (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      name text NOT NULL,
      values text[] NOT NULL,
      position integer NOT NULL,
      UNIQUE (product_id, name)
    )`.execute(db);

  await sql`
    CREATE TABLE variants (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      title text NOT NULL,
      price_cents integer NOT NULL CHECK (price_cents > 0),
      compare_at_cents integer CHECK (compare_at_cents > 0),
      selected_options jsonb NOT NULL DEFAULT '[]',
      position integer NOT NULL,
      UNIQUE (product_id, title)
    )`.execute(db);
  await sql`CREATE INDEX variants_product_idx ON variants (product_id, position)`.execute(db);

  await sql`
    CREATE TABLE product_collections (
      product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
      collection_id uuid NOT NULL REFERENCES collections(id) ON DELETE CASCADE,
      position integer NOT NULL DEFAULT 0,
      PRIMARY KEY (product_id, collection_id)
    )`.execute(db);
  await sql`CREATE INDEX product_collections_collection_idx ON product_collections (collection_id)`.execute(db);

  await sql`
    CREATE TABLE memes (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      key text NOT NULL UNIQUE,
      title text NOT NULL,
      description text NOT NULL DEFAULT '',
      image_path text NOT NULL,
      tags text[] NOT NULL DEFAULT '{}',
      product_handle text,
      featured boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX memes_newest_idx ON memes (created_at DESC, id)`.execute(db);
  // At most one featured meme: the home page and GET /api/featured-meme show exactly one.
  await sql`CREATE UNIQUE INDEX memes_one_featured_idx ON memes (featured) WHERE featured`.execute(db);
}
