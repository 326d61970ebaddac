import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { openDatabase } from "../../gateway/db/database.js";
import { migrateToLatest } from "../../gateway/db/migrate.js";
import { applySeed } from "../../gateway/seed/seed.js";
import { buildSeedData } from "../../gateway/seed/data/index.js";
import { buildClient } from "../support/client-build.js";
import { startTestGateway, type TestGateway } from "../support/gateway.js";
import { freePort } from "../support/process.js";
import { addPromotion } from "../support/promotions.js";
import { useOnceHydrated, watchForErrors } from "./support/browser.js";
import { expectToast, product } from "./support/shop.js";

// In Debian's Chromium against a real gateway, in this process so the test can seed a promotion in
// its database (tests/support/promotions.ts): a shopper applies HEARING20 in the cart drawer and sees
// the store's discount and total; a new visitor opens the shared link /discount/HEARING20?redirect=/cart,
// adds a tee, and checks out with the discount on the store's checkout page. The PostgreSQL pass of
// CI skips it, as the other journeys.
const skip = Boolean(process.env.TEST_DATABASE_URL);

const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const TEE = "/product/i-survived-the-subcommittee-tee";

let shop: TestGateway;
let browser: Browser;
let dist: string;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

async function newVisitor(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ baseURL: shop.url, viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return { context, page };
}

/** The store's own pricing of the cart this browser keeps (what every amount shown must be). */
async function storeCost(page: Page): Promise<{ subtotal: string; discount: string; total: string }> {
  const id = (await page.evaluate('localStorage.getItem("cartId")')) as string;
  const { data } = await shop.graphql<{ cart: { cost: Record<"subtotalAmount" | "discountAmount" | "totalAmount", { amount: string }> } }>(
    "query($id: ID!) { cart(id: $id) { cost { subtotalAmount { amount } discountAmount { amount } totalAmount { amount } } } }",
    { id },
  );
  const { subtotalAmount, discountAmount, totalAmount } = data.cart.cost;
  return { subtotal: `$${subtotalAmount.amount}`, discount: `$${discountAmount.amount}`, total: `$${totalAmount.amount}` };
}

/** A summary row's value: the text beside its label. */
const valueOf = (scope: ReturnType<Page["locator"]>, label: string) =>
  scope
    .locator("p")
    .filter({ hasText: new RegExp(`^${label.replace(/[()]/g, "\\$&")}$`) })
    .locator("xpath=following-sibling::*[1]")
    .textContent();

describe.skipIf(skip)("discount codes in Chromium", () => {
  beforeAll(async () => {
    dist = fs.mkdtempSync(path.join(os.tmpdir(), "storefront-discounts-"));
    await buildClient(dist);
    const database = await openDatabase({ kind: "pglite", dataDir: null });
    await migrateToLatest(database.db);
    await applySeed(database.db, buildSeedData());
    const port = await freePort();
    shop = await startTestGateway(
      { port, publicUrl: `http://127.0.0.1:${port}`, webDistDir: dist },
      Object.assign(database, { url: null, dispose: () => database.close() }),
    );
    await addPromotion(shop, { title: "Hearing day", kind: "percentage", percentOff: 20, codes: [{ code: "HEARING20" }] });
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await browser?.close().catch(() => undefined);
    await shop?.close();
    await shop?.database.close().catch(() => undefined);
    if (dist) fs.rmSync(dist, { recursive: true, force: true });
  });

  it("applies HEARING20 in the drawer: the discount line and the total are the store's", async () => {
    const { page } = await newVisitor();
    await page.goto(TEE);
    await product.addToCart(page);
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    await expectToast(page, "Added to Cart!");
    expect(await drawer.getByText("Discount (", { exact: false }).count()).toBe(0);

    await drawer.getByRole("textbox", { name: "Discount code" }).fill("hearing20");
    await drawer.getByRole("button", { name: "Apply" }).click();
    await drawer.getByText("Discount (HEARING20)").waitFor();

    const cost = await storeCost(page);
    expect(cost.discount).not.toBe("$0.00");
    expect(await valueOf(drawer, "Subtotal")).toBe(cost.subtotal);
    expect(await valueOf(drawer, "Discount (HEARING20)")).toBe(`−${cost.discount}`);
    expect(await valueOf(drawer, "Total")).toBe(cost.total);

    // A refused code: its reason under the field, the applied code kept.
    await drawer.getByRole("textbox", { name: "Discount code" }).fill("NOSUCHCODE");
    await drawer.getByRole("button", { name: "Apply" }).click();
    expect(await drawer.getByRole("alert").textContent()).toContain("NOSUCHCODE");
    expect(await valueOf(drawer, "Total")).toBe(cost.total);
    await page.close();
  });

  it("a new visitor's shared link applies the code, goes to /cart, and the store's checkout shows the discount", async () => {
    const { context, page } = await newVisitor();
    await page.goto("/discount/HEARING20?redirect=/cart");
    await page.waitForURL((url) => url.pathname === "/cart");
    // The new visitor's cart is empty: the code is kept and applies once a product is in the cart.
    await expectToast(page, "Discount code saved: HEARING20");

    await page.goto(TEE);
    await product.addToCart(page);
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.getByText("Discount (HEARING20)").waitFor();
    await drawer.getByRole("link", { name: "View full cart" }).click();
    await page.getByRole("heading", { level: 1, name: "Your Cart" }).waitFor();
    const summary = page.locator("#main");
    await summary.getByText("Discount (HEARING20)").waitFor();
    const cost = await storeCost(page);
    expect(await valueOf(summary, "Discount (HEARING20)")).toBe(`−${cost.discount}`);
    expect(await valueOf(summary, "Total")).toBe(cost.total);

    const [checkoutTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Proceed to Checkout" }).click()]);
    checkoutTab.setDefaultTimeout(15_000);
    await checkoutTab.waitForURL(/\/store\/checkout\//);
    await checkoutTab.getByRole("heading", { name: "Checkout" }).waitFor();
    expect((await checkoutTab.locator("#discount").textContent())?.replace(/\s+/g, " ").trim()).toBe(`Discount · HEARING20−${cost.discount}`);
    await checkoutTab.close();
    await page.close();
  });

  it("a shopper with a tee in the cart opens the link: applied at once", async () => {
    const { page } = await newVisitor(390);
    await page.goto(TEE);
    await product.addToCart(page);
    await page.getByRole("dialog", { name: "Your Cart" }).waitFor();
    await page.goto("/discount/HEARING20?redirect=//evil.example/cart");
    await page.waitForURL((url) => url.pathname === "/" && url.host === new URL(shop.url).host);
    await expectToast(page, "Discount applied: HEARING20");
    await page.goto("/cart");
    await page.locator("#main").getByText("Discount (HEARING20)").waitFor();
    await page.close();
  });

  it("logged no errors", () => {
    expect(problems).toEqual([]);
  });
});
