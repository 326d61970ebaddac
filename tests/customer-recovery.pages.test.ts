import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { buildClient } from "./support/client-build.js";

// The pages an emailed link opens are private: rendered afresh for each request, never cached by
// the gateway, a browser or a proxy, never indexed, and their HTML never holds the link's token.
let shop: TestGateway;
let dist: string;

beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-recovery-pages-"));
  await buildClient(dist);
  shop = await startTestGateway({ webDistDir: dist });
}, 300_000);

afterAll(async () => {
  await shop?.close();
  if (dist) fs.rmSync(dist, { recursive: true, force: true });
});

async function page(pathAndQuery: string, headers: Record<string, string> = {}) {
  const res = await fetch(shop.url + pathAndQuery, { headers });
  return { status: res.status, html: await res.text(), headers: res.headers };
}

const robotsMeta = (html: string) => /<meta name="robots" content="([^"]+)"/.exec(html.slice(0, html.indexOf("</head>")))?.[1] ?? null;

describe("the recovery pages", () => {
  it.each([
    ["/account/reset-password", "token", "Choose a new password"],
    ["/account/verify-email", "token", "Confirm your email"],
    ["/account/delete-account", "token", "Delete your account"],
    ["/account/forgot-password", "email", "Forgot your password?"],
  ])("%s is rendered afresh for each request, no-store and noindex, without its query in the HTML", async (route, parameter, heading) => {
    const secrets = ["first-secret-value-AAAA", "second-secret-value-BBBB"];
    for (const secret of secrets) {
      const { status, html, headers } = await page(`${route}?${parameter}=${secret}`);
      expect(status).toBe(200);
      expect(headers.get("cache-control")).toBe("no-store");
      expect(headers.get("x-robots-tag")).toBe("noindex, nofollow");
      // Never from the page cache (whose answers carry an ETag and may be answered 304).
      expect(headers.get("etag")).toBeNull();
      expect(html).toContain(heading);
      expect(robotsMeta(html)).toBe("noindex");
      expect(html).not.toContain(secret);
    }
    expect(shop.logs.join("\n")).not.toMatch(/first-secret-value|second-secret-value/);
  });

  it("keeps a shop page in the page cache, so the difference above is the private list's", async () => {
    await page("/about");
    const { headers } = await page("/about");
    expect(headers.get("etag")).not.toBeNull();
    expect(headers.get("cache-control")).toBe("no-cache");
  });

  it("robots.txt keeps crawlers away from /account", async () => {
    expect((await page("/robots.txt")).html).toContain("Disallow: /account");
  });
});
