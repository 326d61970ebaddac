import DataLoader from "dataloader";
import type { CatalogRepository, ProductRelationName, ProductRelations } from "./catalog.repository.js";
import type { ProductRecord, VariantRecord } from "./catalog.records.js";
import type { MockupRecord } from "./product-mockups.records.js";

function groupBy<T, K extends keyof T>(keys: readonly string[], items: T[], key: K): T[][] {
  const groups = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const item of items) groups.get(String(item[key]))?.push(item);
  return keys.map((k) => groups.get(k) ?? []);
}

function indexBy<T, K extends keyof T>(keys: readonly string[], items: T[], key: K): (T | null)[] {
  const byKey = new Map(items.map((item) => [String(item[key]), item]));
  return keys.map((k) => byKey.get(k) ?? null);
}

/** One relation of the products, read through the shared loader that fetches every relation asked in the same tick at once. */
function relationLoader<K extends ProductRelationName>(relations: DataLoader<string, ProductRelations[ProductRelationName]>, name: K) {
  return new DataLoader<string, ProductRelations[K]>(
    async (ids) => (await relations.loadMany(ids.map((id) => `${name}:${id}`))) as (ProductRelations[K] | Error)[],
  );
}

/**
 * Per-request batch loaders: a list of N products costs one query for all its relations (those of
 * images, variants, options and collections asked for, together), not one per product, whichever
 * of GraphQL or REST asks.
 */
export function createCatalogLoaders(repository: CatalogRepository) {
  // Keyed "relation:productId". Dispatched on setImmediate rather than at the end of the current
  // tick: GraphQL reaches a list's images and its variants through a few promise hops, and both must
  // land in the one batch. Only the relations asked for are read; one asked for later costs a statement of its own.
  const relations = new DataLoader<string, ProductRelations[ProductRelationName]>(
    async (keys) => {
      const asked = keys.map((key) => {
        const at = key.indexOf(":");
        return { name: key.slice(0, at) as ProductRelationName, productId: key.slice(at + 1) };
      });
      const names = [...new Set(asked.map((k) => k.name))];
      const found = await repository.findRelationsByProductIds([...new Set(asked.map((k) => k.productId))], names);
      const byProduct = new Map(found.map((r) => [r.productId, r]));
      // A product gone since it was read has no relations: empty lists, an empty description.
      return asked.map(({ name, productId }) => byProduct.get(productId)?.[name] ?? (name === "description" ? "" : []));
    },
    { batchScheduleFn: (dispatch) => setImmediate(dispatch) },
  );
  return {
    /**
     * A product whatever its status, for Variant.product only: a cart line keeps its variant after
     * the product was drafted or archived. Everything a shopper browses goes through the ACTIVE reads.
     */
    anyProductById: new DataLoader<string, ProductRecord | null>(async (ids) =>
      indexBy(ids, await repository.findProductsByIdsAnyStatus(ids), "id"),
    ),
    /** The ACTIVE product a handle names, its own or one it gave up (a meme's product). */
    productByHandle: new DataLoader<string, ProductRecord | null>(async (handles) =>
      indexBy(handles, await repository.findProductsByHandles(handles), "handle").map((found) => found?.product ?? null),
    ),
    /** A variant by id with its SKU, availability and image, for variants a cart line holds (any status). */
    variantById: new DataLoader<string, VariantRecord | null>(async (ids) => indexBy(ids, await repository.findVariantsByIds(ids), "id")),
    imagesByProductId: relationLoader(relations, "images"),
    /** The first image alone (a list of none or one): product cards ask for it, not for every image. */
    featuredImageByProductId: relationLoader(relations, "featuredImage"),
    /** The description (HTML), which product records leave out (ProductRecord). */
    descriptionByProductId: relationLoader(relations, "description"),
    optionsByProductId: relationLoader(relations, "options"),
    variantsByProductId: relationLoader(relations, "variants"),
    collectionsByProductId: relationLoader(relations, "collections"),
    /** A product's blank mock-ups (the design studio's), in the Color option's order: one query for every product asked. */
    mockupsByProductId: new DataLoader<string, MockupRecord[]>(async (ids) => groupBy(ids, await repository.findMockupsByProductIds(ids), "productId")),
    productsByCollectionId: new DataLoader<string, ProductRecord[]>(async (ids) =>
      groupBy(ids, await repository.findProductsByCollectionIds(ids), "collectionId"),
    ),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;
