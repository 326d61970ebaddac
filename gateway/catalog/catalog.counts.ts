import type { ProductQuery } from "./catalog.records.js";

/** How many filters (search texts) the cache keeps; the oldest entry goes first. */
const MAX_ENTRIES = 1_000;

/**
 * The size of each filtered product list, as counted at one catalog version (catalog_state, which
 * every statement writing products changes). Counting reads every match, so it is done once per
 * filter and version rather than on every page; the version comes from the database with the page
 * itself, so a change is seen by every process at once and a count is never stale.
 */
export class ProductCountCache {
  private readonly counts = new Map<string, { version: string; count: number }>();

  private static key(query: ProductQuery): string {
    return `${query.customizable ?? ""}\u0000${query.search ?? ""}`;
  }

  get(query: ProductQuery, version: string): number | null {
    const entry = this.counts.get(ProductCountCache.key(query));
    return entry && entry.version === version ? entry.count : null;
  }

  set(query: ProductQuery, version: string, count: number): void {
    const key = ProductCountCache.key(query);
    this.counts.delete(key);
    this.counts.set(key, { version, count });
    if (this.counts.size > MAX_ENTRIES) this.counts.delete(this.counts.keys().next().value!);
  }
}
