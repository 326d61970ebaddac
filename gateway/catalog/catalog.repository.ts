import { CompiledQuery, sql, type Expression, type ExpressionBuilder, type Kysely, type QueryResult, type RawBuilder, type SelectQueryBuilder } from "kysely";
import { compiledOnce, keepingPlan } from "../db/statement-kinds.js";
import type { Database, ProductRow, ProductStatusValue } from "../db/schema.js";
import {
  mediaUrl,
  type CollectionRecord,
  type ImageRecord,
  type OptionRecord,
  type ProductQuery,
  type ProductRecord,
  type VariantRecord,
} from "./catalog.records.js";
import { ProductCountCache } from "./catalog.counts.js";
import { exactMatch, nearMisses, searchTerms } from "./catalog-search.js";
import { COLOR_OPTION_JOIN, colorOf, MOCKUP_OFFERED, printAreaOf, type MockupRecord } from "./product-mockups.records.js";
import { rowOf } from "../db/json-rows.js";

const PRODUCT_COLUMNS = [
  "products.id",
  "products.handle",
  "products.title",
  "products.fulfillment_partner",
  "products.rating",
  "products.review_count",
  "products.sales_count",
  "products.customizable",
  "products.tags",
  "products.price_cents",
  "products.compare_at_cents",
  "products.created_at",
  "products.status",
  "products.product_type",
  "products.seo_title",
  "products.seo_description",
  "products.updated_at",
  "products.print_area_x",
  "products.print_area_y",
  "products.print_area_width",
  "products.print_area_height",
  "products.print_width_hundredths",
  "products.print_height_hundredths",
] as const;

/** A product's columns as lists read them: not its search text, nor its description (a relation, see ProductRecord). */
type ProductSelection = Omit<ProductRow, "search_text" | "description_html">;

/**
 * Only ACTIVE products exist for shoppers: every read below but `findProductsByIdsAnyStatus` keeps
 * this predicate. It is written as a literal, not a parameter: the shop's sort indexes are partial
 * on exactly `status = 'ACTIVE'` (migration 016), and the planner uses a partial index only for a
 * predicate it can see implies the index's.
 */
const isActive = (eb: ExpressionBuilder<Database, "products">) => eb("products.status", "=", sql.lit("ACTIVE" satisfies ProductStatusValue));

function toProduct(row: ProductSelection): ProductRecord {
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    fulfillmentPartner: row.fulfillment_partner,
    rating: Number(row.rating),
    reviewCount: row.review_count,
    salesCount: row.sales_count,
    customizable: row.customizable,
    tags: row.tags,
    priceCents: row.price_cents,
    compareAtCents: row.compare_at_cents,
    createdAt: new Date(row.created_at),
    status: row.status,
    productType: row.product_type,
    seoTitle: row.seo_title,
    seoDescription: row.seo_description,
    updatedAt: new Date(row.updated_at),
    printArea: printAreaOf(row),
  };
}

/** PRODUCT_COLUMNS without their table. */
const PRODUCT_COLUMN_NAMES = PRODUCT_COLUMNS.map((column) => column.slice("products.".length));

/**
 * A product's columns (PRODUCT_COLUMNS, of the table or derived table `table`) as one JSON array:
 * a list of products is read as one JSON value rather than a row of 24 columns per product, each of
 * which the embedded database would parse in JavaScript (docs/performance.md "SQL per request").
 * Values come back as JSON has them (a timestamp as ISO text, a numeric as a number); toProduct
 * reads either form.
 */
const productJsonText = (table: string) => `json_build_array(${PRODUCT_COLUMN_NAMES.map((c) => `${table}.${c}`).join(", ")})`;
const productJson = (table: string) => sql.raw<unknown[]>(productJsonText(table));

const productFromJson = (values: unknown[]): ProductRecord => toProduct(rowOf<ProductSelection>(PRODUCT_COLUMN_NAMES, values));

/** A list's page as CatalogRepository.pageOf answers it. */
function pageFromRow({ rows }: QueryResult<{ products: unknown[][]; version: unknown }>): { products: ProductRecord[]; version: string } {
  const [{ products, version }] = rows as [{ products: unknown[][]; version: unknown }];
  return { products: products.map(productFromJson), version: String(version) };
}

