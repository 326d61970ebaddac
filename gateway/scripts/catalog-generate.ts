// `npm run catalog:generate [-- <products>]`: grows the catalog to <products> (default 100,000) by
// copying the seeded products with new handles ("<handle>-x<n>"), titles ("<title> No. <n>"),
// prices and sales counts, with their images, options, variants and collections; then ANALYZE.
// For measuring the shop at scale (bench/catalog-scale.bench.ts), never for a shop in business.
// Runs on DATABASE_URL or on DATA_DIR's embedded database (no gateway may hold it). Set-based:
// a handful of INSERT ... SELECT over generate_series, not one round trip per product.
// Copies from an earlier run are replaced, so running it again with another size is fine.
import { sql, type Kysely } from "kysely";
import { loadConfig } from "../config.js";
import { migrateToLatest } from "../db/migrate.js";
import type { Database } from "../db/schema.js";
import { applySeed } from "../seed/seed.js";
import { buildSeedData } from "../seed/data/index.js";
import { withOfflineDatabase } from "./offline-database.js";

const COPY_HANDLE = "-x[0-9]+$";

/** Runs one bulk statement and says how long it took. */
async function step(name: string, run: () => Promise<unknown>): Promise<void> {
  const started = Date.now();
  await run();
  console.log(`  ${name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

async function generate(db: Kysely<Database>, target: number): Promise<{ originals: number; copies: number }> {
  return db.transaction().execute(async (trx) => {
    await step("delete earlier copies", () => sql`DELETE FROM products WHERE handle ~ ${COPY_HANDLE}`.execute(trx));
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM products`.execute(trx);
    const originals = rows[0]!.n;
    const copies = Math.max(0, target - originals);
    if (originals === 0 || copies === 0) return { originals, copies: 0 };

    // Which copy (n) of which original each new product is; f scales its prices (0.70 to 1.30).
    await sql`
      CREATE TEMP TABLE catalog_copy ON COMMIT DROP AS
      SELECT gen_random_uuid() AS id, p.id AS source_id, g.n, (70 + (g.n * 37 + p.sales_count) % 61) / 100.0 AS f
      FROM generate_series(1, ${Math.ceil(copies / originals)}) AS g(n)
      CROSS JOIN products p
      ORDER BY g.n, p.handle
      LIMIT ${copies}`.execute(trx);

    // Indexes are built faster in one go than row by row (the trigram index most of all): the
    // ones no constraint owns are dropped here and created again, as they were, after the copy.
    const { rows: indexes } = await sql<{ name: string; definition: string }>`
      SELECT indexname AS name, indexdef AS definition FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename IN ('products', 'variants', 'product_images', 'product_collections')
        AND indexname NOT IN (SELECT conname FROM pg_constraint)`.execute(trx);
    for (const index of indexes) await sql`DROP INDEX ${sql.id(index.name)}`.execute(trx);

    await step("products", () => sql`
      INSERT INTO products (id, handle, title, description_html, fulfillment_partner, rating, review_count,
        sales_count, customizable, tags, price_cents, compare_at_cents, search_text, created_at)
      SELECT c.id, p.handle || '-x' || c.n, p.title || ' No. ' || c.n, p.description_html, p.fulfillment_partner,
        p.rating, p.review_count, (p.sales_count * 7 + c.n * 7919) % 50000, p.customizable, p.tags,
        greatest(1, round(p.price_cents * c.f)::int),
        CASE WHEN p.compare_at_cents IS NULL THEN NULL ELSE greatest(1, round(p.compare_at_cents * c.f)::int) END,
        lower(p.title || ' No. ' || c.n) || substr(p.search_text, length(p.title) + 1),
        p.created_at - c.n * interval '1 second'
      FROM catalog_copy c JOIN products p ON p.id = c.source_id`.execute(trx));
    await step("images", () => sql`
      INSERT INTO product_images (product_id, path, alt_text, position)
      SELECT c.id, i.path, i.alt_text, i.position FROM catalog_copy c JOIN product_images i ON i.product_id = c.source_id`.execute(trx));
    await step("options", () => sql`
      INSERT INTO product_options (product_id, name, values, position)
      SELECT c.id, o.name, o.values, o.position FROM catalog_copy c JOIN product_options o ON o.product_id = c.source_id`.execute(trx));
    await step("variants", () => sql`
      INSERT INTO variants (product_id, title, price_cents, compare_at_cents, selected_options, position)
      SELECT c.id, v.title, greatest(1, round(v.price_cents * c.f)::int),
        CASE WHEN v.compare_at_cents IS NULL THEN NULL ELSE greatest(1, round(v.compare_at_cents * c.f)::int) END,
        v.selected_options, v.position
      FROM catalog_copy c JOIN variants v ON v.product_id = c.source_id`.execute(trx));
    await step("collections", () => sql`
      INSERT INTO product_collections (product_id, collection_id, position)
      SELECT c.id, pc.collection_id,
        (SELECT coalesce(max(x.position), 0) FROM product_collections x WHERE x.collection_id = pc.collection_id)
          + row_number() OVER (PARTITION BY pc.collection_id ORDER BY c.n, c.source_id)
      FROM catalog_copy c JOIN product_collections pc ON pc.product_id = c.source_id`.execute(trx));
    await step("indexes", async () => {
      for (const index of indexes) await sql.raw(index.definition).execute(trx);
    });
    return { originals, copies };
  });
}

try {
  const target = Number(process.argv[2] ?? 100_000);
  if (!Number.isInteger(target) || target < 1) throw new Error(`Expected a whole number of products, got "${process.argv[2]}"`);
  const config = loadConfig();
  await withOfflineDatabase(
    config,
    async (db) => {
      const started = Date.now();
      await migrateToLatest(db);
      await applySeed(db, buildSeedData());
      const { originals, copies } = await generate(db, target);
      // VACUUM as well: a fresh visibility map lets counts use index-only scans.
      await sql`VACUUM ANALYZE`.execute(db);
      const where = config.databaseUrl ? "PostgreSQL" : `the embedded database in ${config.dataDir}`;
      console.log(`${originals + copies} products (${originals} seeded, ${copies} copies) on ${where} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    },
    { longStatements: true },
  );
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
