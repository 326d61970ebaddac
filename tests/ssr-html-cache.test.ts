import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { HtmlCache, type HtmlCacheOptions, type PageRender } from "../gateway/ssr/html-cache.js";

// A cached page is sent from compressed copies made once, each when a visitor first asks for its
// encoding. The brotli copy is made quickly for the first visitor and again at brotli's best
// quality, in the background, once the page is asked for a second time: a page inside TCP's first
// round trip paints a round trip sooner.
const page = `<!doctype html><html><head><style>${".c{color:red}".repeat(400)}</style></head><body>${Array.from({ length: 2_000 }, (_, i) => `<p class="c">item ${i * 7919}</p>`).join("")}</body></html>`;
const brotli = (quality: number) => {
  const body = Buffer.from(page);
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
};

describe("HtmlCache's compressed copies", () => {
  it("compresses a page quickly when first asked for, and at brotli's best once it is asked for again", async () => {
    const cache = new HtmlCache({ ttlMs: 60_000, maxEntries: 10 });
    const stored = cache.set("/shop", { status: 200, html: page, location: null, keys: new Set(["all"]) });
    expect(stored.bodyFor("br").equals(brotli(5))).toBe(true);
    // Stored but not asked for again: nothing more is spent on it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stored.bodyFor("br").equals(brotli(5))).toBe(true);

    const hit = cache.get("/shop")!;
    await vi.waitFor(() => expect(hit.bodyFor("br").equals(brotli(11))).toBe(true), { timeout: 5_000 });
    expect(cache.get("/shop")!.bodyFor("br").length).toBeLessThan(brotli(5).length);
    expect(zlib.brotliDecompressSync(cache.get("/shop")!.bodyFor("br")).toString()).toBe(page);
    expect(cache.get("/shop")!.etag).toBe(stored.etag);
  });

  it("keeps a stored page as its brotli copy alone, and makes a gzip copy only when a visitor asks for one, once", () => {
    const cache = new HtmlCache({ ttlMs: 60_000, maxEntries: 10 });
    const stored = cache.set("/memes", { status: 200, html: page, location: null, keys: new Set(["all"]) });
    expect(stored.encodings).toEqual(["br"]);
    expect(stored.size).toBe(Buffer.byteLength(page));
    // A visitor that takes no compression: decompressed from it.
    expect(stored.bodyFor("identity").toString()).toBe(page);
    expect(stored.bodyFor("br")).toBe(stored.bodyFor("br"));
    const gzip = stored.bodyFor("gzip");
    expect(zlib.gunzipSync(gzip).toString()).toBe(page);
    expect(cache.get("/memes")!.bodyFor("gzip")).toBe(gzip);
    expect(stored.encodings).toEqual(["br", "gzip"]);
  });

  it("compresses a page it does not keep only as its one visitor asks", () => {
    const cache = new HtmlCache({ ttlMs: 60_000, maxEntries: 10 });
    const once = cache.set("/shop?partial", { status: 200, html: page, location: null, keys: new Set(["all"]), keep: false });
    expect(once.encodings).toEqual([]);
    expect(zlib.gunzipSync(once.bodyFor("gzip")).toString()).toBe(page);
    expect(once.encodings).toEqual(["gzip"]);
    expect(cache.get("/shop?partial")).toBeNull();
  });
});

// What a page shows decides what drops it: a catalog change names products, collections and
// whether lists changed (gateway/ssr/page-keys.ts); only the pages carrying one of those keys go.
// A page past its time is answered once more while one render replaces it, never past a change
// that touched it, and never past twice its time.

const TTL = 60_000;

/** A render the test finishes when it wants, counting how many were started. */
function renders() {
  const started: { url: string; finish: (html: string | null, keys?: string[]) => void; fail: (error: Error) => void }[] = [];
  const render = (url: string) => () =>
    new Promise<PageRender | null>((resolve, reject) => {
      started.push({
        url,
        finish: (html, keys = ["all"]) => resolve(html === null ? null : { status: 200, html, location: null, keys: new Set(keys) }),
        fail: reject,
      });
    });
  return { started, render };
}

