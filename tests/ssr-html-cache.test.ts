import zlib from "node:zlib";
import { describe, expect, it, vi } from "vitest";
import { HtmlCache } from "../gateway/ssr/html-cache.js";

// A cached page is sent from compressed copies made once. The brotli copy is made quickly
// for the first visitor and again at brotli's best quality, in the background, once the page is
// asked for a second time: a page inside TCP's first round trip paints a round trip sooner.
const page = `<!doctype html><html><head><style>${".c{color:red}".repeat(400)}</style></head><body>${Array.from({ length: 2_000 }, (_, i) => `<p class="c">item ${i * 7919}</p>`).join("")}</body></html>`;
const brotli = (quality: number) => {
  const body = Buffer.from(page);
  return zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
};

describe("HtmlCache's compressed copies", () => {
  it("compresses a page quickly when stored, and at brotli's best once it is asked for again", async () => {
    const cache = new HtmlCache({ ttlMs: 60_000, maxEntries: 10 });
    const stored = cache.set("/shop", 200, page);
    expect(stored.brotli.equals(brotli(5))).toBe(true);
    expect(zlib.gunzipSync(stored.gzip).toString()).toBe(page);
    // Stored but not asked for again: nothing more is spent on it.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(stored.brotli.equals(brotli(5))).toBe(true);

    const hit = cache.get("/shop")!;
    await vi.waitFor(() => expect(hit.brotli.equals(brotli(11))).toBe(true), { timeout: 5_000 });
    expect(cache.get("/shop")!.brotli.length).toBeLessThan(brotli(5).length);
    expect(zlib.brotliDecompressSync(cache.get("/shop")!.brotli).toString()).toBe(page);
    expect(cache.get("/shop")!.etag).toBe(stored.etag);
  });
});
