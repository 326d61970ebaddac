import { sql, type Kysely } from "kysely";

// Staff run the collections. A collection's place among the others and a product's place in a
// collection are dense (1, 2, 3…) and unique, checked at commit so a move can shift its
// neighbours in one transaction. A product's place starts as the order shoppers saw until now
// (best sellers first). An uploaded collection image keeps its size and the sizes made of it.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE collections
      ADD COLUMN image_width integer,
      ADD COLUMN image_height integer,
      ADD COLUMN image_sources jsonb NOT NULL DEFAULT '[]',
      ADD COLUMN created_at timestamptz NOT NULL DEFAULT now(),
      ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now()`.execute(db);

  await sql`
    UPDATE collections c SET position = r.n
    FROM (SELECT id, row_number() OVER (ORDER BY position, handle) AS n FROM collections) r
    WHERE c.id = r.id`.execute(db);
  await sql`ALTER TABLE collections ADD CONSTRAINT collections_position_key UNIQUE (position) DEFERRABLE INITIALLY DEFERRED`.execute(db);

  await sql`
    UPDATE product_collections pc SET position = r.n
    FROM (
      SELECT x.product_id, x.collection_id,
        row_number() OVER (PARTITION BY x.collection_id ORDER BY p.sales_count DESC, p.handle) AS n
      FROM product_collections x JOIN products p ON p.id = x.product_id
    ) r
    WHERE pc.product_id = r.product_id AND pc.collection_id = r.collection_id`.execute(db);
  await sql`DROP INDEX product_collections_collection_idx`.execute(db);
  await sql`
    ALTER TABLE product_collections ADD CONSTRAINT product_collections_position_key
      UNIQUE (collection_id, position) DEFERRABLE INITIALLY DEFERRED`.execute(db);
}