/**
 * ACTIVE products by id as one JSON value: `one` by `= $1`, `many` by an array (`= ANY($1)`). An
 * array's kept plan counts on ten values, so for one PostgreSQL would plan the statement anew on
 * every call (catalog relations likewise).
 */
const PRODUCTS_BY_IDS = {
  one: `SELECT coalesce(json_agg(${productJsonText("products")}), '[]') AS products FROM products WHERE products.status = 'ACTIVE' AND products.id = $1::uuid`,
  many: `SELECT coalesce(json_agg(${productJsonText("products")}), '[]') AS products FROM products WHERE products.status = 'ACTIVE' AND products.id = ANY($1::uuid[])`,
};

/**
 * The ACTIVE products that handles name, their own or given up (product_handle_redirects), each as
 * [the handle asked, the product] in one JSON value: `one` by `= $1` (a product's page), `many` by an
 * array. The array's kept plan counts on ten handles and walked every ACTIVE product to probe the
 * redirects for each (one file size read per product in the embedded database: 0.4 ms for one
 * handle on 30 products, growing with the catalog); by `= $1` both reads are one index probe.
 */
const productsByHandles = (match: string) => `SELECT coalesce(json_agg(json_build_array(found.asked_handle, ${productJsonText("found")})), '[]') AS products FROM (
    SELECT ${PRODUCT_COLUMNS.join(", ")}, products.handle AS asked_handle FROM products WHERE products.status = 'ACTIVE' AND products.handle ${match}
    UNION ALL
    SELECT ${PRODUCT_COLUMNS.join(", ")}, r.handle AS asked_handle FROM product_handle_redirects r JOIN products ON products.id = r.product_id
      WHERE products.status = 'ACTIVE' AND r.handle ${match}
  ) AS found`;
const PRODUCTS_BY_HANDLES = { one: productsByHandles("= $1::text"), many: productsByHandles("= ANY($1::text[])") };

/**
 * The ACTIVE products of collections in their order, each as [its collection, the product] in one
 * JSON value (a collection's page lists every product it holds: ~80 rows of two dozen columns, each
 * parsed in JavaScript by the embedded database, took 3 ms). `one` by `= $1` (a collection's page),
 * `many` by an array; either plan is the collection key's index whatever the values.
 */
const productsInCollections = (match: string) => `SELECT coalesce(json_agg(json_build_array(pc.collection_id, ${productJsonText("products")})
    ORDER BY pc.collection_id, pc.position, products.handle), '[]') AS products
  FROM product_collections pc JOIN products ON products.id = pc.product_id
  WHERE products.status = 'ACTIVE' AND pc.collection_id ${match}`;
const PRODUCTS_IN_COLLECTIONS = { one: productsInCollections("= $1::uuid"), many: productsInCollections("= ANY($1::uuid[])") };

type CollectionRow = {
  id: string;
  handle: string;
  title: string;
  description: string;
  image_path: string | null;
  image_width?: number | null;
  image_height?: number | null;
  image_sources?: { path: string; width: number }[];
};
const COLLECTION_COLUMNS = ["id", "handle", "title", "description", "image_path", "image_width", "image_height", "image_sources"] as const;

/** Every collection in display order, each as a JSON array of COLLECTION_COLUMNS, in one JSON value. */
const COLLECTIONS = `SELECT coalesce(json_agg(json_build_array(${COLLECTION_COLUMNS.join(", ")}) ORDER BY position, handle), '[]') AS collections FROM collections`;

/** What a product shows besides its own columns, each list in display order. */
export interface ProductRelations {
  productId: string;
  images: ImageRecord[];
  /** The first of `images` alone (none when it has none): what a product card shows, without the others' sizes. */
  featuredImage: ImageRecord[];
  variants: VariantRecord[];
  options: OptionRecord[];
  collections: CollectionRecord[];
  /** The description, as HTML: read only when asked for (see ProductRecord). */
  description: string;
}

export type ProductRelationName = Exclude<keyof ProductRelations, "productId">;
const PRODUCT_RELATION_NAMES: readonly ProductRelationName[] = ["images", "featuredImage", "variants", "options", "collections", "description"];

/** The product and those of its relations that were asked for. */
export type ProductRelationsOf<N extends ProductRelationName> = Pick<ProductRelations, "productId" | N>;

