import zlib from "node:zlib";

/** A page as rendered, to keep: its status and HTML, and the keys of what it shows (page-keys.ts). */
export interface PageRender {
  status: number;
  html: string;
  /** A redirect's target (its status is 301 and its body empty), or null for a page. */
  location: string | null;
  keys: ReadonlySet<string>;
  /** False for a page to answer this once but not keep (some of its data failed). */
  keep?: boolean;
  /** The CSP sources of the page's own inline scripts, which its answer's CSP allows (page-renderer.ts). */
  scriptHashes?: readonly string[];
}

/** How a page's body is sent: the encodings ssr.pages.ts chooses from by the browser's Accept-Encoding. */
export type PageEncoding = "br" | "gzip" | "identity";

/**
 * A page as sent: its status and body, and the body compressed for the encodings visitors asked
 * for, each copy made the first time one asks for it and kept for every later request (a crawler
 * taking brotli never pays for a gzip copy nobody reads). A page the cache keeps holds its brotli
 * copy alone (`settle`): a seventh of the page's size, so a thousand kept pages cost a worker ~15
 * MiB rather than ~120; the rare visitor that takes no brotli gets the body decompressed from it.
 */
export class CachedPage {
  readonly etag: string;
  /** The page's length uncompressed. */
  readonly size: number;
  /** The uncompressed body, until the page is kept. */
  private raw: Buffer | null;
  private brotli: Buffer | null = null;
  private gzip: Buffer | null = null;
  /** Whether the brotli copy is (being) made again at brotli's best quality. */
  private compressedHard = false;

  constructor(
    readonly status: number,
    readonly location: string | null,
    body: Buffer,
    /** What it shows: a change naming any of these drops it. */
    readonly keys: readonly string[],
    /** When it was rendered (the cache's clock). */
    readonly renderedAt: number,
    /** The CSP sources of its own inline scripts (PageRender's). */
    readonly scriptHashes: readonly string[] = [],
  ) {
    this.raw = body;
    this.size = body.length;
    this.etag = `"${zlib.crc32(body).toString(16)}-${body.length.toString(16)}"`;
  }

  /** The page uncompressed. */
  get body(): Buffer {
    return this.raw ?? zlib.brotliDecompressSync(this.brotli!);
  }

  /** The body as sent with `encoding` (the same ETag whichever copy). */
  bodyFor(encoding: PageEncoding): Buffer {
    if (encoding === "br") return (this.brotli ??= zlib.brotliCompressSync(this.raw!, brotliOptions(this.size, FIRST_BROTLI_QUALITY)));
    // Level 9 costs ~2 ms more than 6 on a page and saves ~1.5 %.
    if (encoding === "gzip") return (this.gzip ??= zlib.gzipSync(this.body, { level: 9 }));
    return this.body;
  }

  /** Which compressed copies are made so far. */
  get encodings(): PageEncoding[] {
    return [...(this.brotli ? ["br" as const] : []), ...(this.gzip ? ["gzip" as const] : [])];
  }

  /** Kept: from now on the brotli copy alone is held. */
  settle(): void {
    this.bodyFor("br");
    this.raw = null;
  }

  /** A page asked for again: later answers send a smaller brotli copy (same body, same ETag), made off the event loop. */
  compressHarder(): void {
    if (this.compressedHard) return;
    this.compressedHard = true;
    zlib.brotliCompress(this.body, brotliOptions(this.size, BEST_BROTLI_QUALITY), (error, brotli) => {
      if (!error) this.brotli = brotli;
    });
  }
}

/** Where an answer came from: memory within its time, memory past it (a render replacing it meanwhile), or a render now. */
export type PageSource = "hit" | "stale" | "miss";

export interface HtmlCacheOptions {
  /** How long a page is answered from memory as it is. */
  ttlMs: number;
  /**
   * How much longer an older page may still be answered while one render in the background
   * replaces it (default: ttlMs, so no page answered is more than twice ttlMs old); past that, the
   * visitor waits for the render.
   */
  staleMs?: number;
  /** At most this many pages (the oldest go first): query strings must not grow it without end. */
  maxEntries: number;
  now?: () => number;
  /** Told when a render in the background fails (the older page goes on being answered meanwhile). */
  onRefreshError?: (key: string, error: unknown) => void;
}

/** A render under way, and the cache's version when it started. */
interface Rendering {
  version: number;
  page: Promise<CachedPage | null>;
}

/** Quick enough to do while the first visitor waits (~5 ms for a 110 kB page). */
const FIRST_BROTLI_QUALITY = 5;
/**
 * ~10 % smaller again (a page's 15 kB becomes 13.5 kB, inside TCP's first round trip of ~14.6 kB),
 * but ~40–60× the CPU (100–200 ms for a 110 kB page): done off the event loop, and only for a page
 * asked for a second time, so addresses seen once (a crawler's query strings) never pay for it.
 */
const BEST_BROTLI_QUALITY = 11;
/** Changes remembered for renders still under way; a render older than all of them is not kept. */
const REMEMBERED_CHANGES = 100;