function clockedCache(options: Partial<HtmlCacheOptions> = {}) {
  let now = 1_000_000;
  const cache = new HtmlCache({ ttlMs: TTL, maxEntries: 100, now: () => now, ...options });
  return { cache, tick: (ms: number) => (now += ms) };
}

const keep = (cache: HtmlCache, url: string, html: string, keys: string[]) => cache.set(url, { status: 200, html, location: null, keys: new Set(["all", ...keys]) });

/** The page as answered now, when `render` need not run (it throws if it does). */
async function answered(cache: HtmlCache, url: string) {
  const got = await cache.page(url, () => Promise.reject(new Error(`${url} rendered`)));
  return { html: got!.page.body.toString(), source: got!.source };
}

describe("HtmlCache's targeted drops", () => {
  const A = "product-aaaa";
  const B = "product-bbbb";
  const MUGS = "collection-mugs";

  function shop() {
    const { cache, tick } = clockedCache();
    keep(cache, "/product/a", "A $20", [A, MUGS]);
    keep(cache, "/product/b", "B $30", [B]);
    keep(cache, "/collections/mugs", "mugs: A", [MUGS, A]);
    keep(cache, "/shop", "A, B", ["listing", A, B]);
    keep(cache, "/about", "about", []);
    return { cache, tick };
  }

  it("drops the changed product's page, the pages showing it, its collections' and the lists; the rest stay", async () => {
    const { cache } = shop();
    // A's price changed: A is in mugs, and lists may order it differently.
    expect(cache.invalidate([A, MUGS, "listing"])).toBe(3);
    expect(cache.size).toBe(2);
    expect(await answered(cache, "/product/b")).toEqual({ html: "B $30", source: "hit" });
    expect(await answered(cache, "/about")).toEqual({ html: "about", source: "hit" });
    const { started, render } = renders();
    const again = cache.page("/product/a", render("/product/a"));
    started[0]!.finish("A $25", ["all", A, MUGS]);
    expect((await again)!.page.body.toString()).toBe("A $25");
    expect((await again)!.source).toBe("miss");
  });

  it("drops a list page for a change to lists alone, and a collection's pages for a change to the collection", async () => {
    const { cache } = shop();
    expect(cache.invalidate(["listing"])).toBe(1);
    expect(cache.get("/shop")).toBeNull();
    expect(cache.invalidate([MUGS])).toBe(2);
    expect([cache.get("/product/a"), cache.get("/collections/mugs")]).toEqual([null, null]);
    expect(cache.get("/product/b")).not.toBeNull();
    // Nothing any page carries: nothing goes.
    expect(cache.invalidate(["product-cccc", "collection-hats"])).toBe(0);
    expect(cache.size).toBe(2);
  });

  it("drops every page for a change that names nothing", () => {
    const { cache } = shop();
    expect(cache.invalidate(["all"])).toBe(5);
    expect(cache.size).toBe(0);
    keep(cache, "/about", "about", []);
    cache.clear();
    expect(cache.get("/about")).toBeNull();
  });

  it("does not keep a render that began before a change naming what it shows, nor let a later request wait for it", async () => {
    const { cache } = clockedCache();
    const { started, render } = renders();
    const first = cache.page("/product/a", render("/product/a"));
    cache.invalidate([A]);
    // Asked after the change: its own render, not the one that may show the old price.
    const second = cache.page("/product/a", render("/product/a"));
    expect(started).toHaveLength(2);
    started[0]!.finish("A $20 (read before the change)", ["all", A]);
    expect((await first)!.page.body.toString()).toBe("A $20 (read before the change)");
    expect(cache.get("/product/a")).toBeNull();
    started[1]!.finish("A $25", ["all", A]);
    expect((await second)!.page.body.toString()).toBe("A $25");
    expect(cache.get("/product/a")!.body.toString()).toBe("A $25");
  });

  it("keeps a render that began before a change naming nothing it shows", async () => {
    const { cache } = clockedCache();
    const { started, render } = renders();
    const pending = cache.page("/product/b", render("/product/b"));
    cache.invalidate([A, MUGS, "listing"]);
    started[0]!.finish("B $30", ["all", B]);
    await pending;
    expect(cache.get("/product/b")!.body.toString()).toBe("B $30");
  });
});