/** The widest size a collection's card needs: cards are at most this wide, so the original (up to 8000 px) never goes to a shopper. */
const COLLECTION_CARD_WIDTH = 960;

function toCollection(row: CollectionRow): CollectionRecord {
  const sources = row.image_sources ?? [];
  const card = sources.filter((s) => s.width <= COLLECTION_CARD_WIDTH).at(-1);
  return {
    id: row.id,
    handle: row.handle,
    title: row.title,
    description: row.description,
    imageUrl: row.image_path ? mediaUrl(card?.path ?? row.image_path) : null,
    imageWidth: row.image_width ?? null,
    imageHeight: row.image_height ?? null,
    imageSources: sources.map((s) => ({ url: mediaUrl(s.path), width: s.width })),
  };
}

/** A variant's columns as the relations' JSON and findVariantsByIds read them. */
interface VariantRow {
  id: string;
  title: string;
  price_cents: number;
  compare_at_cents: number | null;
  selected_options: VariantRecord["selectedOptions"];
  sku: string;
  available_for_sale: boolean;
  image_id: string | null;
}

function toVariantRecord(productId: string, v: VariantRow): VariantRecord {
  return {
    id: v.id,
    productId,
    title: v.title,
    priceCents: v.price_cents,
    compareAtCents: v.compare_at_cents,
    selectedOptions: v.selected_options,
    sku: v.sku,
    availableForSale: v.available_for_sale,
    imageId: v.image_id,
  };
}

type ImageItem = [id: string, path: string, altText: string, width: number | null, height: number | null, sources: { path: string; width: number }[]];
type VariantItem = [
  id: string,
  title: string,
  priceCents: number,
  compareAtCents: number | null,
  selectedOptions: VariantRecord["selectedOptions"],
  sku: string,
  availableForSale: boolean,
  imageId: string | null,
];
type OptionItem = [id: string, name: string, values: string[]];
type CollectionItem = [id: string, handle: string, title: string, description: string, imagePath: string | null];

const readImage = (productId: string, [id, path, altText, width, height, sources]: ImageItem): ImageRecord => ({
  id,
  productId,
  url: mediaUrl(path),
  altText,
  width,
  height,
  sources: sources.map((s) => ({ url: mediaUrl(s.path), width: s.width })),
});

/**
 * Each list relation of a product (`p`) as one JSON list of arrays, in display order, and how an item is
 * read back. Arrays rather than objects or rows: the embedded database builds JSON keys and parses
 * every field of every row in JavaScript, so a list of arrays in one value costs it a fraction of
 * either (docs/performance.md "SQL per request").
 */
const RELATION_LISTS: { [N in Exclude<ProductRelationName, "description">]: { sql: string; read(productId: string, item: never): ProductRelations[N][number] } } = {
  images: {
    sql: `(SELECT coalesce(json_agg(json_build_array(i.id, i.path, i.alt_text, i.width, i.height, i.sources) ORDER BY i.position), '[]')
      FROM product_images i WHERE i.product_id = p.id)`,
    read: readImage,
  },
  // The first image alone: a page of 24 cards built the JSON of every image and its sizes before,
  // to show one (in the embedded database ~0.37 ms instead of ~0.66 ms for the page's images).
  featuredImage: {
    sql: `(SELECT coalesce(json_agg(json_build_array(i.id, i.path, i.alt_text, i.width, i.height, i.sources)), '[]')
      FROM (SELECT * FROM product_images i WHERE i.product_id = p.id ORDER BY i.position LIMIT 1) i)`,
    read: readImage,
  },
  variants: {
    sql: `(SELECT coalesce(json_agg(json_build_array(v.id, v.title, v.price_cents, v.compare_at_cents, v.selected_options, v.sku,
        v.available_for_sale AND p.status = 'ACTIVE', v.image_id) ORDER BY v.position), '[]')
      FROM variants v WHERE v.product_id = p.id AND v.archived_at IS NULL)`,
    read: (productId, [id, title, priceCents, compareAtCents, selectedOptions, sku, availableForSale, imageId]: VariantItem): VariantRecord => ({
      id,
      productId,
      title,
      priceCents,
      compareAtCents,
      selectedOptions,
      sku,
      availableForSale,
      imageId,
    }),
  },
  options: {
    sql: `(SELECT coalesce(json_agg(json_build_array(o.id, o.name, o.values) ORDER BY o.position), '[]')
      FROM product_options o WHERE o.product_id = p.id)`,
    read: (productId, [id, name, values]: OptionItem): OptionRecord => ({ id, productId, name, values }),
  },
  collections: {
    sql: `(SELECT coalesce(json_agg(json_build_array(c.id, c.handle, c.title, c.description, c.image_path) ORDER BY c.position, c.handle), '[]')
      FROM product_collections pc JOIN collections c ON c.id = pc.collection_id WHERE pc.product_id = p.id)`,
    read: (_productId, [id, handle, title, description, image_path]: CollectionItem): CollectionRecord => toCollection({ id, handle, title, description, image_path }),
  },
};

