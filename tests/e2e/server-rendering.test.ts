import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { startStorefront, type Storefront } from "./support/browser.js";
import { waitForHydration } from "./support/shop.js";
import { guestFetcher, payWith } from "../support/checkout.js";

// In Chromium: the gateway's HTML hydrates without a console error or warning and without
// asking GraphQL again for what the page already holds; the shop stays a single-page app after the
// first page; and with JavaScript off a product page is readable and its links go somewhere.
const skip = Boolean(process.env.TEST_DATABASE_URL);

// The only operations a first page may send: who is signed in, and the visitor's own server cart.
// Neither is ever in the shared HTML.
const SESSION_OPERATIONS = new Set(["Session", "ServerCart", "ServerCartCreate", "ServerCartSync"]);

// The studio is this tab's own (its design lives in sessionStorage): it starts after hydration, so
// its lists are not in the HTML and are asked for then.
// A product page's related products are below the fold and asked for once the page has hydrated
// (they were a tenth of its HTML).
const AFTER_HYDRATION: Record<string, readonly string[]> = {
  "/customize": ["CustomizeRoute", "MemePicker", "CartLimits"],
  "/product/i-survived-the-subcommittee-tee": ["RelatedProducts"],
};

// Pages whose main part is this tab's own (the cart's lines, the studio: browser storage), rendered
// in place of a skeleton right after hydration, before the page marks itself hydrated.
const FILLED_AFTER_HYDRATION = new Set(["/cart", "/customize"]);

const PAGES = ["/", "/shop", "/shop?sort=price-low&page=2", "/product/i-survived-the-subcommittee-tee", "/collections", "/collections/t-shirts", "/memes", "/about", "/faq", "/cart", "/customize", "/login", "/no-such-page", "/product/no-such-product"];

let storefront: Storefront;
let context: BrowserContext;

interface Watched {
  console: string[];
  operations: string[];
}

function watch(page: Page): Watched {
  const watched: Watched = { console: [], operations: [] };
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    // The 404 pages are answered 404 on purpose; Chromium reports any such document load.
    if (/status of 404/.test(message.text())) return;
    watched.console.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => watched.console.push(`uncaught: ${error.message}`));
  page.on("request", (request) => {
    if (new URL(request.url()).pathname !== "/graphql" || request.method() !== "POST") return;
    watched.operations.push((JSON.parse(request.postData() ?? "{}") as { operationName?: string }).operationName ?? "(anonymous)");
  });
  return watched;
}

/** Run in the page before its own scripts: counts <style> elements removed from the document (a move is a removal, then an insertion). */
const WATCH_STYLE_TAGS = `window.__removedStyleTags = 0;
new MutationObserver((records) => {
  for (const record of records) for (const node of record.removedNodes) if (node.nodeName === "STYLE") window.__removedStyleTags++;
}).observe(document, { childList: true, subtree: true });`;

/**
 * Run in the page before its own scripts: until the page has hydrated (html[data-hydrated]), the
 * elements of the server's markup in #root that were removed and the elements added, and whether
 * #root's text is still the server's. Hydration that matches the markup adopts its elements as they
 * are; a mismatch shows up here even where the library says nothing in the console (Preact patches
 * the DOM silently). Text nodes may be split: the server writes adjacent texts ("© ", "2026") as one
 * node, and Preact hydrates them as the separate nodes the tree has, so only the text itself counts.
 */
const WATCH_HYDRATION = `window.__hydrationChanges = [];
{
  const describe = (node) => node.nodeName.toLowerCase() + (typeof node.className === "string" && node.className ? "." + node.className.split(" ")[0] : "") + (node.getAttribute?.("aria-label") ? "[" + node.getAttribute("aria-label") + "]" : "");
  let root = null;
  let serverText = "";
  const note = (records) => {
    for (const record of records) {
      for (const node of record.removedNodes) if (node.nodeType === 1) window.__hydrationChanges.push("removed " + describe(node) + " from " + describe(record.target));
      for (const node of record.addedNodes) if (node.nodeType === 1) window.__hydrationChanges.push("added " + describe(node) + " to " + describe(record.target));
    }
  };
  const observer = new MutationObserver(note);
  new MutationObserver((_records, self) => {
    if (!root || !document.documentElement.hasAttribute("data-hydrated")) return;
    self.disconnect();
    note(observer.takeRecords());
    observer.disconnect();
    if (root.textContent !== serverText) window.__hydrationChanges.push("text " + JSON.stringify(serverText.slice(0, 200)) + " -> " + JSON.stringify(root.textContent.slice(0, 200)));
  }).observe(document, { attributes: true, attributeFilter: ["data-hydrated"], subtree: true });
  document.addEventListener("DOMContentLoaded", () => {
    root = document.getElementById("root");
    if (!root || root.childNodes.length === 0) return;
    serverText = root.textContent;
    observer.observe(root, { childList: true, subtree: true });
  });
}`;