describe("HtmlCache past a page's time (stale-while-revalidate)", () => {
  it("answers the older page once its time is up while one render, however many ask, replaces it", async () => {
    const { cache, tick } = clockedCache();
    keep(cache, "/shop", "old", ["listing"]);
    tick(TTL + 1);
    const { started, render } = renders();
    const answers = await Promise.all([1, 2, 3].map(() => cache.page("/shop", render("/shop"))));
    expect(answers.map((a) => [a!.page.body.toString(), a!.source])).toEqual([
      ["old", "stale"],
      ["old", "stale"],
      ["old", "stale"],
    ]);
    expect(started).toHaveLength(1);
    started[0]!.finish("new", ["all", "listing"]);
    await vi.waitFor(() => expect(cache.get("/shop")?.body.toString()).toBe("new"));
    expect(await answered(cache, "/shop")).toEqual({ html: "new", source: "hit" });
  });

  it("never answers an older page across a change that touched it: the visitor waits for the render", async () => {
    const { cache, tick } = clockedCache();
    keep(cache, "/product/a", "A $20", ["product-aaaa"]);
    tick(TTL + 1);
    cache.invalidate(["product-aaaa"]);
    const { started, render } = renders();
    const pending = cache.page("/product/a", render("/product/a"));
    started[0]!.finish("A $25", ["all", "product-aaaa"]);
    expect(await pending).toMatchObject({ source: "miss" });
    expect((await pending)!.page.body.toString()).toBe("A $25");
  });

  it("renders while the visitor waits once a page is older than its time twice over", async () => {
    const { cache, tick } = clockedCache();
    keep(cache, "/shop", "old", ["listing"]);
    tick(2 * TTL);
    const { started, render } = renders();
    const pending = cache.page("/shop", render("/shop"));
    expect(started).toHaveLength(1);
    started[0]!.finish("new", ["all", "listing"]);
    expect((await pending)!.source).toBe("miss");
    expect((await pending)!.page.body.toString()).toBe("new");
  });

  it("goes on answering the older page when the render in the background fails, within the bound, and says so", async () => {
    const failures: string[] = [];
    const { cache, tick } = clockedCache({ onRefreshError: (url, error) => failures.push(`${url}: ${(error as Error).message}`) });
    keep(cache, "/shop", "old", ["listing"]);
    tick(TTL + 1);
    const { started, render } = renders();
    expect((await cache.page("/shop", render("/shop")))!.source).toBe("stale");
    started[0]!.fail(new Error("database unavailable"));
    await vi.waitFor(() => expect(failures).toEqual(["/shop: database unavailable"]));
    // The next request past the time tries again; a render that did not finish in time keeps nothing.
    expect((await cache.page("/shop", render("/shop")))!.page.body.toString()).toBe("old");
    expect(started).toHaveLength(2);
    started[1]!.finish(null);
    await new Promise((resolve) => setImmediate(resolve));
    expect(cache.get("/shop")).toBeNull();
    tick(TTL);
    const pending = cache.page("/shop", render("/shop"));
    expect(started).toHaveLength(3);
    started[2]!.finish("new", ["all", "listing"]);
    expect((await pending)!.page.body.toString()).toBe("new");
  });
});

describe("HtmlCache and a page whose data failed", () => {
  it("answers it to the visitor who asked, keeps nothing, and renders again for the next", async () => {
    const { cache } = clockedCache();
    // As the gateway's render answers it when a catalog field failed (gateway/ssr/page-keys.ts).
    const partial = await cache.page("/shop", async () => ({ status: 200, html: "the shop without its products", location: null, keys: new Set(["all"]), keep: false }));
    expect(partial).toMatchObject({ source: "miss" });
    expect(partial!.page.body.toString()).toBe("the shop without its products");
    expect(cache.get("/shop")).toBeNull();
    const whole = await cache.page("/shop", async () => ({ status: 200, html: "the shop", location: null, keys: new Set(["all", "listing"]) }));
    expect(whole).toMatchObject({ source: "miss" });
    expect(await answered(cache, "/shop")).toEqual({ html: "the shop", source: "hit" });
  });
});
