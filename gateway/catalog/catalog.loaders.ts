import DataLoader from "dataloader";
import type { CatalogRepository } from "./catalog.repository.js";
import type { CollectionRecord, ImageRecord, OptionRecord, ProductRecord, VariantRecord } from "./catalog.records.js";

function groupBy<T, K extends keyof T>(keys: readonly string[], items: T[], key: K): T[][] {
  const groups = new Map<string, T[]>(keys.map((k) => [k, []]));
  for (const item of items) groups.get(String(item[key]))?.push(item);
  return keys.map((k) => groups.get(k) ?? []);
}

function indexBy<T, K extends keyof T>(keys: readonly string[], items: T[], key: K): (T | null)[] {
  const byKey = new Map(items.map((item) => [String(item[key]), item]));
  return keys.map((k) => byKey.get(k) ?? null);
}

/**
 * Per-request batch loaders: a list of N products costs one query per relation, not N
 * (one for images, one for variants, ...), whichever of GraphQL or REST asks.
 */
export function createCatalogLoaders(repository: CatalogRepository) {
  return {
    productById: new DataLoader<string, ProductRecord | null>(async (ids) =>
      indexBy(ids, await repository.findProductsByIds(ids), "id"),
    ),
    productByHandle: new DataLoader<string, ProductRecord | null>(async (handles) =>
      indexBy(handles, await repository.findProductsByHandles(handles), "handle"),
    ),
    imagesByProductId: new DataLoader<string, ImageRecord[]>(async (ids) =>
      groupBy(ids, await repository.findImagesByProductIds(ids), "productId"),
    ),
    optionsByProductId: new DataLoader<string, OptionRecord[]>(async (ids) =>
      groupBy(ids, await repository.findOptionsByProductIds(ids), "productId"),
    ),
    variantsByProductId: new DataLoader<string, VariantRecord[]>(async (ids) =>
      groupBy(ids, await repository.findVariantsByProductIds(ids), "productId"),
    ),
    collectionsByProductId: new DataLoader<string, CollectionRecord[]>(async (ids) =>
      groupBy(ids, await repository.findCollectionsByProductIds(ids), "productId"),
    ),
    productsByCollectionId: new DataLoader<string, ProductRecord[]>(async (ids) =>
      groupBy(ids, await repository.findProductsByCollectionIds(ids), "collectionId"),
    ),
  };
}

export type CatalogLoaders = ReturnType<typeof createCatalogLoaders>;