/** Each sort's column and direction; the handle breaks ties, so every order (and so every page) is one. */
const SORT_KEYS = {
  newest: ["created_at", "desc"],
  "price-low": ["price_cents", "asc"],
  "price-high": ["price_cents", "desc"],
  "best-selling": ["sales_count", "desc"],
} as const satisfies Record<ProductQuery["sort"], readonly [keyof ProductRow, "asc" | "desc"]>;

/** The chosen sort, then the handle, of the columns of `table`, as an ORDER BY list. */
function sortOrder(sort: ProductQuery["sort"], table: string) {
  const [column, direction] = SORT_KEYS[sort];
  return sql`${sql.ref(`${table}.${column}`)} ${sql.raw(direction)}, ${sql.ref(`${table}.handle`)}`;
}

export class CatalogRepository {
  private readonly counts = new ProductCountCache();
  /** The shop list's page statement without a search, by sort and filter (at most 12). */
  private readonly pageStatements = new Map<string, (limit: number, offset: number) => CompiledQuery<{ products: unknown[][]; version: unknown }>>();
  /** The relations statement for each set of relations asked for, of one product or several (at most 126; a few in practice). */
  private readonly relationStatements = new Map<string, string>();

  constructor(private readonly db: Kysely<Database>) {}

  /** ACTIVE products, with the customisable filter and a search's exact matches (its near misses: `listed`, `countProducts`). */
  private filtered(query: ProductQuery) {
    let builder = this.db.selectFrom("products").where(isActive);
    if (query.customizable !== null) builder = builder.where("products.customizable", "=", query.customizable);
    if (query.search) {
      const terms = searchTerms(query.search);
      builder = builder.where((eb) => exactMatch(eb, terms));
    }
    return builder;
  }

  /** Orders by the chosen sort, then by handle, naming the columns of `table` (the products, or a derived table of their rows). */
  private ordered<DB, TB extends keyof DB, O>(builder: SelectQueryBuilder<DB, TB, O>, sort: ProductQuery["sort"], table = "products") {
    const [column, direction] = SORT_KEYS[sort];
    return builder.orderBy(sql.ref(`${table}.${column}`), direction).orderBy(sql.ref(`${table}.handle`));
  }

