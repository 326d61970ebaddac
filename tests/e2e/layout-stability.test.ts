import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { startStorefront, watchForErrors, type Storefront } from "./support/browser.js";

// What a shopper sees jump while a page becomes interactive: Chromium's own Cumulative Layout Shift
// (every 'layout-shift' entry not caused by input, from the first paint until the hydrated page has
// gone idle), at a phone's and a laptop's width. Pages whose content comes from this browser's
// storage (the cart, the studio) are rendered by the gateway with their parts' places kept; so is
// the sign-in page's, until the session is known.
const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
];
/** "Good" is 0.1 for a whole visit; a page becoming interactive should move nothing. */
const MOST = 0.02;

let storefront: Storefront;

interface Shift {
  value: number;
  sources: string[];
}

/** Collects the page's layout shifts from its very first frame (before any of its scripts run). */
const OBSERVE_SHIFTS = `
  window.__shifts = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      window.__shifts.push({
        value: entry.value,
        sources: (entry.sources || []).map((s) => {
          const node = s.node && s.node.nodeType === 1 ? s.node.outerHTML.slice(0, 120) : String(s.node && s.node.textContent).slice(0, 60);
          const r = (rect) => [rect.x, rect.y, rect.width, rect.height].map(Math.round).join(",");
          return node + " from " + r(s.previousRect) + " to " + r(s.currentRect);
        }),
      });
    }
  }).observe({ type: "layout-shift", buffered: true });
`;

/** Two frames after the last change: every shift of the loaded page has been reported. */
const AFTER_TWO_FRAMES = "new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))";

async function layoutShifts(page: Page): Promise<{ total: number; shifts: Shift[] }> {
  await page.waitForLoadState("networkidle");
  await page.evaluate(AFTER_TWO_FRAMES);
  const shifts = (await page.evaluate("window.__shifts")) as Shift[];
  return { total: shifts.reduce((sum, s) => sum + s.value, 0), shifts };
}

/** A real line of the catalog, as the product page stores it in the local cart. */
async function cartLine() {
  const response = await fetch(`${storefront.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "{ products(pageSize: 1) { products { title featuredImage { url } variants(first: 1) { id title price { amount } } } } }" }),
  });
  const { data } = (await response.json()) as {
    data: { products: { products: { title: string; featuredImage: { url: string } | null; variants: { id: string; title: string; price: { amount: string } }[] }[] } };
  };
  const product = data.products.products[0]!;
  const variant = product.variants[0]!;
  return { id: variant.id, title: product.title, variantTitle: variant.title, image: product.featuredImage?.url ?? "", price: Number(variant.price.amount), quantity: 1 };
}

const CASES: { name: string; path: string; cart: "one line" | "empty" | null; ready(page: Page): Promise<void> }[] = [
  {
    name: "the Customize studio",
    path: "/customize",
    cart: null,
    // Its products have loaded: the studio is all there.
    ready: (page) => page.getByRole("combobox", { name: "Product" }).waitFor(),
  },
  {
    name: "the cart page with a line",
    path: "/cart",
    cart: "one line",
    ready: (page) => page.getByRole("button", { name: /Proceed to Checkout/ }).waitFor(),
  },
  {
    name: "the empty cart page",
    path: "/cart",
    cart: "empty",
    ready: (page) => page.getByText("Your cart is empty").waitFor(),
  },
  {
    // Its forms wait for the session, their place kept.
    name: "the sign-in page",
    path: "/login",
    cart: null,
    ready: (page) => page.getByRole("textbox", { name: "Email" }).waitFor(),
  },
  {
    // Rendered by the browser alone: the screen's chunk loads first.
    name: "the checkout success page",
    path: "/checkout-success?id=1001&order_number=1001&email=shopper%40example.com&total_price=29.99&financial_status=paid&fulfillment_status=unfulfilled",
    cart: null,
    ready: (page) => page.getByRole("heading", { name: "Thank you for your order!" }).waitFor(),
  },
];

describe("pages becoming interactive move nothing in view (CLS in Chromium)", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
  });
  afterAll(async () => {
    await storefront?.close();
  });

  for (const { width, height } of WIDTHS) {
    for (const screen of CASES) {
      it(`${screen.name} at ${width} px`, async () => {
        const context = await storefront.browser.newContext({ viewport: { width, height } });
        try {
          await context.addInitScript(OBSERVE_SHIFTS);
          if (screen.cart) {
            const lines = screen.cart === "one line" ? [await cartLine()] : [];
            await context.addInitScript(`localStorage.setItem("cart", ${JSON.stringify(JSON.stringify(lines))})`);
          }
          const page = await context.newPage();
          const problems = watchForErrors(page);
          await page.goto(`${storefront.url}${screen.path}`);
          await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
          await screen.ready(page);
          const { total, shifts } = await layoutShifts(page);
          console.log(`[layout shift] ${screen.name} at ${width} px: CLS ${total.toFixed(4)}`);
          expect(total, shifts.map((s) => `${s.value.toFixed(4)}: ${s.sources.join("; ")}`).join("\n")).toBeLessThanOrEqual(MOST);
          expect(problems).toEqual([]);
        } finally {
          await context.close();
        }
      });
    }
  }

  it("the home page's hero: its collage of best sellers is left out on a phone, and on a laptop its heading stays the largest paint", async () => {
    for (const { width, height } of WIDTHS) {
      const context = await storefront.browser.newContext({ viewport: { width, height } });
      try {
        await context.addInitScript(`${OBSERVE_SHIFTS}
          window.__largest = [];
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries()) window.__largest.push(entry.element ? entry.element.tagName + (entry.element.id ? "#" + entry.element.id : "") : "");
          }).observe({ type: "largest-contentful-paint", buffered: true });
        `);
        const page = await context.newPage();
        await page.goto(storefront.url);
        await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
        const { total } = await layoutShifts(page);
        expect(total, `home at ${width} px`).toBeLessThanOrEqual(MOST);

        const selector = 'section[aria-labelledby="hero-title"] [aria-hidden="true"] img';
        const collage = page.locator(selector);
        expect(await collage.count()).toBe(4);
        const images = (property: string) => page.evaluate(`[...document.querySelectorAll(${JSON.stringify(selector)})].map((img) => img.${property})`);
        if (width < 1024) {
          // Hidden, so its lazy images are never fetched (an image the browser asked for has a currentSrc).
          expect(await collage.first().isVisible()).toBe(false);
          expect(await images("currentSrc")).toEqual(["", "", "", ""]);
        } else {
          await expect.poll(() => images("naturalWidth > 0")).toEqual([true, true, true, true]);
          expect(await collage.first().getAttribute("alt")).toBe("");
          const largest = (await page.evaluate("window.__largest")) as string[];
          expect(largest.at(-1)).toBe("H1#hero-title");
        }
      } finally {
        await context.close();
      }
    }
  });
});
