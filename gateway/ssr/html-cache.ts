import zlib from "node:zlib";

/** A page as sent: its status and body, and the body compressed once for every later request. */
export interface CachedPage {
  status: number;
  body: Buffer;
  brotli: Buffer;
  gzip: Buffer;
  etag: string;
}

export interface HtmlCacheOptions {
  /** How long a page is served from memory before it is rendered again. */
  ttlMs: number;
  /** At most this many pages (the oldest go first): query strings must not grow it without end. */
  maxEntries: number;
  now?: () => number;
}

/**
 * Rendered anonymous pages in memory, keyed by path and query (issue 13). A page lives `ttlMs`
 * (the catalog changes rarely and a minute-old page is still right), and `clear()` drops every
 * page at once for whatever changes the catalog. Bodies are kept brotli- and gzip-compressed, so a
 * hit costs neither rendering nor compressing.
 */
export class HtmlCache {
  private readonly pages = new Map<string, CachedPage & { expires: number }>();
  private readonly now: () => number;
  private generation = 0;

  constructor(private readonly options: HtmlCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): CachedPage | null {
    const page = this.pages.get(key);
    if (!page) return null;
    if (page.expires <= this.now()) {
      this.pages.delete(key);
      return null;
    }
    return page;
  }

  /** A counter that `clear()` moves on: a render that began before a clear must not be stored after it. */
  get version(): number {
    return this.generation;
  }

  set(key: string, status: number, html: string, version = this.generation): CachedPage {
    const body = Buffer.from(html, "utf8");
    const page = {
      status,
      body,
      brotli: zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzip: zlib.gzipSync(body, { level: 6 }),
      etag: `"${zlib.crc32(body).toString(16)}-${body.length.toString(16)}"`,
      expires: this.now() + this.options.ttlMs,
    };
    if (version !== this.generation) return page;
    this.pages.delete(key);
    this.pages.set(key, page);
    while (this.pages.size > this.options.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }

  clear(): void {
    this.generation++;
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }
}
