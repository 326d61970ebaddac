import { createHash } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inlineScriptHashes } from "../gateway/http/security-headers.js";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

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

describe("the headers every response carries", () => {
  let shop: TestGateway;
  beforeAll(async () => {
    shop = await startTestGateway();
  });
  afterAll(async () => {
    await shop?.close();
  });

  it("keeps the protections current browsers honour and leaves out helmet's obsolete ones (a page's first round trip)", async () => {
    for (const route of ["/", "/api/collections", "/graphql?query=%7B__typename%7D"]) {
      const res = await fetch(shop.url + route, { headers: { "apollo-require-preflight": "1" } });
      await res.arrayBuffer();
      expect(res.headers.get("x-content-type-options"), route).toBe("nosniff");
      // Framing: the CSP's frame-ancestors where the client's CSP is sent, X-Frame-Options on /graphql (no CSP header).
      const csp = res.headers.get("content-security-policy");
      if (csp) expect(csp, route).toMatch(/frame-ancestors 'self'/);
      else expect(res.headers.get("x-frame-options"), route).toBe("SAMEORIGIN");
      expect(csp === null, route).toBe(route.startsWith("/graphql"));
      expect(res.headers.get("strict-transport-security"), route).toMatch(/max-age=\d+/);
      expect(res.headers.get("referrer-policy"), route).toBe("no-referrer");
      for (const obsolete of ["x-xss-protection", "x-download-options", "x-permitted-cross-domain-policies"]) {
        expect(res.headers.has(obsolete), `${route} ${obsolete}`).toBe(false);
      }
    }
  });
});
