import { createHash } from "node:crypto";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { buildSearchText } from "../catalog/search-text.js";
import { isColorOption, NO_COLOR, printAreaColumns } from "../catalog/product-mockups.records.js";
import type { SeedData, SeedProduct } from "./seed.types.js";

const SEED_STATE_KEY = "seed.fingerprint";

export interface SeedResult {
  /** False when the database already holds exactly this seed (a second start changes nothing). */
  applied: boolean;
  fingerprint: string;
}

function seedFingerprint(data: SeedData): string {
  return createHash("sha256").update(JSON.stringify(data)).digest("hex");
}

/**
 * Inserts the seed's fixtures that were never inserted: collections and products by handle, memes
 * by key, media by path. A fixture once inserted is recorded (seed_fixtures) and never written
 * again, so a restart with a changed seed never overwrites what staff edited nor brings back what
 * they removed; a handle staff already use is left to them. Runs in one transaction.
 */
export async function applySeed(db: Kysely<Database>, data: SeedData): Promise<SeedResult> {
  const fingerprint = seedFingerprint(data);
  const current = await db.selectFrom("app_state").select("value").where("key", "=", SEED_STATE_KEY).executeTakeFirst();
  if (current?.value === fingerprint) return { applied: false, fingerprint };

  await db.transaction().execute(async (trx) => {
    await insertMedia(data, trx);
    const done = await recordedFixtures(trx);
    await insertCollections(data, done, trx);
    const collectionIds = await collectionIdsByHandle(data, trx);
    // Best sellers first: the order a collection's new fixtures take in it.
    const bestSellersFirst = [...data.products].sort((a, b) => b.salesCount - a.salesCount || (a.handle < b.handle ? -1 : 1));
    for (const product of bestSellersFirst) {
      if (!done.has(`product:${product.handle}`)) await insertProduct(product, collectionIds, trx);
    }
    await insertMemes(data, done, trx);
    const studioReady = data.products.filter((p) => p.printArea !== null || p.mockups.length > 0);
    await insertStudioBlanks(studioReady, done, trx);
    const fixtures = [
      ...data.collections.map((c) => ({ kind: "collection", key: c.handle })),
      ...data.products.map((p) => ({ kind: "product", key: p.handle })),
      ...data.memes.map((m) => ({ kind: "meme", key: m.key })),
      ...studioReady.map((p) => ({ kind: "mockup", key: p.handle })),
    ];
    if (fixtures.length > 0) await trx.insertInto("seed_fixtures").values(fixtures).onConflict((oc) => oc.doNothing()).execute();
    await trx
      .insertInto("app_state")
      .values({ key: SEED_STATE_KEY, value: fingerprint })
      .onConflict((oc) => oc.column("key").doUpdateSet({ value: fingerprint, updated_at: sql`now()` }))
      .execute();
  });
  return { applied: true, fingerprint };
}

async function recordedFixtures(trx: Transaction<Database>): Promise<Set<string>> {
  const rows = await trx.selectFrom("seed_fixtures").select(["kind", "key"]).execute();
  return new Set(rows.map((r) => `${r.kind}:${r.key}`));
}

async function insertMedia(data: SeedData, trx: Transaction<Database>) {
  if (data.media.length === 0) return;
  await trx
    .insertInto("media")
    .values(
      data.media.map((m) => {
        const body = Buffer.from(m.body, "utf8");
        return { path: m.path, content_type: m.contentType, body, etag: createHash("sha256").update(body).digest("hex").slice(0, 32) };
      }),
    )
    .onConflict((oc) => oc.column("path").doNothing())
    .execute();
}

async function insertCollections(data: SeedData, done: Set<string>, trx: Transaction<Database>) {
  // Staff already have a collection under this handle: it is theirs.
  const taken = new Set((await trx.selectFrom("collections").select("handle").execute()).map((r) => r.handle));
  const fresh = data.collections.filter((c) => !done.has(`collection:${c.handle}`) && !taken.has(c.handle)).sort((a, b) => a.position - b.position);
  if (fresh.length === 0) return;
  // Places are dense and unique: new fixtures come after the collections there are, in the seed's order.
  const last = (await trx.selectFrom("collections").select(sql<number>`coalesce(max(position), 0)::int`.as("n")).executeTakeFirstOrThrow()).n;
  await trx
    .insertInto("collections")
    .values(fresh.map((c, i) => ({ handle: c.handle, title: c.title, description: c.description, image_path: c.imagePath, position: Number(last) + i + 1 })))
    .execute();
}

async function collectionIdsByHandle(data: SeedData, trx: Transaction<Database>): Promise<Map<string, string>> {
  const handles = data.collections.map((c) => c.handle);
  if (handles.length === 0) return new Map();
  const rows = await trx.selectFrom("collections").select(["id", "handle"]).where("handle", "in", handles).execute();
  return new Map(rows.map((r) => [r.handle, r.id]));
}

