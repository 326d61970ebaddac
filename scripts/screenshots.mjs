#!/usr/bin/env node
// Screenshots of the admin's screens (and with --shop the shopper's) at phone (390 px) and desktop
// (1280 px) widths in the light and dark themes, each checked by axe-core, with every console error,
// page error, failed request and horizontal overflow reported. Exits 1 listing what it found.
//
//   npm run screenshots                        builds, then starts the built gateway (dist/server) on a
//                                              fresh data dir with an owner, and shoots into screenshots/
//   npm run screenshots -- --shop              the shopper's screens too
//   npm run screenshots -- product             only the screens whose name holds "product"
//   node scripts/screenshots.mjs http://127.0.0.1:3458 /tmp/shots [filter]
//                                              a gateway you started instead (the admin's screens need
//                                              the SHOP_OWNER_EMAIL and SHOP_OWNER_PASSWORD it started with)
//
// Chromium is Debian's (/usr/bin/chromium, or CHROMIUM_PATH): `apt-get install -y chromium`.
import { spawn } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import { parse as parseCsv } from "csv-parse/sync";
import { stringify as stringifyCsv } from "csv-stringify/sync";

const ROOT = path.resolve(import.meta.dirname, "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
// ../shared/STACK.md: the flags Debian's Chromium needs here.
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

// Arguments: a URL is a gateway to use, a path (with a slash) the folder to write to, --shop adds the
// shopper's screens, any other word keeps only the screens whose name holds it.
const args = process.argv.slice(2);
const givenUrl = args.find((a) => /^https?:\/\//.test(a))?.replace(/\/$/, "");
const outDir = path.resolve(args.find((a) => !a.startsWith("-") && !/^https?:/.test(a) && a.includes("/")) ?? path.join(ROOT, "screenshots"));
const filter = args.find((a) => !a.startsWith("-") && !/^https?:/.test(a) && !a.includes("/")) ?? "";
const withShop = args.includes("--shop");

if (!fs.existsSync(CHROMIUM)) {
  console.error(`No Chromium at ${CHROMIUM}: install Debian's package (apt-get install -y chromium) or set CHROMIUM_PATH.`);
  process.exit(2);
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });

/** The built gateway (what `npm start` runs) on a fresh embedded database, with an owner made at start-up. */
async function startGateway() {
  const entry = path.join(ROOT, "dist/server/main.js");
  const manifest = path.join(ROOT, "web/dist/.vite/manifest.json");
  if (!fs.existsSync(entry) || !fs.existsSync(manifest)) {
    console.error("No built gateway or client: run `npm run build` first (`npm run screenshots` does).");
    process.exit(2);
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-shots-"));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const owner = { email: "owner@shots.test", password: "Screenshot-Owner-2026!" };
  const child = spawn(process.execPath, [entry], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      DATA_DIR: dataDir,
      WEB_DIST_DIR: path.join(ROOT, "web/dist"),
      PUBLIC_URL: url,
      LOG_LEVEL: "warn",
      // Orders stay as the staff leave them (the file-drop partner would move a paid order on at once).
      JOBS_RUNNER: "false",
      SHOP_OWNER_EMAIL: owner.email,
      SHOP_OWNER_PASSWORD: owner.password,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  const stop = async () => {
    if (child.exitCode === null) {
      child.kill("SIGTERM");
      await Promise.race([new Promise((r) => child.once("exit", r)), new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill("SIGKILL");
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) {
      await stop();
      throw new Error(`The gateway stopped at start-up:\n${output}`);
    }
    const healthy = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (healthy) break;
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`The gateway did not answer /healthz within 60 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return { url, owner, stop };
}

const gateway = givenUrl ? null : await startGateway();
const base = givenUrl ?? gateway.url;
const owner = gateway?.owner ?? (process.env.SHOP_OWNER_EMAIL && process.env.SHOP_OWNER_PASSWORD ? { email: process.env.SHOP_OWNER_EMAIL, password: process.env.SHOP_OWNER_PASSWORD } : null);
fs.mkdirSync(outDir, { recursive: true });

const SAMPLE_CART = JSON.stringify([
  { id: "sample-1", title: "I Survived the Subcommittee Tee", variantTitle: "M / Black", image: "", price: 24.99, quantity: 2 },
  { id: "sample-2", title: "Filibuster Fuel Mug", image: "", price: "oops", quantity: 1 },
]);

const handle = await fetch(`${base}/api/products?page=1`)
  .then((r) => r.json())
  .then((body) => body.products[0].handle)
  .catch(async (error) => {
    await gateway?.stop();
    throw error;
  });

const visibleButton = (page, name) => page.getByRole("button", { name }).locator("visible=true").first();
const productForm = (page) => page.getByRole("form", { name: /^(Edit|Add) product$/ });

const SHOP_SCREENS = [
  { name: "home", path: "/" },
  { name: "shop", path: "/shop" },
  { name: "shop-search", path: "/shop?search=mug&sort=price-low" },
  { name: "shop-empty", path: "/shop?search=zzzzzz" },
  { name: "collections", path: "/collections" },
  { name: "collection", path: "/collections/t-shirts" },
  { name: "collection-missing", path: "/collections/nope", notFound: true },
  { name: "product", path: `/product/${handle}` },
  { name: "product-missing", path: "/product/nope", notFound: true },
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
  { name: "not-found", path: "/no-such-page", notFound: true },
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
];

// The admin, signed out and as the owner (with a customer's paid order, another member, a token, a
// webhook, and the seeded catalog).
const ADMIN_SCREENS = [
  { name: "admin-signin", path: "/admin" },
  { name: "admin-orders", path: "/admin/orders", session: "staff" },
  { name: "admin-order", path: "/admin/orders/{orderId}", session: "staff" },
  { name: "admin-products", path: "/admin/products", session: "staff" },
  { name: "admin-products-search", path: "/admin/products?status=ACTIVE&q=mug", session: "staff" },
  { name: "admin-product-new", path: "/admin/products/new", session: "staff" },
  { name: "admin-product", path: "/admin/products/{productId}", session: "staff" },
  {
    name: "admin-product-refused",
    path: "/admin/products/{productId}",
    session: "staff",
    // The gateway's refusal, shown at its field.
    action: async (page) => {
      await productForm(page).getByLabel("Handle", { exact: true }).fill("Not a handle!");
      await productForm(page).getByRole("button", { name: "Save", exact: true }).click();
      await page.getByText(/Handle must be lower-case/).waitFor();
    },
    fullPage: true,
  },
  {
    name: "admin-product-leave",
    path: "/admin/products/{productId}",
    session: "staff",
    action: async (page) => {
      await productForm(page).getByLabel("Title", { exact: true }).fill("A title not saved");
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
      await page.getByRole("alertdialog", { name: "Leave without saving?" }).waitFor();
    },
  },
  {
    name: "admin-product-delete",
    path: "/admin/products/{productId}",
    session: "staff",
    action: async (page) => {
      await productForm(page).getByRole("button", { name: "Delete product" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  { name: "admin-memes", path: "/admin/memes", session: "staff" },
  { name: "admin-memes-search", path: "/admin/memes?q=vote", session: "staff" },
  { name: "admin-meme-new", path: "/admin/memes/new", session: "staff", fullPage: true },
  { name: "admin-meme", path: "/admin/memes/{memeId}", session: "staff", fullPage: true },
  {
    name: "admin-meme-picker",
    path: "/admin/memes/{otherMemeId}",
    session: "staff",
    // The product picker's search, and a meme shoppers see as "Not Available" (its reason above the form).
    action: async (page) => {
      await page.getByRole("form", { name: "Edit meme" }).getByLabel("Choose a product").fill("mug");
      await page.getByRole("list", { name: "Products found" }).getByRole("listitem").first().waitFor();
    },
    fullPage: true,
  },
  {
    name: "admin-meme-feature",
    path: "/admin/memes/{otherMemeId}",
    session: "staff",
    action: async (page) => {
      await page.getByRole("form", { name: "Edit meme" }).getByRole("button", { name: "Make meme of the week" }).click();
      await page.getByRole("alertdialog").waitFor();
    },
  },
  {
    name: "admin-products-bulk",
    path: "/admin/products",
    session: "staff",
    // Two products ticked, and publishing them asked to confirm.
    action: async (page) => {
      const boxes = page.getByRole("checkbox", { name: /^Select (?!every)/ });
      await boxes.nth(0).check();
      await boxes.nth(1).check();
      await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Archive" }).click();
      await page.getByRole("button", { name: /^Yes, archive|^Cancel$/ }).first().waitFor();
    },
  },
  {
    name: "admin-prices",
    path: "/admin/prices",
    session: "staff",
    // A collection's prices 15% off, previewed.
    action: async (page) => {
      await page.getByLabel("Collection").selectOption({ label: "T-Shirts" });
      await page.getByLabel(/^Percentage/).fill("-15");
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await page.getByRole("button", { name: /^Apply to/ }).waitFor();
    },
    fullPage: true,
  },
  {
    name: "admin-prices-refused",
    path: "/admin/prices?by=search&q=mug",
    session: "staff",
    // A cut that would take prices to nothing: every product refused, with its reason.
    action: async (page) => {
      await page.getByLabel(/^Percentage/).fill("-99.99");
      await page.getByRole("button", { name: "Preview", exact: true }).click();
      await page.getByText(/would be refused, so nothing can be changed/).waitFor();
    },
    fullPage: true,
  },
  { name: "admin-promotions", path: "/admin/promotions", session: "staff", fullPage: true },
  { name: "admin-promotion-offer-new", path: "/admin/promotions/new?type=shipping", session: "staff", fullPage: true },
  { name: "admin-promotion", path: "/admin/promotions/{promotionId}", session: "staff", fullPage: true },
  { name: "admin-collections", path: "/admin/collections", session: "staff", fullPage: true },
  { name: "admin-collection-new", path: "/admin/collections/new", session: "staff" },
  { name: "admin-collection", path: "/admin/collections/{collectionId}", session: "staff", fullPage: true },
  {
    name: "admin-collection-carry",
    path: "/admin/collections/{collectionId}",
    session: "staff",
    // A product picked up by keyboard and carried two places down.
    action: async (page) => {
      const handle = page.getByRole("list", { name: /^Products of / }).getByRole("button", { name: /^Reorder / }).first();
      await handle.focus();
      await page.keyboard.press("Space");
      await page.keyboard.press("ArrowDown");
      await page.keyboard.press("ArrowDown");
      await page.getByText("→ place 3").waitFor();
    },
  },
  {
    name: "admin-collection-picker",
    path: "/admin/collections/{collectionId}",
    session: "staff",
    action: async (page) => {
      await page.getByRole("searchbox", { name: "Find products to add" }).fill("mug");
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await page.getByRole("list", { name: "Products found" }).scrollIntoViewIfNeeded();
    },
  },
  {
    name: "admin-collection-leave",
    path: "/admin/collections/{collectionId}",
    session: "staff",
    action: async (page) => {
      await page.getByLabel("Title", { exact: true }).fill("A title not saved");
      await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
      await page.getByRole("alertdialog", { name: "Leave without saving?" }).waitFor();
    },
  },
  { name: "admin-import", path: "/admin/import", session: "staff" },
  { name: "admin-import-errors", path: "/admin/import", session: "staff", action: (page) => previewImport(page, true), fullPage: true },
  { name: "admin-import-ready", path: "/admin/import", session: "staff", action: (page) => previewImport(page, false), fullPage: true },
  { name: "admin-staff", path: "/admin/staff", session: "staff" },
  { name: "admin-tokens", path: "/admin/tokens", session: "staff" },
  { name: "admin-webhooks", path: "/admin/webhooks", session: "staff" },
  { name: "admin-security", path: "/admin/security", session: "staff" },
];

if (!owner) console.log("No SHOP_OWNER_EMAIL and SHOP_OWNER_PASSWORD for this gateway: the admin's signed-in screens are left out.");
const SCREENS = [...(withShop ? SHOP_SCREENS : []), ...ADMIN_SCREENS]
  .filter((s) => s.session !== "staff" || owner)
  .filter((s) => s.name.includes(filter));


/**
 * Chooses a CSV on the Import/Export screen and waits for its preview: the shop's own export with
 * its first product's title and price changed and two new products, and (`withErrors`) bad rows.
 */
async function previewImport(page, withErrors) {
  const exported = await (await page.request.get(`${base}/api/admin/catalog/products.csv`)).text();
  const [header, ...rows] = parseCsv(exported, { bom: true });
  const at = (name) => header.indexOf(name);
  const row = (cells) => header.map((name) => cells[name] ?? "");
  rows[0][at("Title")] += " (2027 edition)";
  rows[0][at("Variant Price")] = "31.00";
  rows.push(
    row({ Handle: "filibuster-socks", Title: "Filibuster Socks", Status: "draft", "Option1 Name": "Size", "Option1 Value": "M", "Variant SKU": "SOCK-M", "Variant Price": "14.00" }),
    row({ Handle: "filibuster-socks", "Option1 Value": "L", "Variant SKU": "SOCK-L", "Variant Price": "15.00" }),
    row({ Handle: "quorum-call-tote", Title: "Quorum Call Tote", Status: "draft", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "19.50" }),
  );
  if (withErrors) {
    rows.push(
      row({ Handle: "Not A Handle", Title: "Bad", "Variant Price": "10.00" }),
      row({ Handle: "cheap-badge", Title: "Cheap Badge", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "ten dollars", "Variant Compare At Price": "5.00" }),
      row({ Handle: "cheap-pin", Title: "Cheap Pin", Status: "live", "Option1 Name": "Title", "Option1 Value": "Default Title", "Variant Price": "6.00", "Variant Compare At Price": "5.00" }),
    );
  }
  const [chooser] = await Promise.all([page.waitForEvent("filechooser"), page.getByRole("button", { name: "Choose a CSV file" }).click()]);
  await chooser.setFiles({ name: withErrors ? "catalog-with-errors.csv" : "catalog.csv", mimeType: "text/csv", buffer: Buffer.from(stringifyCsv([[...header, "Image Src"], ...rows.map((r) => [...r, ""])])) });
  await page.getByRole("heading", { name: "Preview" }).waitFor({ timeout: 60_000 });
}

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
      await page.getByLabel(label, { exact: true }).fill(value);
    }
    await page.getByLabel("State / Province").selectOption({ label: "Illinois" });
    await page.getByRole("button", { name: /^Pay / }).click();
    await page.waitForURL(/checkout-success/);
    orderId = new URL(page.url()).searchParams.get("id");
  }
  const state = await context.storageState();
  await context.close();
  return { cookies: state.cookies, orderId };
}

/** The owner signed in to the admin (their cookies), with another member, an API token and a webhook to list, and a product with variants to edit. */
async function staffSession(orderId) {
  const context = await browser.newContext();
  const login = await graphql(context, "mutation($input: StaffLoginInput!) { staffLogin(input: $input) { userErrors { message } } }", {
    input: { email: owner.email, password: owner.password, rememberMe: true },
  });
  if (login.staffLogin.userErrors.length > 0) throw new Error(`The owner could not sign in: ${login.staffLogin.userErrors[0].message}`);
  const { apiTokens } = await graphql(context, "{ apiTokens { id } }");
  if (apiTokens.length === 0) {
    await graphql(context, 'mutation { apiTokenCreate(name: "Warehouse sync", scopes: ["orders:read", "orders:write", "catalog:read"]) { userErrors { message } } }');
    await graphql(context, 'mutation { webhookSubscriptionCreate(url: "https://erp.example/hooks/shop", topics: [ORDERS_PAID, ORDERS_FULFILLED]) { userErrors { message } } }');
    await graphql(context, "mutation($input: StaffMemberCreateInput!) { staffMemberCreate(input: $input) { userErrors { message } } }", {
      input: { name: "Cleo Clerk", email: "cleo@shots.test", role: "STAFF", inviteMethod: "ONE_TIME_PASSWORD" },
    });
  }
  // The editor of a product with options and several variants (a tee: sizes and colours).
  const { adminProducts } = await graphql(context, '{ adminProducts(search: "tee", pageSize: 20) { nodes { id variantCount } } }');
  const product = [...adminProducts.nodes].sort((a, b) => b.variantCount - a.variantCount)[0];
  // The meme of the week's editor, and one of a meme without a product (shoppers see "Not Available").
  const { adminMemes } = await graphql(context, "{ adminMemes(pageSize: 100) { nodes { id featured product { id } } } }");
  const memeId = adminMemes.nodes.find((m) => m.featured)?.id ?? "none";
  const otherMemeId = adminMemes.nodes.find((m) => !m.featured && !m.product)?.id ?? "none";
  const { adminCollections } = await graphql(context, "{ adminCollections { id handle } }");
  const collection = adminCollections.find((c) => c.handle === "t-shirts") ?? adminCollections[0];
  // A free-shipping week and a hearing day's code with a batch of generated ones, to list and edit.
  const { promotions } = await graphql(context, '{ promotions(first: 5) { nodes { id automatic } } }');
  if (promotions.nodes.length === 0) {
    const hours = (n) => new Date(Date.now() + n * 3_600_000).toISOString();
    const create = "mutation($input: PromotionInput!) { promotionCreate(input: $input) { promotion { id automatic } userErrors { message } } }";
    await graphql(context, create, { input: { title: "Free shipping week", kind: "FREE_SHIPPING", automatic: true, minimumSubtotal: "50", startsAt: hours(-1), endsAt: hours(24 * 7) } });
    const { promotionCreate } = await graphql(context, create, { input: { title: "Hearing day", kind: "PERCENTAGE", percentOff: 20, startsAt: hours(-1), endsAt: hours(23), code: "HEARING20" } });
    await graphql(context, 'mutation($id: ID!) { discountCodesGenerate(promotionId: $id, count: 8, prefix: "MAIL") { userErrors { message } } }', { id: promotionCreate.promotion.id });
    promotions.nodes.push(promotionCreate.promotion);
  }
  const promotionId = promotions.nodes.find((p) => !p.automatic)?.id ?? "none";
  const state = await context.storageState();
  await context.close();
  return { cookies: state.cookies, orderId, productId: product?.id ?? "none", collectionId: collection?.id ?? "none", memeId, otherMemeId, promotionId };
}

async function shoot() {
  const sessions = {};
  if (SCREENS.some((s) => s.session === "orders" || s.session === "staff")) sessions.orders = await customerSession(true);
  if (SCREENS.some((s) => s.session === "staff")) sessions.staff = await staffSession(sessions.orders.orderId);
  if (SCREENS.some((s) => s.session === "new")) sessions.new = await customerSession(false);

  for (const theme of ["light", "dark"]) {
    for (const width of [390, 1280]) {
      for (const screen of SCREENS) {
        const context = await browser.newContext({ viewport: { width, height: width < 600 ? 844 : 900 }, deviceScaleFactor: 1 });
        const session = screen.session ? sessions[screen.session] : null;
        if (session) await context.addCookies(session.cookies);
        // The theme (and the sample cart) once per context: a reload keeps what the screen changed.
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
        page.setDefaultTimeout(15_000);
        const issues = [];
        // A screen that answers 404 on purpose: the browser logs its page's status.
        const expected = (text) => screen.notFound && /status of 404/.test(text);
        page.on("console", (m) => m.type() === "error" && !expected(m.text()) && issues.push(`console: ${m.text()}`));
        page.on("pageerror", (e) => issues.push(`pageerror: ${e.message}`));
        page.on("requestfailed", (r) => r.failure()?.errorText !== "net::ERR_ABORTED" && issues.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
        page.on("response", async (r) => r.status() >= 400 && !r.url().includes("nope") && !(screen.notFound && r.request().isNavigationRequest()) && issues.push(`HTTP ${r.status()}: ${r.url()} ${process.env.SHOTS_DEBUG ? (await r.text().catch(() => "")).slice(0, 400) : ""}`));
        const label = `${screen.name} ${width}px ${theme}`;
        try {
          const target = screen.path
            .replace("{orderId}", session?.orderId ?? "")
            .replace("{productId}", session?.productId ?? "")
            .replace("{memeId}", session?.memeId ?? "")
            .replace("{otherMemeId}", session?.otherMemeId ?? "")
            .replace("{collectionId}", session?.collectionId ?? "")
            .replace("{promotionId}", session?.promotionId ?? "");
          await page.goto(base + target, { waitUntil: "networkidle" });
          // Every screen has its h1 once its data is in (the admin's load after the page).
          await page.locator("h1").first().waitFor();
          if (screen.action) {
            await screen.action(page);
            await page.waitForTimeout(600);
          } else {
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
          await page.screenshot({ path: path.join(outDir, `${screen.name}-${width}-${theme}.png`), fullPage: screen.fullPage ?? !screen.action });
          const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
          if (overflow > 0) issues.push(`horizontal overflow: ${overflow}px`);
          // axe-core through DevTools (the shop's script policy does not apply to it), on the screen as shot.
          await page.evaluate(axeSource);
          const { violations } = await page.evaluate(() => window.axe.run(document, { resultTypes: ["violations"] }));
          for (const v of violations) issues.push(`axe ${v.id} (${v.impact}): ${v.help} at ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
        } catch (error) {
          issues.push(`failed: ${error.message.split("\n")[0]}`);
        }
        if (issues.length) {
          problems.push(...issues.map((issue) => `${label}: ${issue}`));
          console.log(`${label}:\n  ${issues.join("\n  ")}`);
        }
        await context.close();
      }
    }
  }
}

// The gateway this script started stops whatever happens.
const problems = [];
const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS }).catch(async (error) => {
  await gateway?.stop();
  throw error;
});
try {
  await shoot();
} finally {
  await browser.close();
  await gateway?.stop();
}
console.log(`${SCREENS.length * 4} screenshots in ${path.relative(process.cwd(), outDir) || "."}; ${problems.length} problems.`);
if (problems.length > 0) process.exit(1);