const brotliOptions = (size: number, quality: number): zlib.BrotliOptions => ({
  params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: size },
});

/**
 * Rendered anonymous pages in memory, keyed by path and query, each with the keys of what it shows.
 * A change drops exactly the pages carrying a key it names (`invalidate`), at once: such a page is
 * never answered again, stale or not. A page older than `ttlMs` (the bound for what no change
 * announces) is answered once more while one render replaces it, up to `staleMs` more. Bodies are
 * kept compressed as they were asked for, so a hit costs neither rendering nor compressing; a page's
 * first hit has its brotli copy made again, smaller, in the background (BEST_BROTLI_QUALITY).
 */
export class HtmlCache {
  private readonly pages = new Map<string, CachedPage>();
  private readonly renderings = new Map<string, Rendering>();
  /** The last changes, oldest first: the version each made and the keys it named (null: every page). */
  private readonly changes: { version: number; keys: ReadonlySet<string> | null }[] = [];
  private readonly now: () => number;
  private readonly staleMs: number;
  private generation = 0;

  constructor(private readonly options: HtmlCacheOptions) {
    this.now = options.now ?? Date.now;
    this.staleMs = options.staleMs ?? options.ttlMs;
  }

  /**
   * The page under `key`: from memory within its time; past it but within staleMs, from memory
   * while one render in the background replaces it; else rendered now, once however many ask at the
   * same moment. `render` answers null for a page not worth keeping (its data did not all arrive):
   * then this answers null, and nothing is kept.
   */
  async page(key: string, render: () => Promise<PageRender | null>): Promise<{ page: CachedPage; source: PageSource } | null> {
    const stored = this.pages.get(key);
    if (stored) {
      const age = this.now() - stored.renderedAt;
      if (age < this.options.ttlMs) return { page: this.warm(stored), source: "hit" };
      if (age < this.options.ttlMs + this.staleMs) {
        this.rendering(key, render).catch((error: unknown) => this.options.onRefreshError?.(key, error));
        return { page: stored, source: "stale" };
      }
      this.pages.delete(key);
    }
    const page = await this.rendering(key, render);
    return page && { page, source: "miss" };
  }

  /** The page under `key` while it is within its time, or null. */
  get(key: string): CachedPage | null {
    const stored = this.pages.get(key);
    return stored && this.now() - stored.renderedAt < this.options.ttlMs ? this.warm(stored) : null;
  }

  /** A counter that every change moves on: a render reads it before it starts (see `set`). */
  get version(): number {
    return this.generation;
  }

  /**
   * Keeps a page rendered from what was there at `version`, unless a change since then named one of
   * its keys (or came so long ago that it is forgotten): such a render may show what the change
   * replaced. Answers the page either way.
   */
  set(key: string, rendered: PageRender, version = this.generation): CachedPage {
    const page = new CachedPage(rendered.status, rendered.location, Buffer.from(rendered.html, "utf8"), [...rendered.keys], this.now(), rendered.scriptHashes);
    if (rendered.keep === false || this.changedSince(version, rendered.keys)) return page;
    page.settle();
    this.pages.delete(key);
    this.pages.set(key, page);
    while (this.pages.size > this.options.maxEntries) this.pages.delete(this.pages.keys().next().value!);
    return page;
  }

  /** Drops every page carrying one of `keys`, and keeps any render under way from storing such a page. Answers how many went. */
  invalidate(keys: Iterable<string>): number {
    const named = new Set(keys);
    this.remember(named);
    let dropped = 0;
    for (const [key, page] of this.pages) {
      if (page.keys.some((k) => named.has(k))) {
        this.pages.delete(key);
        dropped++;
      }
    }
    return dropped;
  }

  /** Drops every page. */
  clear(): void {
    this.remember(null);
    this.pages.clear();
  }

  get size(): number {
    return this.pages.size;
  }

  /** The render of `key` under way since the last change, or a new one. */
  private rendering(key: string, render: () => Promise<PageRender | null>): Promise<CachedPage | null> {
    const current = this.renderings.get(key);
    // One that began before a change may show what the change replaced: not for a request after it.
    if (current && current.version === this.generation) return current.page;
    const version = this.generation;
    const page = render()
      .then((rendered) => (rendered ? this.set(key, rendered, version) : null))
      .finally(() => {
        if (this.renderings.get(key)?.page === page) this.renderings.delete(key);
      });
    this.renderings.set(key, { version, page });
    return page;
  }

  private remember(keys: ReadonlySet<string> | null): void {
    this.generation++;
    this.changes.push({ version: this.generation, keys });
    if (this.changes.length > REMEMBERED_CHANGES) this.changes.shift();
  }

  private changedSince(version: number, keys: ReadonlySet<string>): boolean {
    if (version === this.generation) return false;
    if ((this.changes[0]?.version ?? Infinity) > version + 1) return true;
    return this.changes.some((change) => change.version > version && (change.keys === null || [...keys].some((k) => change.keys!.has(k))));
  }

  /** A page asked for again. */
  private warm(page: CachedPage): CachedPage {
    page.compressHarder();
    return page;
  }
}
