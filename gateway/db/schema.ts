// Kysely's view of the tables the migrations create. Row types stay inside the gateway:
// repositories map them to domain records before anything else sees them.
import type { ColumnType, Generated, Insertable, Selectable } from "kysely";

type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export interface MediaTable {
  path: string;
  content_type: string;
  body: Buffer;
  etag: string;
  created_at: Generated<Date>;
}

export interface CollectionTable {
  id: Generated<string>;
  handle: string;
  title: string;
  description: string;
  image_path: string | null;
  position: number;
}

export interface ProductTable {
  id: Generated<string>;
  handle: string;
  title: string;
  description_html: string;
  fulfillment_partner: string;
  rating: number;
  review_count: number;
  sales_count: number;
  customizable: boolean;
  tags: string[];
  /** Lowest variant price, kept by the repository so the price sorts use an index. */
  price_cents: number;
  /** Compare-at price of the variant that has the lowest price. */
  compare_at_cents: number | null;
  /** Title, tags and plain-text description, lower-cased; searched through a pg_trgm index. */
  search_text: string;
  created_at: CreatedAt;
}

export interface ProductImageTable {
  id: Generated<string>;
  product_id: string;
  path: string;
  alt_text: string;
  position: number;
}

export interface ProductOptionTable {
  id: Generated<string>;
  product_id: string;
  name: string;
  values: string[];
  position: number;
}

export interface VariantTable {
  id: Generated<string>;
  product_id: string;
  title: string;
  price_cents: number;
  compare_at_cents: number | null;
  selected_options: ColumnType<SelectedOption[], string, string>;
  position: number;
}

export interface SelectedOption {
  name: string;
  value: string;
}

export interface ProductCollectionTable {
  product_id: string;
  collection_id: string;
  position: number;
}

export interface MemeTable {
  id: Generated<string>;
  key: string;
  title: string;
  description: string;
  image_path: string;
  tags: string[];
  product_handle: string | null;
  featured: boolean;
  created_at: CreatedAt;
}

export interface MigrationTable {
  name: string;
  applied_at: Generated<Date>;
}

export interface AppStateTable {
  key: string;
  value: string;
  updated_at: Generated<Date>;
}

export interface Database {
  app_state: AppStateTable;
  media: MediaTable;
  collections: CollectionTable;
  products: ProductTable;
  product_images: ProductImageTable;
  product_options: ProductOptionTable;
  variants: VariantTable;
  product_collections: ProductCollectionTable;
  memes: MemeTable;
  schema_migrations: MigrationTable;
}

export type ProductRow = Selectable<ProductTable>;
export type CollectionRow = Selectable<CollectionTable>;
export type MemeRow = Selectable<MemeTable>;
export type NewProduct = Insertable<ProductTable>;
