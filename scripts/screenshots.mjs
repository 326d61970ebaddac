#!/usr/bin/env node
// Screenshots of the main screens at phone (390 px) and desktop (1280 px) widths in both themes,
// with every console error, page error and failed request reported. For looking at the client:
//   node scripts/screenshots.mjs http://127.0.0.1:3458 /tmp/shots [name-filter]
// (start a gateway with a built client first; see docs/client.md). The admin's screens
// sign in as the owner the gateway was started with: pass the same SHOP_OWNER_EMAIL and
// SHOP_OWNER_PASSWORD to this script, or they are left out.
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

const visibleButton = (page, name) => page.getByRole("button", { name }).locator("visible=true").first();

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
  { name: "customize", path: "/customize" },
  { name: "customize-missing-meme", path: "/customize?meme=nope" },
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
  // Sign-in, the customer's screens (signed in as a customer with an order, or a new one) and memes.
  { name: "login", path: "/login" },
  { name: "signin-dialog", path: "/", action: async (page) => visibleButton(page, "Sign in").click() },
  {
    name: "register-dialog",
    path: "/",
    action: async (page) => {
      await visibleButton(page, "Sign in").click();
      await page.getByRole("tab", { name: "Create account" }).click();
      await page.getByRole("form", { name: "Create account" }).getByRole("button", { name: "Create account" }).click();
    },
  },
  { name: "memes", path: "/memes" },
  { name: "memes-page2", path: "/memes?page=2" },
  { name: "memes-featured", path: "/memes?tab=featured" },
  { name: "memes-added", path: "/memes", action: async (page) => page.getByRole("button", { name: /^Add to Cart: / }).first().click() },
  { name: "dashboard", path: "/dashboard", session: "orders" },
  { name: "dashboard-empty", path: "/dashboard", session: "new" },
  { name: "dashboard-account", path: "/dashboard?tab=account", session: "new" },
  { name: "account-menu", path: "/dashboard", session: "orders", action: async (page) => visibleButton(page, /^Account menu for /).click() },
  { name: "order", path: "/order/{orderId}", session: "orders" },
  { name: "order-missing", path: "/order/nope", session: "orders" },
  { name: "account", path: "/account", session: "orders" },
  // The admin, signed out and as the owner (with the order above, a token and a webhook).
  { name: "admin-signin", path: "/admin" },
  { name: "admin-orders", path: "/admin/orders", session: "staff" },
  { name: "admin-order", path: "/admin/orders/{orderId}", session: "staff" },
  { name: "admin-tokens", path: "/admin/tokens", session: "staff" },
  { name: "admin-webhooks", path: "/admin/webhooks", session: "staff" },
]
  .filter((s) => s.session !== "staff" || (process.env.SHOP_OWNER_EMAIL && process.env.SHOP_OWNER_PASSWORD))
  .filter((s) => s.name.includes(filter));

const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
});

async function graphql(context, query, variables = {}) {
  const response = await context.request.post(`${base}/graphql`, { data: { query, variables }, headers: { "content-type": "application/json" } });
  const body = await response.json();
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A signed-in customer (their cookies), with one paid order when `withOrder`. */
async function customerSession(withOrder) {
  const context = await browser.newContext();
  const email = `shots-${Date.now()}-${withOrder ? "orders" : "new"}@example.com`;
  const password = "screenshot password";
  await graphql(context, "mutation($input: RegisterInput!) { register(input: $input) { userErrors { message } } }", {
    input: { name: withOrder ? "Ada Lovelace" : "Grace Hopper", email, password },
  });
  await graphql(context, "mutation($input: LoginInput!) { login(input: $input) { userErrors { message } } }", { input: { email, password, rememberMe: true } });
  let orderId = null;
  if (withOrder) {
    const product = await (await fetch(`${base}/api/products/${handle}`)).json();
    const data = await graphql(context, "mutation($input: CartInput) { cartCreate(input: $input) { cart { checkoutUrl } } }", {
      input: { lines: [{ merchandiseId: product.variants[0].id, quantity: 2 }] },
    });
    const page = await context.newPage();
    await page.goto(data.cartCreate.cart.checkoutUrl);
    for (const [label, value] of [["Email", email], ["Full name", "Ada Lovelace"], ["Address", "1 Committee Row"], ["City", "Springfield"], ["Postal code", "12345"], ["Card number", "4242 4242 4242 4242"], ["Expiry", "12/34"], ["CVC", "123"]]) {
      await page.getByLabel(label).fill(value);
    }
    await page.getByRole("button", { name: "Pay now" }).click();
    await page.waitForURL(/checkout-success/);
    orderId = new URL(page.url()).searchParams.get("id");
  }
  const state = await context.storageState();
  await context.close();
  return { cookies: state.cookies, orderId };
}

/** The owner signed in to the admin (their cookies), with an API token and a webhook to list. */
async function staffSession(orderId) {
  const context = await browser.newContext();
  const email = process.env.SHOP_OWNER_EMAIL;
  await graphql(context, "mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }", {
    input: { email, password: process.env.SHOP_OWNER_PASSWORD, rememberMe: true },
  });
  const { apiTokens } = await graphql(context, "{ apiTokens { id } }");
  if (apiTokens.length === 0) {
    await graphql(context, 'mutation { apiTokenCreate(name: "Warehouse sync", scopes: ["orders:read", "orders:write"]) { userErrors { message } } }');
    await graphql(context, 'mutation { webhookSubscriptionCreate(url: "https://erp.example/hooks/shop", topics: [ORDERS_PAID, ORDERS_FULFILLED]) { userErrors { message } } }');
  }
  const state = await context.storageState();
  await context.close();
  return { cookies: state.cookies, orderId };
}

const sessions = {};
if (SCREENS.some((s) => s.session === "orders" || s.session === "staff")) sessions.orders = await customerSession(true);
if (SCREENS.some((s) => s.session === "staff")) sessions.staff = await staffSession(sessions.orders.orderId);
if (SCREENS.some((s) => s.session === "new")) sessions.new = await customerSession(false);

let problems = 0;
for (const theme of ["light", "dark"]) {
  for (const width of [390, 1280]) {
    for (const screen of SCREENS) {
      const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
      const session = screen.session ? sessions[screen.session] : null;
      if (session) await context.addCookies(session.cookies);
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
      page.on("response", async (r) => r.status() >= 400 && !r.url().includes("nope") && issues.push(`HTTP ${r.status()}: ${r.url()} ${process.env.SHOTS_DEBUG ? (await r.text().catch(() => "")).slice(0, 400) : ""}`));
      await page.goto(base + screen.path.replace("{orderId}", session?.orderId ?? ""), { waitUntil: "networkidle" });
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
