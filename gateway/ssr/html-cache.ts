import zlib from "node:zlib";

/** A page as sent: its status and body, and the body compressed once for every later request. */
export interface CachedPage {
  status: number;
  /** A redirect's target (its status is 301 and its body empty), or null for a page. */
  location: string | null;
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

interface StoredPage extends CachedPage {
  expires: number;
  /** Whether the page's brotli copy is (being) made at brotli's best quality. */
  compressedHard: boolean;
}

/** Quick enough to do while the first visitor waits (~5 ms for a 110 kB page). */
const FIRST_BROTLI_QUALITY = 5;
/**
 * ~10 % smaller again (a page's 15 kB becomes 13.5 kB, inside TCP's first round trip of ~14.6 kB),
 * but ~40–60× the CPU (100–200 ms for a 110 kB page): done off the event loop, and only for a page
 * asked for a second time, so addresses seen once (a crawler's query strings) never pay for it.
 */
const BEST_BROTLI_QUALITY = 11;

const brotliOptions = (body: Buffer, quality: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length },
});

/**
 * Rendered anonymous pages in memory, keyed by path and query. A page lives `ttlMs`
 * (the catalog changes rarely and a minute-old page is still right), and `clear()` drops every
 * page at once for whatever changes the catalog. Bodies are kept brotli- and gzip-compressed, so a
 * hit costs neither rendering nor compressing; a page's first hit has its brotli copy made again,
 * smaller, in the background (BEST_BROTLI_QUALITY).
 */
export class HtmlCache {
  private readonly pages = new Map<string, StoredPage>();
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
    if (!page.compressedHard) {
      page.compressedHard = true;
      // Later answers send the smaller copy (same body, same ETag); this one goes as it is.
      zlib.brotliCompress(page.body, brotliOptions(page.body, BEST_BROTLI_QUALITY), (error, brotli) => {
        if (!error) page.brotli = brotli;
      });
    }
    return page;
  }

  /** A counter that `clear()` moves on: a render that began before a clear must not be stored after it. */
  get version(): number {
    return this.generation;
  }

  set(key: string, status: number, html: string, version = this.generation, location: string | null = null): CachedPage {
    const body = Buffer.from(html, "utf8");
    const page: StoredPage = {
      status,
      location,
      body,
      brotli: zlib.brotliCompressSync(body, brotliOptions(body, FIRST_BROTLI_QUALITY)),
      // Level 9 costs ~2 ms more than 6 on a page and saves ~1.5 %.
      gzip: zlib.gzipSync(body, { level: 9 }),
      etag: `"${zlib.crc32(body).toString(16)}-${body.length.toString(16)}"`,
      expires: this.now() + this.options.ttlMs,
      compressedHard: false,
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
