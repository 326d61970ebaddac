import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../gateway/http/security-headers.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

// The page's one inline script (the colour mode, before the first paint) is allowed by
// the Content-Security-Policy through its SHA-256, computed from the page the gateway serves.
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

describe("inlineScriptHashes", () => {
  it("hashes each script the browser runs, by its text, and nothing else", () => {
    const theme = `document.documentElement.classList.add("dark");`;
    const html = [
      `<head><script>${theme}</script>`,
      `<script type="module">import "/x.js";</script>`,
      `<script src="/entry.js"></script><script type="module" crossorigin src="/assets/a.js"></script>`,
      `<script type="application/json" id="__SSR_STATE__">{"a":1}</script>`,
      `<script type="application/ld+json">{"@type":"Product"}</script>`,
      `<!-- <script>commented out</script> -->`,
      `<script>${theme}</script></head>`,
    ].join("\n");
    expect(inlineScriptHashes(html)).toEqual([sha256(theme), sha256(`import "/x.js";`)]);
    expect(inlineScriptHashes("<p>no scripts</p>")).toEqual([]);
  });

  it("hashes the text as the browser's parser leaves it: CRLF line breaks become LF", () => {
    expect(inlineScriptHashes("<script>\r\n  var a = 1;\r\n</script>")).toEqual([sha256("\n  var a = 1;\n")]);
  });
});

describe("a client built without the page renderer (the plain index.html)", () => {
  let shop: TestGateway;
  let distDir: string;
  const script = `\n  document.documentElement.classList.add("light");\n`;

  beforeAll(async () => {
    distDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-dist-"));
    fs.writeFileSync(path.join(distDir, "index.html"), `<!doctype html><head><script>${script}</script><title>shop</title></head><div id=root></div>`);
    shop = await startTestGateway({ webDistDir: distDir });
  });
  afterAll(async () => {
    await shop?.close();
    fs.rmSync(distDir, { recursive: true, force: true });
  });

  it("allows the page's inline script by its hash, and only that one", async () => {
    for (const route of ["/", "/shop", "/api/collections"]) {
      const res = await fetch(shop.url + route);
      await res.arrayBuffer();
      const scriptSrc = /(?:^|;)\s*script-src ([^;]*)/.exec(res.headers.get("content-security-policy") ?? "")?.[1];
      expect(scriptSrc, route).toBe(`'self' ${sha256(script)}`);
    }
    expect(await (await fetch(`${shop.url}/shop`)).text()).toContain(`<script>${script}</script>`);
  });
});

/** A page, the API, GraphQL, the store's script, the API's description and the health check. */
const ROUTES = ["/", "/api/collections", "/graphql?query=%7B__typename%7D", "/api/openapi.json", "/healthz"];

describe("the headers every response carries", () => {
  let shop: TestGateway;
  let plain: TestGateway;
  beforeAll(async () => {
    shop = await startTestGateway({ publicUrl: "https://shop.example" });
    plain = await startTestGateway({ publicUrl: "http://127.0.0.1:3000" });
  });
  afterAll(async () => {
    await shop?.close();
    await plain?.close();
  });

  it("keeps the protections current browsers honour and leaves out helmet's obsolete ones (a page's first round trip)", async () => {
    for (const route of ROUTES) {
      const res = await fetch(shop.url + route, { headers: { "apollo-require-preflight": "1" } });
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options"), route).toBe("nosniff");
      // Framing: the CSP's frame-ancestors where the client's CSP is sent, X-Frame-Options on /graphql (no CSP header).
      const csp = res.headers.get("content-security-policy");
      if (csp) expect(csp, route).toMatch(/frame-ancestors 'self'/);
      else expect(res.headers.get("x-frame-options"), route).toBe("SAMEORIGIN");
      expect(csp === null, route).toBe(route.startsWith("/graphql"));
      expect(res.headers.get("strict-transport-security"), route).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
      expect(res.headers.get("referrer-policy"), route).toBe("no-referrer");
      for (const obsolete of ["x-xss-protection", "x-download-options", "x-permitted-cross-domain-policies"]) {
        expect(res.headers.has(obsolete), `${route} ${obsolete}`).toBe(false);
      }
    }
  });

  it("sends no Strict-Transport-Security for a shop on plain http, and everything else as on https", async () => {
    for (const route of ROUTES) {
      const res = await fetch(plain.url + route, { headers: { "apollo-require-preflight": "1" } });
      await res.arrayBuffer();
      expect(res.headers.has("strict-transport-security"), route).toBe(false);
      expect(res.headers.get("x-content-type-options"), route).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), route).toBe("no-referrer");
    }
  });

  it("gives /healthz the same headers as the API (it was answered before them)", async () => {
    const health = await fetch(`${shop.url}/healthz`);
    const api = await fetch(`${shop.url}/api/collections`);
    await Promise.all([health.arrayBuffer(), api.arrayBuffer()]);
    for (const name of ["content-security-policy", "strict-transport-security", "x-content-type-options", "referrer-policy", "cross-origin-opener-policy", "cross-origin-resource-policy"]) {
      expect(health.headers.get(name), name).toBe(api.headers.get(name));
      expect(health.headers.get(name), name).not.toBeNull();
    }
  });
});

describe("GraphQL answers and HTTP caches", () => {
  let shop: TestGateway;
  beforeAll(async () => {
    // With the catalog cache on, as in production: catalog answers are judged shareable.
    shop = await startTestGateway({ catalogCacheSeconds: 60 });
  });
  afterAll(() => shop?.close());

  const get = (query: string, cookie?: string) =>
    fetch(`${shop.url}/graphql?query=${encodeURIComponent(query)}`, { headers: { "apollo-require-preflight": "1", ...(cookie ? { cookie } : {}) } });

  it("marks an answer about the signed-in customer private, no-store, over GET and POST", async () => {
    const browser = new BrowserSession(shop.url);
    await browser.register({ name: "Cache Test", email: "cache@example.com", password: "a long enough password" });
    expect((await browser.login("cache@example.com", "a long enough password")).status).toBe(200);
    const cookie = `storefront.sid=${browser.cookie("storefront.sid")}`;
    const me = await get(`{ me { email } }`, cookie);
    expect(((await me.json()) as any).data.me.email).toBe("cache@example.com");
    expect(me.headers.get("cache-control")).toBe("private, no-store");
    const anonymous = await get(`{ me { email } }`);
    expect(((await anonymous.json()) as any).data.me).toBeNull();
    expect(anonymous.headers.get("cache-control")).toBe("private, no-store");
    const posted = await browser.fetch("/graphql", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ query: "{ me { email } }" }) });
    await posted.arrayBuffer();
    expect(posted.headers.get("cache-control")).toBe("private, no-store");
  });

  it("marks an operation that reads the catalog and the session private too, and leaves the catalog alone", async () => {
    const mixed = await get(`{ collections { handle } me { email } }`);
    await mixed.arrayBuffer();
    expect(mixed.headers.get("cache-control")).toBe("private, no-store");
    for (let i = 0; i < 2; i += 1) {
      // The second is answered from the response cache.
      const catalog = await get(`{ collections { handle } }`);
      await catalog.arrayBuffer();
      expect(catalog.status).toBe(200);
      expect(catalog.headers.get("cache-control"), `answer ${i + 1}`).toBeNull();
    }
  });
});
