import { createHash } from "node:crypto";
import type { GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { createPageRenderer, type ClientBuild } from "./page-renderer.js";

// A page's own inline script is allowed by its answer's CSP only when it is one the renderer
// declares (PAGE_SCRIPTS), as written: a script that reached the markup any other way (a product's
// description, a meme's title) is never allowed, whatever the page holds.
const MARK = `(function(){document.documentElement.setAttribute("data-cart","")})()`;
const sha256 = (text: string) => `'sha256-${createHash("sha256").update(text, "utf8").digest("base64")}'`;

function buildRendering(markup: string): ClientBuild {
  const renderer = {
    PAGE_SCRIPTS: [MARK],
    render: async () => ({
      status: 200,
      rendered: true,
      shared: true,
      html: markup,
      headTags: "<title>t</title>",
      head: { preloadImage: null, location: null },
      styleTags: "",
      stateTag: "",
      module: "src/routes/CartRoute.tsx",
      complete: true,
      renders: 1,
      fragments: 0,
      timings: { data: 0, render: 0, styles: 0 },
    }),
  };
  return {
    template: `<!doctype html><html><head><script>theme()</script><!--app-head--><title>x</title><!--/app-head--><link rel="icon" href="/favicon.svg"></head><body><div id="root"></div></body></html>`,
    manifest: {},
    renderer: async () => renderer,
  };
}

const renderOf = (markup: string) => createPageRenderer(buildRendering(markup), { publicUrl: "http://shop.example", schema: {} as GraphQLSchema }).render("/cart", {});

describe("a page's own inline scripts", () => {
  it("are allowed where the page holds one the renderer declares, as written", async () => {
    const page = await renderOf(`<h1>Your Cart</h1><script>${MARK}</script><p>Nothing here yet.</p>`);
    expect(page.scriptHashes).toEqual([sha256(MARK)]);
    expect(page.html).toContain(`<script>${MARK}</script>`);
  });

  it("are none on a page without one", async () => {
    expect((await renderOf(`<h1>A product</h1>`)).scriptHashes).toEqual([]);
  });

  it("never include a script the renderer did not declare, or a declared one changed", async () => {
    const page = await renderOf(`<p><script>alert(document.cookie)</script></p><script>${MARK};alert(1)</script><script type="module">${MARK}</script>`);
    expect(page.scriptHashes).toEqual([]);
  });
});