  /**
   * The filtered list in order, `window` rows of it (all of it without one), with the catalog
   * version it was read at. A search lists its exact matches first, in the chosen sort, as the shop
   * always has; its near misses follow, most alike first, then in the chosen sort. Each of the two
   * reads only what the window needs (exact matches: an index walk in the sort's order up to the
   * window's end; near misses: their ids and sort columns, then the window's rows), and the page is
   * cut from their union. The page comes back as one JSON value (productJson), in its order.
   */
  private async listed(query: ProductQuery, window: { limit: number; offset: number } | null): Promise<{ products: ProductRecord[]; version: string }> {
    if (!query.search && window) {
      // The shop list without a search walks its sort's index whatever the page, so it keeps its plan,
      // compiled once per sort and filter.
      const key = `${query.sort}:${query.customizable ?? ""}`;
      let statement = this.pageStatements.get(key);
      if (!statement) {
        const { sort, customizable } = query;
        statement = compiledOnce((limit: number, offset: number) => this.pageOf(this.exactMatches({ sort, search: null, customizable }).limit(limit).offset(offset), sortOrder(sort, "page")));
        this.pageStatements.set(key, statement);
      }
      return pageFromRow(await this.db.executeQuery(keepingPlan(statement(window.limit, window.offset))));
    }
    const terms = query.search ? searchTerms(query.search) : null;
    let exact = this.exactMatches(query);
    let rows: Expression<unknown>;
    let order: RawBuilder<unknown>;
    if (terms?.words == null) {
      if (window) exact = exact.limit(window.limit).offset(window.offset);
      rows = exact;
      order = sortOrder(query.sort, "page");
    } else {
      let nearIds = this.ordered(
        this.db.selectFrom(nearMisses(terms, query.customizable).as("near")).selectAll("near").orderBy("near.likeness", "desc"),
        query.sort,
        "near",
      );
      if (window) {
        exact = exact.limit(window.offset + window.limit);
        nearIds = nearIds.limit(window.offset + window.limit);
      }
      const near = this.db
        .selectFrom(nearIds.as("near"))
        .innerJoin("products", "products.id", "near.id")
        .select(PRODUCT_COLUMNS)
        .select([sql<number>`1`.as("tier"), "near.likeness"]);
      const matches = this.db
        .selectFrom(exact.as("exact"))
        .selectAll("exact")
        .unionAll(this.db.selectFrom(near.as("near")).selectAll("near"))
        .as("matches");
      let cut = this.ordered(this.db.selectFrom(matches).selectAll("matches").orderBy("matches.tier").orderBy("matches.likeness", "desc"), query.sort, "matches");
      if (window) cut = cut.limit(window.limit).offset(window.offset);
      rows = cut;
      order = sql`page.tier, page.likeness DESC, ${sortOrder(query.sort, "page")}`;
    }
    return pageFromRow(await this.db.executeQuery(this.pageOf(rows, order).compile()));
  }

  /** The exact matches of the list (all of it without a search), each row with its tier and likeness, in the sort's order. */
  private exactMatches(query: ProductQuery) {
    return this.ordered(this.filtered(query).select(PRODUCT_COLUMNS).select([sql<number>`0`.as("tier"), sql<number>`1::real`.as("likeness")]), query.sort);
  }

  /** The rows of a list's page as one JSON value in `order` (of the derived table "page"), with the catalog version they were read at. */
  private pageOf(rows: Expression<unknown>, order: RawBuilder<unknown>) {
    return this.db
      .selectFrom(sql`${rows}`.as("page"))
      .select([
        sql<unknown[][]>`coalesce(json_agg(${productJson("page")} ORDER BY ${order}), '[]')`.as("products"),
        (eb) => eb.selectFrom("catalog_state").select("version").as("version"),
      ]);
  }

