import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorefront, type Storefront } from "./support/browser.js";

// What a first visit to / actually transfers, measured by Chromium itself (bytes on the
// wire, headers included), on a fresh client build served by a real gateway. Every script and
// stylesheet comes compressed; docs/performance.md records the figure this prints.
const skip = Boolean(process.env.TEST_DATABASE_URL);

let storefront: Storefront;

interface Transfer {
  url: string;
  type: string;
  encoding: string | null;
  vary: string | null;
  wireBytes: number;
  bodyBytes: number;
}

describe.skipIf(skip)("a first visit to / in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
  });
  afterAll(async () => {
    await storefront?.close();
  });

  it("gets every script, stylesheet and API answer compressed, and reports what it transferred", async () => {
    const context = await storefront.browser.newContext({ viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    const transfers = new Map<string, Transfer>();
    cdp.on("Network.responseReceived", ({ requestId, type, response }) => {
      const header = (name: string) => Object.entries(response.headers).find(([k]) => k.toLowerCase() === name)?.[1] ?? null;
      transfers.set(requestId, { url: response.url, type, encoding: header("content-encoding"), vary: header("vary"), wireBytes: 0, bodyBytes: 0 });
    });
    cdp.on("Network.dataReceived", ({ requestId, dataLength }) => {
      const t = transfers.get(requestId);
      if (t) t.bodyBytes += dataLength;
    });
    cdp.on("Network.loadingFinished", ({ requestId, encodedDataLength }) => {
      const t = transfers.get(requestId);
      if (t) t.wireBytes = encodedDataLength;
    });

    await page.goto(storefront.url);
    await page.getByRole("heading", { name: "Popular Products" }).waitFor();
    await page.getByRole("link", { name: /View details of / }).first().waitFor();
    await page.waitForLoadState("networkidle");

    const all = [...transfers.values()].filter((t) => t.url.startsWith(storefront.url));
    const scripts = all.filter((t) => t.type === "Script" || t.type === "Stylesheet");
    // The build's hashed assets come from its brotli copies.
    const hashed = scripts.filter((t) => new URL(t.url).pathname.startsWith("/assets/"));
    expect(hashed.length).toBeGreaterThan(5);
    for (const s of hashed) {
      expect(s.encoding, s.url).toBe("br");
      expect(s.vary, s.url).toContain("Accept-Encoding");
    }
    for (const t of all.filter((t) => (t.type === "Fetch" || t.type === "XHR" || t.type === "Document") && t.bodyBytes >= 1024)) {
      expect(t.encoding, t.url).toMatch(/^(br|gzip)$/);
    }

    const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;
    const sum = (list: Transfer[], key: "wireBytes" | "bodyBytes") => list.reduce((n, t) => n + t[key], 0);
    console.log(
      `[first visit] ${all.length} requests, ${kB(sum(all, "wireBytes"))} transferred (${kB(sum(all, "bodyBytes"))} uncompressed); ` +
        `scripts and styles ${scripts.length}: ${kB(sum(scripts, "wireBytes"))} (${kB(sum(scripts, "bodyBytes"))} uncompressed)`,
    );
    await context.close();
  });
});