describe.skipIf(skip)("server-rendered pages in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
    context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 390, height: 844 } });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await storefront?.close();
  });

  it("hydrate with no console error or warning and no GraphQL request for data already in the HTML", async () => {
    for (const theme of ["light", "dark"]) {
      const page = await context.newPage();
      await page.addInitScript(WATCH_STYLE_TAGS);
      await page.addInitScript(WATCH_HYDRATION);
      await page.goto("/about");
      await page.evaluate(`localStorage.setItem("theme", "${theme}")`);
      for (const path of PAGES) {
        const watched = watch(page);
        await page.goto(path);
        await waitForHydration(page);
        const changes = (await page.evaluate("window.__hydrationChanges")) as string[];
        await page.waitForLoadState("networkidle");
        expect(watched.console, `${path} (${theme})`).toEqual([]);
        // The page is rendered light; in dark mode the colour-mode button swaps its icon once hydrated.
        const expected = (change: string) => theme === "dark" && /^(removed|added) svg (from|to) button\.chakra-button\[Switch to/.test(change);
        if (!FILLED_AFTER_HYDRATION.has(path)) expect(changes.filter((change) => !expected(change)), `${path} (${theme}): hydration changed the server's markup`).toEqual([]);
        // Chakra's global CSS (its layer order, then reset, global styles and tokens) is the page's own
        // two tags, left as they are (theme/system.ts), not built and inserted again.
        expect(await page.locator('style[data-emotion^="css-global"]').count(), `${path} (${theme})`).toBe(2);
        // None of the page's style tags was taken out of the page and put back (Emotion's way of
        // adopting them), which makes the browser recompute the whole page's style.
        expect(await page.evaluate("window.__removedStyleTags"), `${path} (${theme}): style tags moved`).toBe(0);
        expect(
          watched.operations.filter((name) => !SESSION_OPERATIONS.has(name) && !AFTER_HYDRATION[path]?.includes(name)),
          `${path} (${theme}): GraphQL asked for what the page holds`,
        ).toEqual([]);
        page.removeAllListeners("console");
        page.removeAllListeners("pageerror");
        page.removeAllListeners("request");
      }
      await page.close();
    }
  });

  it("a finished checkout's page hydrates as the gateway rendered it for this shopper: the order it read by its token is asked for by nobody", async () => {
    // An order paid at the store, and where the store sends the shopper back.
    const json = async (path: string, init?: RequestInit) => (await fetch(storefront.url + path, init)).json() as Promise<any>;
    const post = (body: unknown): RequestInit => ({ method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
    const product = await json("/api/products/red-tape-sticker-pack");
    const cart = await json("/api/cart", { method: "POST" });
    await json(`/api/cart/${encodeURIComponent(cart.id)}/items`, post({ items: [{ variantId: product.variants[0].id, quantity: 3 }] }));
    const { checkoutUrl } = await json(`/api/cart/${encodeURIComponent(cart.id)}/checkout-url`);
    const paid = await payWith(guestFetcher(storefront.url), checkoutUrl, { address: "7 Cloture Court" });
    const back = new URL(paid.location!);
    expect(back.searchParams.get("order_status_url")).toMatch(/\/store\/orders\//);
    const addresses = [back.pathname + back.search, "/checkout-success?id=1001&order_number=1001&email=shopper%40example.com&total_price=29.99&financial_status=paid&fulfillment_status=unfulfilled"];
    // A fresh browser (light mode: the other tests leave theirs dark).
    const fresh = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 390, height: 844 } });
    for (const address of addresses) {
      const page = await fresh.newPage();
      await page.addInitScript(WATCH_HYDRATION);
      const watched = watch(page);
      const response = await page.goto(address);
      expect(response?.headers()["cache-control"], address).toBe("private, no-store");
      await waitForHydration(page);
      expect((await page.evaluate("window.__hydrationChanges")) as string[], `${address}: hydration changed the server's markup`).toEqual([]);
      await page.waitForLoadState("networkidle");
      expect(watched.console, address).toEqual([]);
      expect(watched.operations.filter((name) => !SESSION_OPERATIONS.has(name)), `${address}: GraphQL asked for what the page holds`).toEqual([]);
      await page.getByRole("heading", { level: 1, name: "Thank you for your order!" }).waitFor();
      if (address === addresses[0]) {
        const items = page.getByRole("region", { name: "Items in your order" });
        expect(await items.getByText(product.title).isVisible()).toBe(true);
        expect(await page.getByText("7 Cloture Court").isVisible()).toBe(true);
      }
      await page.close();
    }
    await fresh.close();
  });

  it("the cart page paints the empty cart with the page where the browser holds no lines, and never where it holds some", async () => {
    const line = { id: "v-1", title: "Tee", image: "", price: 24.99, quantity: 1 };
    for (const stored of [null, [line]]) {
      // The shop's code never runs: what shows is the gateway's HTML, as the cart page's own script
      // marked it (allowed by the page's CSP: blocked, a cart with lines would show as empty).
      const before = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 390, height: 844 } });
      if (stored) await before.addInitScript(`localStorage.setItem("cart", ${JSON.stringify(JSON.stringify(stored))})`);
      const page = await before.newPage();
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto("/cart");
      const empty = page.getByText("Nothing here yet. The shop floor is open.");
      const places = page.getByRole("status", { name: "Loading your cart" });
      expect(await empty.isVisible(), `stored ${JSON.stringify(stored)}`).toBe(!stored);
      expect(await places.isVisible(), `stored ${JSON.stringify(stored)}`).toBe(Boolean(stored));
      await before.close();
    }
    // Hydrated, an empty cart keeps the very element the gateway painted: its text is the page's
    // largest, painted once, with the page.
    const fresh = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 390, height: 844 } });
    const page = await fresh.newPage();
    await page.addInitScript(`
      window.__lcp = [];
      new PerformanceObserver((list) => { for (const entry of list.getEntries()) window.__lcp.push(entry); }).observe({ type: "largest-contentful-paint", buffered: true });
      document.addEventListener("DOMContentLoaded", () => {
        window.__painted = [...document.querySelectorAll("#root p")].find((p) => p.textContent === "Nothing here yet. The shop floor is open.");
      });`);
    await page.goto("/cart");
    await waitForHydration(page);
    await page.getByRole("link", { name: "Continue Shopping" }).waitFor();
    expect(await page.evaluate("Boolean(window.__painted) && window.__painted.isConnected && !document.querySelector('[aria-label=\"Loading your cart\"]')")).toBe(true);
    expect(await page.evaluate("window.__lcp.at(-1).element === window.__painted")).toBe(true);
    await fresh.close();
  });

  it("a placed order's page empties the stored cart before the shop's code runs; an incomplete checkout's keeps it", async () => {
    const lines = JSON.stringify([{ id: "v-1", title: "Tee", image: "", price: 24.99, quantity: 1 }]);
    for (const [address, kept] of [["/checkout-success?id=7&order_number=1007&financial_status=paid", "[]"], ["/checkout-success", lines]] as const) {
      const before = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 390, height: 844 } });
      const page = await before.newPage();
      await page.goto("/faq");
      await page.evaluate(`localStorage.setItem("cart", ${JSON.stringify(lines)})`);
      // The shop's code never runs: only the page's own script (allowed by its answer's CSP) can empty it.
      await page.route("**/assets/*.js", (route) => route.abort());
      await page.goto(address);
      expect(await page.evaluate('localStorage.getItem("cart")'), address).toBe(kept);
      await before.close();
    }
  });

  it("after the first page the shop is a single-page app: links render in place and fetch only the new screen's data", async () => {
    const page = await context.newPage();
    const watched = watch(page);
    let documents = 0;
    page.on("request", (request) => {
      if (request.resourceType() === "document") documents++;
    });
    await page.goto("/");
    await waitForHydration(page);
    await page.getByRole("link", { name: /View details of / }).first().click();
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/product\//);
    await page.getByRole("link", { name: "Continue Shopping" }).or(page.getByText("You Might Also Like")).first().waitFor();
    await page.goBack();
    await page.getByRole("heading", { name: "Popular Products" }).waitFor();
    expect(documents).toBe(1);
    expect(watched.operations).toContain("ProductRoute");
    expect(watched.console).toEqual([]);
    await page.close();
  });

  it("a product page fills in what its HTML leaves out: related products after hydration, the Shipping tab's rates when chosen", async () => {
    const page = await context.newPage();
    const watched = watch(page);
    await page.goto("/product/i-survived-the-subcommittee-tee");
    await waitForHydration(page);
    const related = page.getByRole("region", { name: "You Might Also Like" });
    await related.getByRole("button", { name: /^Add to Cart: / }).first().waitFor();
    expect(await related.getByRole("link").count()).toBe(4);
    expect(await related.getByTestId("product-skeleton").count()).toBe(0);

    await page.getByRole("tab", { name: "Shipping" }).click();
    const panel = page.getByRole("tabpanel", { name: "Shipping" });
    await panel.getByRole("table", { name: "Shipping rates at checkout" }).waitFor();
    expect(await panel.getByText("Standard shipping is free on orders of $75.00 or more.").isVisible()).toBe(true);
    await page.getByRole("tab", { name: "Returns" }).click();
    await page.getByRole("tabpanel", { name: "Returns" }).getByRole("link", { name: "full returns policy" }).waitFor();

    // The option picker's buttons keep one class list: choosing moves aria-pressed, and the chosen
    // one looks like a solid brand button (its background is the brand colour, not the page's).
    const sizes = page.getByRole("group", { name: /^Size/ });
    const medium = sizes.getByRole("button", { name: "M", exact: true });
    const small = sizes.getByRole("button", { name: "S", exact: true });
    const classBefore = await medium.getAttribute("class");
    // (Run in the page; these tests are typed without the DOM's globals.)
    const background = (button: typeof medium) =>
      button.evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { backgroundColor: string } }).getComputedStyle(el).backgroundColor);
    const unpressedBackground = await background(medium);
    await medium.click();
    expect(await medium.getAttribute("aria-pressed")).toBe("true");
    expect(await small.getAttribute("aria-pressed")).toBe("false");
    expect(await medium.getAttribute("class")).toBe(classBefore);
    expect(await small.getAttribute("class")).toBe(classBefore);
    await page.mouse.move(0, 0);
    // (Polled: the button recipe fades its background over 200 ms.)
    await expect.poll(() => background(small)).toBe(unpressedBackground);
    expect(await background(medium)).not.toBe(unpressedBackground);

    expect(watched.operations).toEqual(expect.arrayContaining(["RelatedProducts", "ProductShipping"]));
    expect(watched.console).toEqual([]);
    await page.close();
  });

  it("with JavaScript off, a product page shows its title, price, images, description and options, and its links navigate", async () => {
    const noScript = await storefront.browser.newContext({ baseURL: storefront.url, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
    const page = await noScript.newPage();
    const response = await page.goto("/product/i-survived-the-subcommittee-tee");
    expect(response?.status()).toBe(200);
    await page.getByRole("heading", { level: 1, name: "I Survived the Subcommittee Tee" }).waitFor();
    expect(await page.getByText("$24.99").first().isVisible()).toBe(true);
    expect(await page.getByText(/two-hour hearing on the scheduling of future hearings/).first().isVisible()).toBe(true);
    for (const value of ["S", "M", "L", "XL", "Black", "Navy", "Heather Grey"]) {
      expect(await page.getByRole("button", { name: value, exact: true }).isVisible(), value).toBe(true);
    }
    // Related products come after hydration: without JavaScript their section is not shown at all.
    expect(await page.getByText("You Might Also Like").isVisible()).toBe(false);
    const image = page.getByRole("img", { name: /I Survived the Subcommittee/ }).first();
    expect(await image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth)).toBeGreaterThan(0);

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Shop" }).click();
    await page.getByRole("heading", { name: "Shop Political Satire" }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/shop");
    await page.getByRole("link", { name: "I Survived the Subcommittee Tee" }).first().click();
    await page.getByRole("heading", { level: 1, name: "I Survived the Subcommittee Tee" }).waitFor();
    await page.getByRole("link", { name: "T-Shirts" }).first().click();
    await page.getByRole("heading", { level: 1, name: "T-Shirts" }).waitFor();
    await noScript.close();
  });
});