  /** The size of the filtered list (exact matches and near misses) and the catalog version it was counted at (one statement, one snapshot). */
  private async countProducts(query: ProductQuery): Promise<{ count: number; version: string }> {
    const terms = query.search ? searchTerms(query.search) : null;
    const nearCount = terms?.words == null ? sql<number>`0` : sql<number>`(SELECT count(*) FROM ${nearMisses(terms, query.customizable)} AS near)`;
    const row = await this.filtered(query)
      .select(sql<number>`(count(*) + ${nearCount})::int`.as("count"))
      .select((eb) => eb.selectFrom("catalog_state").select("version").as("version"))
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), version: String(row.version) };
  }

  /** The whole filtered list, in order (for lists the shop keeps short, such as the customisable products). */
  async findAllProducts(query: ProductQuery): Promise<ProductRecord[]> {
    return (await this.listed(query, null)).products;
  }

  /**
   * A page and the size of the whole filtered list. The page reads only the rows up to its end (an
   * index walk for every sort); the size is counted once per filter and catalog version (see
   * ProductCountCache), so a page usually costs one statement.
   */
  async findProductsPageWithTotal(
    query: ProductQuery,
    limit: number,
    offset: number,
  ): Promise<{ products: ProductRecord[]; totalCount: number }> {
    const { products, version } = await this.listed(query, { limit, offset });
    let totalCount = this.counts.get(query, version);
    if (totalCount === null) {
      const counted = await this.countProducts(query);
      this.counts.set(query, counted.version, counted.count);
      totalCount = counted.count;
    }
    return { products, totalCount };
  }

  /** The ACTIVE product a handle names: its own handle, or one it gave up (product_handle_redirects). */
  async findProductByHandle(handle: string): Promise<ProductRecord | null> {
    return (await this.findProductsByHandles([handle]))[0]?.product ?? null;
  }

  /** ACTIVE products by id. */
  async findProductsByIds(ids: readonly string[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    const statement = ids.length === 1 ? CompiledQuery.raw(PRODUCTS_BY_IDS.one, [ids[0]]) : CompiledQuery.raw(PRODUCTS_BY_IDS.many, [ids]);
    const { rows } = await this.db.executeQuery(keepingPlan(statement as CompiledQuery<{ products: unknown[][] }>));
    return rows[0]!.products.map(productFromJson);
  }


  /**
   * Products by id whatever their status: only for what already holds a variant of the product (a
   * cart line, whose product may have been drafted or archived since), never for what a shopper browses.
   */
  async findProductsByIdsAnyStatus(ids: readonly string[]): Promise<ProductRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db.selectFrom("products").select(PRODUCT_COLUMNS).where("id", "in", ids).execute();
    return rows.map(toProduct);
  }

  /**
   * The ACTIVE product each handle names, with the handle it was asked by: a product's own handle
   * wins over a handle another product gave up (the writer lets a handle go to one product only, but
   * the current owner is the one a shopper means).
   */
  async findProductsByHandles(handles: readonly string[]): Promise<{ handle: string; product: ProductRecord }[]> {
    if (handles.length === 0) return [];
    const { rows } = await this.db.executeQuery(
      keepingPlan(
        (handles.length === 1 ? CompiledQuery.raw(PRODUCTS_BY_HANDLES.one, [handles[0]]) : CompiledQuery.raw(PRODUCTS_BY_HANDLES.many, [handles])) as CompiledQuery<{
          products: [askedHandle: string, product: unknown[]][];
        }>,
      ),
    );
    const byHandle = new Map<string, ProductRecord>();
    for (const [askedHandle, values] of rows[0]!.products) {
      const current = byHandle.get(askedHandle);
      const product = productFromJson(values);
      if (!current || product.handle === askedHandle) byHandle.set(askedHandle, product);
    }
    return [...byHandle].map(([handle, product]) => ({ handle, product }));
  }


  /**
   * Variants by id with what the catalog's own lists leave out for carts (SKU, availability, image):
   * archived ones and those of products no longer ACTIVE too, since a cart line may hold them.
   */
  async findVariantsByIds(ids: readonly string[]): Promise<VariantRecord[]> {
    if (ids.length === 0) return [];
    const rows = await this.db
      .selectFrom("variants")
      .select(["id", "product_id", "title", "price_cents", "compare_at_cents", "selected_options", "sku", "available_for_sale", "image_id"])
      .where("id", "in", ids)
      .execute();
    return rows.map((v) => toVariantRecord(v.product_id, v));
  }

  async findBestSellers(limit: number): Promise<ProductRecord[]> {
    return (await this.listed({ sort: "best-selling", search: null, customizable: null }, { limit, offset: 0 })).products;
  }

  /** Products sharing most collections with the given one, best sellers first; never the product itself. */
  async findRelatedProducts(productId: string, limit: number): Promise<ProductRecord[]> {
    const rows = await this.db
      .selectFrom("products")
      .innerJoin("product_collections as pc", "pc.product_id", "products.id")
      .where(
        "pc.collection_id",
        "in",
        this.db.selectFrom("product_collections").select("collection_id").where("product_id", "=", productId),
      )
      .where("products.id", "!=", productId)
      .where(isActive)
      .select(PRODUCT_COLUMNS)
      .select(sql<number>`count(*)::int`.as("shared"))
      .groupBy("products.id")
      .orderBy("shared", "desc")
      .orderBy("products.sales_count", "desc")
      .orderBy("products.handle")
      .limit(limit)
      .execute();
    return rows.map(toProduct);
  }

  /**
   * Those of the products' images, variants, options and collections asked for, in one statement
   * whatever their number (each list in display order). The statement keeps its plan (one per set of
   * relations asked), and its whole answer is one JSON value of arrays, not a row of columns per
   * product nor an object per item: see RELATION_LISTS.
   */
  async findRelationsByProductIds<N extends ProductRelationName>(ids: readonly string[], names: readonly N[]): Promise<ProductRelationsOf<N>[]> {
    if (ids.length === 0 || names.length === 0) return [];
    const asked = PRODUCT_RELATION_NAMES.filter((name) => (names as readonly ProductRelationName[]).includes(name));
    // One product (a product's page) by `= $1`, several by an array (see PRODUCTS_BY_IDS).
    const one = ids.length === 1;
    const key = `${asked.join(",")}${one ? ":one" : ""}`;
    let text = this.relationStatements.get(key);
    if (text === undefined) {
      // The description is a column of the product itself, the lists are subqueries.
      const lists = asked.map((name) => `, ${name === "description" ? "p.description_html" : RELATION_LISTS[name].sql}`).join("");
      text = `SELECT coalesce(json_agg(json_build_array(p.id${lists})), '[]') AS products FROM products p WHERE p.id ${one ? "= $1::uuid" : "= ANY($1::uuid[])"}`;
      this.relationStatements.set(key, text);
    }
    const { rows } = await this.db.executeQuery(
      keepingPlan(CompiledQuery.raw(text, [one ? ids[0] : ids]) as CompiledQuery<{ products: [string, ...unknown[]][] }>),
    );
    return rows[0]!.products.map(([productId, ...values]) => {
      const relations: Record<string, unknown> = { productId };
      asked.forEach((name, i) => {
        const value = values[i];
        relations[name] = name === "description" ? value : (value as unknown[]).map((item) => RELATION_LISTS[name].read(productId, item as never));
      });
      return relations as ProductRelationsOf<N>;
    });
  }

  /**
   * The blank mock-ups of these products that show a colour each offers now (a Color value, or the
   * one blank of a product without a Color option), in the Color option's order: one statement.
   */
  async findMockupsByProductIds(ids: readonly string[]): Promise<MockupRecord[]> {
    if (ids.length === 0) return [];
    const { rows } = await sql<{ product_id: string; color: string; path: string; width: number; height: number }>`
      SELECT m.product_id, m.color, m.path, m.width, m.height
      FROM product_mockups m LEFT JOIN ${COLOR_OPTION_JOIN}
      WHERE m.product_id IN (${sql.join(ids)}) AND ${MOCKUP_OFFERED}
      ORDER BY m.product_id, array_position(o.values, m.color)`.execute(this.db);
    return rows.map((r) => ({ productId: r.product_id, color: colorOf(r.color), url: mediaUrl(r.path), width: r.width, height: r.height }));
  }

  /** Every collection in display order, as one JSON value. */
  async findCollections(): Promise<CollectionRecord[]> {
    const { rows } = await this.db.executeQuery(keepingPlan(CompiledQuery.raw(COLLECTIONS, []) as CompiledQuery<{ collections: unknown[][] }>));
    return rows[0]!.collections.map((values) => toCollection(rowOf<CollectionRow>(COLLECTION_COLUMNS, values)));
  }

  async findCollectionByHandle(handle: string): Promise<CollectionRecord | null> {
    const [row] = (await this.db.executeQuery(keepingPlan(this.db.selectFrom("collections").select(COLLECTION_COLUMNS).where("handle", "=", handle)))).rows;
    return row ? toCollection(row) : null;
  }

  async findCollectionById(id: string): Promise<CollectionRecord | null> {
    const [row] = (await this.db.executeQuery(keepingPlan(this.db.selectFrom("collections").select(COLLECTION_COLUMNS).where("id", "=", id)))).rows;
    return row ? toCollection(row) : null;
  }

  /** A collection's products in the order staff chose (a product's place in it). */
  async findProductsByCollectionIds(collectionIds: readonly string[]): Promise<(ProductRecord & { collectionId: string })[]> {
    if (collectionIds.length === 0) return [];
    const statement =
      collectionIds.length === 1 ? CompiledQuery.raw(PRODUCTS_IN_COLLECTIONS.one, [collectionIds[0]]) : CompiledQuery.raw(PRODUCTS_IN_COLLECTIONS.many, [collectionIds]);
    const { rows } = await this.db.executeQuery(keepingPlan(statement as CompiledQuery<{ products: [collectionId: string, product: unknown[]][] }>));
    return rows[0]!.products.map(([collectionId, values]) => ({ ...productFromJson(values), collectionId }));
  }
}
