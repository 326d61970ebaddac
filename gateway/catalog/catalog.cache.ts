/**
 * Catalog answers kept in memory: the same for every anonymous shopper, so GraphQL's
 * response cache (graphql-server/response-cache.ts) and REST's catalog paths (catalog.rest.ts) keep
 * their answers here, in one store with one lifetime, and both are dropped together when the
 * catalog changes (`clear()`; catalog.changes.ts tells every gateway process). Only answers that
 * depend on nothing but the catalog go in: never a cart, a customer or an order.
 */
export interface CatalogCacheOptions {
  /** How long an answer is served before it is computed again (a bound if a change notice is lost); 0 turns the cache off. */
  ttlMs: number;
  /** At most this many answers (the oldest go first): distinct searches must not grow it without end. */
  maxEntries: number;
  now?: () => number;
}

interface Entry {
  value: string;
  expires: number;
}

export class CatalogCache {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly listeners: (() => void)[] = [];
  private generation = 0;

  constructor(private readonly options: CatalogCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get enabled(): boolean {
    return this.options.ttlMs > 0;
  }

  /** Moves on at every `clear()`: an answer computed from the catalog before a clear is not stored after it. */
  get version(): number {
    return this.generation;
  }

  get(key: string): string | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** How much longer the answer under `key` will be served (0 when there is none). */
  remainingMs(key: string): number {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.expires - this.now()) : 0;
  }

  /**
   * Keeps an answer computed at `version` (read `version` before reading the catalog). `ttlMs`
   * may only shorten the cache's own lifetime.
   */
  set(key: string, value: string, version: number, ttlMs = this.options.ttlMs): void {
    if (!this.enabled || version !== this.generation) return;
    this.entries.delete(key);
    this.entries.set(key, { value, expires: this.now() + Math.min(ttlMs, this.options.ttlMs) });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }

  delete(key: string): void {
    this.entries.delete(key);
  }

  /** Drops every answer (the catalog changed) and tells the listeners (the server-rendered pages' cache). */
  clear(): void {
    this.generation += 1;
    this.entries.clear();
    for (const listener of this.listeners) listener();
  }

  /** `listener` runs at every `clear()`. */
  onClear(listener: () => void): void {
    this.listeners.push(listener);
  }

  get size(): number {
    return this.entries.size;
  }
}

/**
 * What GraphQL may keep in the catalog cache (graphql-server/response-cache.ts): these root
 * fields, and every field of these types, answer the same to every visitor. An operation that
 * asks for anything else as well (a cart, `me`) is not kept.
 */
export const CACHEABLE_CATALOG_FIELDS = {
  queries: ["products", "customizableProducts", "productsConnection", "product", "featuredProducts", "relatedProducts", "collections", "collection"],
  types: ["Product", "Variant", "ProductOption", "SelectedOption", "Collection", "ProductPage", "ProductEdge", "ProductConnection", "Money", "Image", "PageInfo", "SEO", "PrintArea", "ProductMockup"],
} as const;
