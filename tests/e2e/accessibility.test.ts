import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startStorefront, useOnceHydrated, type Storefront } from "./support/browser.js";
import { axeViolations } from "./support/axe.js";
import { focusRingsOf } from "./support/focusRing.js";

// What keyboard and screen-reader shoppers get, in Debian's Chromium against a real gateway. The
// PostgreSQL pass of CI skips it: it ran in the first.
const skip = Boolean(process.env.TEST_DATABASE_URL);

const WHITE = "rgb(255, 255, 255)";

let storefront: Storefront;
let productPath: string;

describe.skipIf(skip)("the shop's accessibility in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
    const response = await fetch(`${storefront.url}/api/products?page=1`);
    const { products } = (await response.json()) as { products: { handle: string }[] };
    productPath = `/product/${products[0]!.handle}`;
  });
  afterAll(async () => {
    await storefront?.close();
  });

  it.each([390, 1280])("axe finds no violation on any public page, in both themes at %i px", async (width) => {
    // Spec §2's routes a shopper reaches without signing in, and the pages its footer links to.
    const paths = [
      "/",
      "/shop",
      "/shop?search=filibuster",
      "/collections",
      "/collections/t-shirts",
      "/collections/nope",
      productPath,
      "/product/nope",
      "/memes",
      "/customize",
      "/cart",
      "/checkout-success?id=x&order_number=1001&email=a%40example.com&total_price=30.98&financial_status=paid&fulfillment_status=unfulfilled",
      "/about",
      ...["/contact", "/shipping", "/returns", "/faq", "/track", "/terms", "/privacy", "/content-policy", "/disclaimer"],
      "/login",
      "/account/forgot-password",
      "/no-such-page",
    ];
    expect(await axeViolations(storefront.browser, storefront.url, paths, width)).toEqual([]);
  }, 300_000);

  it("every focus ring is the theme's, standing out 3:1 from what is around it, in both themes", async () => {
    const context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 1280, height: 900 } });
    const weak: string[] = [];
    const notTheTheme: string[] = [];
    // The rings of elements styled apart from Chakra's recipes: they must be the theme's too.
    const plain = { "header search": new Set<string>(), "product card title": new Set<string>() };
    let measured = 0;
    try {
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      useOnceHydrated(page);
      await page.goto("/about");
      await page.evaluate(`localStorage.setItem("cart", JSON.stringify([{ id: "v-ring", title: "Ring Tee", image: "", price: 24.99, quantity: 2 }]))`);
      for (const theme of ["light", "dark"]) {
        await page.evaluate(`localStorage.setItem("theme", "${theme}")`);
        for (const path of ["/", "/shop", productPath, "/faq", "/cart"]) {
          await page.goto(path, { waitUntil: "networkidle" });
          await page.locator("#main h1").first().waitFor();
          const rings = await focusRingsOf(page, 60);
          measured += rings.length;
          for (const ring of rings) {
            if (ring.outline === "none" || ring.width < 1 || ring.contrast < 3) {
              weak.push(`${theme} ${path}: ${ring.element} ${ring.outline} ${ring.width}px ${ring.color} on ${ring.behind} = ${ring.contrast}:1`);
            }
            // Not the browser's own ring (outline-style auto, near black or near white): the theme's
            // where the element stands, or white where a section on navy or red draws its own.
            if (ring.outline === "auto" || (ring.color !== ring.themeRing && ring.color !== WHITE)) {
              notTheTheme.push(`${theme} ${path}: ${ring.element} ${ring.outline} ${ring.color}, the theme's ${ring.themeRing}`);
            }
            const kind = ring.element === 'input "Search products"' && ring.within === "header" ? "header search" : ring.within === "article" && ring.element.startsWith("a ") && !ring.element.startsWith('a "View details') ? "product card title" : null;
            if (kind) plain[kind].add(`${theme} ${ring.outline} ${ring.color === ring.brandRing ? "brand" : ring.color}`);
          }
        }
      }
    } finally {
      await context.close();
    }
    expect(measured).toBeGreaterThan(40);
    expect(weak).toEqual([]);
    expect(notTheTheme).toEqual([]);
    for (const rings of Object.values(plain)) expect([...rings].sort()).toEqual(["dark solid brand", "light solid brand"]);
  });
});