async function insertProduct(product: SeedProduct, collectionIds: Map<string, string>, trx: Transaction<Database>) {
  const cheapest = product.variants.reduce((a, b) => (b.priceCents < a.priceCents ? b : a));
  const inserted = await trx
    .insertInto("products")
    .values({
      handle: product.handle,
      title: product.title,
      description_html: product.descriptionHtml,
      fulfillment_partner: product.fulfillmentPartner,
      rating: product.rating,
      review_count: product.reviewCount,
      sales_count: product.salesCount,
      customizable: product.customizable,
      tags: product.tags,
      price_cents: cheapest.priceCents,
      compare_at_cents: cheapest.compareAtCents,
      search_text: buildSearchText(product),
      created_at: product.createdAt,
    })
    .onConflict((oc) => oc.column("handle").doNothing())
    .returning("id")
    .executeTakeFirst();
  // Staff already have a product under this handle: it is theirs.
  if (!inserted) return;
  const productId = inserted.id;

  if (product.images.length > 0) {
    await trx
      .insertInto("product_images")
      .values(product.images.map((img, i) => ({ product_id: productId, path: img.path, alt_text: img.altText, position: i + 1 })))
      .execute();
  }
  if (product.options.length > 0) {
    await trx
      .insertInto("product_options")
      .values(product.options.map((o, i) => ({ product_id: productId, name: o.name, values: o.values, position: i + 1 })))
      .execute();
  }
  await trx
    .insertInto("variants")
    .values(
      product.variants.map((v, i) => ({
        product_id: productId,
        title: v.title,
        price_cents: v.priceCents,
        compare_at_cents: v.compareAtCents,
        selected_options: JSON.stringify(v.selectedOptions),
        position: i + 1,
      })),
    )
    .execute();
  for (const handle of product.collections) {
    const collectionId = collectionIds.get(handle);
    if (!collectionId) throw new Error(`Seed: product ${product.handle} names unknown collection ${handle}`);
    // A new fixture goes last in each of its collections (places are dense and unique).
    await sql`
      INSERT INTO product_collections (product_id, collection_id, position)
      SELECT ${productId}, ${collectionId}, coalesce(max(position), 0) + 1 FROM product_collections WHERE collection_id = ${collectionId}`.execute(trx);
  }
}

async function insertMemes(data: SeedData, done: Set<string>, trx: Transaction<Database>) {
  const fresh = data.memes.filter((m) => !done.has(`meme:${m.key}`));
  if (fresh.length === 0) return;
  // The meme of the week is the shop's choice once it has one: a fixture only takes the flag when none is featured.
  const featuredNow = await trx.selectFrom("memes").select("id").where("featured", "=", true).executeTakeFirst();
  const productIds = await productIdsByHandle(
    fresh.flatMap((m) => (m.productHandle ? [m.productHandle] : [])),
    trx,
  );
  await trx
    .insertInto("memes")
    .values(
      fresh.map((m) => ({
        key: m.key,
        title: m.title,
        description: m.description,
        image_path: m.imagePath,
        tags: m.tags,
        product_id: m.productHandle ? (productIds.get(m.productHandle) ?? null) : null,
        featured: m.featured && !featuredNow,
        created_at: m.createdAt,
      })),
    )
    .onConflict((oc) => oc.column("key").doNothing())
    .execute();
}

/**
 * A product's print area and blank mock-ups, a fixture of their own (kind "mockup", by handle), so a
 * shop seeded before they existed gets them once, and what staff change or remove afterwards stays.
 * They go only to the seed's own product (its created_at is the seed's, whatever its handle is now):
 * never to a product staff made under a seed handle. A print area staff already set stays; a blank
 * is added only for a colour the product offers now.
 */
async function insertStudioBlanks(products: SeedProduct[], done: Set<string>, trx: Transaction<Database>) {
  const fresh = products.filter((p) => !done.has(`mockup:${p.handle}`));
  if (fresh.length === 0) return;
  const ids = await productIdsByHandle(
    fresh.map((p) => p.handle),
    trx,
  );
  for (const product of fresh) {
    const id = ids.get(product.handle);
    if (!id) continue;
    const row = await trx.selectFrom("products").select(["created_at", "print_area_x"]).where("id", "=", id).executeTakeFirstOrThrow();
    if (new Date(row.created_at).getTime() !== new Date(product.createdAt).getTime()) continue;
    if (product.printArea && row.print_area_x === null) {
      await trx.updateTable("products").set(printAreaColumns(product.printArea)).where("id", "=", id).execute();
    }
    const options = await trx.selectFrom("product_options").select(["name", "values"]).where("product_id", "=", id).execute();
    const colorValues = options.find((o) => isColorOption(o.name))?.values ?? null;
    const offered = product.mockups.filter((m) => (m.color === null ? colorValues === null : (colorValues ?? []).includes(m.color)));
    if (offered.length === 0) continue;
    await trx
      .insertInto("product_mockups")
      .values(offered.map((m) => ({ product_id: id, color: m.color ?? NO_COLOR, path: m.path, width: m.width, height: m.height })))
      .onConflict((oc) => oc.columns(["product_id", "color"]).doNothing())
      .execute();
  }
}

/** The products these handles name now, or named before (a handle staff changed still finds its product). */
async function productIdsByHandle(handles: string[], trx: Transaction<Database>): Promise<Map<string, string>> {
  if (handles.length === 0) return new Map();
  const former = await trx.selectFrom("product_handle_redirects").select(["handle", "product_id"]).where("handle", "in", handles).execute();
  const current = await trx.selectFrom("products").select(["handle", "id"]).where("handle", "in", handles).execute();
  return new Map([...former.map((r) => [r.handle, r.product_id] as const), ...current.map((r) => [r.handle, r.id] as const)]);
}
