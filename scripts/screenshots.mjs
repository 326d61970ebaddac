#!/usr/bin/env node
// Screenshots of the main screens at phone (390 px) and desktop (1280 px) widths in both themes,
// with every console error, page error and failed request reported. For looking at the client:
//   node scripts/screenshots.mjs http://127.0.0.1:3458 /tmp/shots [name-filter]
// (start a gateway with a built client first; see README "Client").
import fs from "node:fs";
import path from "node:path";
import { chromium } from "playwright-core";

const [base = "http://127.0.0.1:3000", outDir = "/tmp/shots", filter = ""] = process.argv.slice(2);
fs.mkdirSync(outDir, { recursive: true });

const SAMPLE_CART = JSON.stringify([
  { id: "sample-1", title: "I Survived the Subcommittee Tee", variantTitle: "M / Black", image: "", price: 24.99, quantity: 2 },
  { id: "sample-2", title: "Filibuster Fuel Mug", image: "", price: "oops", quantity: 1 },
]);

const firstProduct = await (await fetch(`${base}/api/products?page=1`)).json();
const handle = firstProduct.products[0].handle;

const SCREENS = [
  { name: "home", path: "/" },
  { name: "shop", path: "/shop" },
  { name: "shop-search", path: "/shop?search=mug&sort=price-low" },
  { name: "shop-empty", path: "/shop?search=zzzzzz" },
  { name: "collections", path: "/collections" },
  { name: "collection", path: "/collections/t-shirts" },
  { name: "collection-missing", path: "/collections/nope" },
  { name: "product", path: `/product/${handle}` },
  { name: "product-missing", path: "/product/nope" },
  { name: "drawer", path: `/product/${handle}`, action: async (page) => page.getByRole("button", { name: /^Cart, / }).click(), cart: SAMPLE_CART },
  { name: "cart", path: "/cart", cart: SAMPLE_CART },
  { name: "cart-empty", path: "/cart" },
  { name: "success", path: "/checkout-success?id=x&order_number=1001&email=a%40example.com&total_price=30.98&financial_status=paid&fulfillment_status=unfulfilled" },
  { name: "incomplete", path: "/checkout-success" },
  { name: "about", path: "/about" },
  { name: "contact", path: "/contact" },
  { name: "shipping", path: "/shipping" },
  { name: "returns", path: "/returns" },
  { name: "faq", path: "/faq" },
  { name: "track", path: "/track" },
  { name: "terms", path: "/terms" },
  { name: "privacy", path: "/privacy" },
  { name: "content-policy", path: "/content-policy" },
  { name: "disclaimer", path: "/disclaimer" },
  { name: "not-found", path: "/no-such-page" },
].filter((s) => s.name.includes(filter));

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});
let problems = 0;
for (const theme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    for (const screen of SCREENS) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
      await context.addInitScript(
        ({ theme, cart }) => {
          if (sessionStorage.getItem("seeded")) return;
          sessionStorage.setItem("seeded", "1");
          localStorage.setItem("theme", theme);
          if (cart) localStorage.setItem("cart", cart);
          else localStorage.removeItem("cart");
        },
        { theme, cart: screen.cart ?? null },
      );
      const page = await context.newPage();
      const issues = [];
      page.on("console", (m) => m.type() === "error" && issues.push(`console: ${m.text()}`));
      page.on("pageerror", (e) => issues.push(`pageerror: ${e.message}`));
      page.on("requestfailed", (r) => issues.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
      page.on("response", (r) => r.status() >= 400 && !r.url().includes("nope") && issues.push(`HTTP ${r.status()}: ${r.url()}`));
      await page.goto(base + screen.path, { waitUntil: "networkidle" });
      if (screen.action) {
        await screen.action(page);
        await page.waitForTimeout(600);
      }
      if (!screen.action) {
        // Bring lazily loaded images in before the full-page shot.
        await page.evaluate(async () => {
          for (let y = 0; y < document.body.scrollHeight; y += 600) {
            window.scrollTo(0, y);
            await new Promise((r) => setTimeout(r, 50));
          }
          window.scrollTo(0, 0);
        });
        await page.waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 10_000 }).catch(() => undefined);
      }
      await page.waitForTimeout(300);
      const file = path.join(outDir, `${screen.name}-${width}-${theme}.png`);
      await page.screenshot({ path: file, fullPage: !screen.action });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      if (overflow > 0) issues.push(`horizontal overflow: ${overflow}px`);
      if (issues.length) {
        problems += issues.length;
        console.log(`${screen.name} ${width} ${theme}:\n  ${issues.join("\n  ")}`);
      }
      await context.close();
    }
  }
}
await browser.close();
console.log(`${SCREENS.length * 4} screenshots in ${outDir}; ${problems} problems.`);
