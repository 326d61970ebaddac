import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { account, newCustomer } from "./support/account.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";
import { checkout, expectCartCount, expectToast, product, TEST_CARD } from "./support/shop.js";

// In Debian's Chromium against a real gateway: accounts, the dashboard, an order's page,
// the account page, the meme gallery and the one cart. The PostgreSQL pass of CI skips it.
const skip = Boolean(process.env.TEST_DATABASE_URL);

const DAY_SECONDS = 24 * 60 * 60;

let storefront: Storefront;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

async function newContext(): Promise<BrowserContext> {
  const context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 1280, height: 900 } });
  contexts.push(context);
  return context;
}

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return page;
}

/** The server cart the shop keeps beside the local one (its id is in localStorage under `cartId`). */
async function serverCartLines(page: Page): Promise<{ merchandise: { id: string }; quantity: number; attributes: { key: string; value: string }[] }[]> {
  const cartId = await page.evaluate('localStorage.getItem("cartId")');
  expect(cartId).toMatch(/^gid:\/\/shop\/Cart\//);
  const response = await fetch(`${storefront.url}/graphql`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ query: "query($id: ID!) { cart(id: $id) { lines { nodes { quantity merchandise { id } attributes { key value } } } } }", variables: { id: cartId } }),
  });
  const body = (await response.json()) as { data: { cart: { lines: { nodes: never[] } } | null } };
  return body.data.cart?.lines.nodes ?? [];
}

describe.skipIf(skip)("the customer's side of the shop in Chromium", () => {
  let ordered: { id: string; number: string; total: string } | null = null;

  beforeAll(async () => {
    storefront = await startStorefront();
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await storefront?.close();
  });

  it("register → sign in (session cookie, then Remember me for 30 days) → buy → dashboard → details → tracking → sign out", async () => {
    const context = await newContext();
    const page = await newPage(context);
    const ada = newCustomer("Ada Tester");

    await page.goto("/");
    await account.register(page, ada);

    // Without Remember me the cookie ends with the browser session.
    await account.signIn(page, ada);
    expect((await account.sessionCookie(context))?.expires).toBe(-1);
    await account.signOut(page, ada);
    expect(await account.sessionCookie(context)).toBeUndefined();

    // With it, it lasts 30 days.
    await account.signIn(page, ada, { rememberMe: true });
    const lasting = await account.sessionCookie(context);
    const days = ((lasting?.expires ?? 0) - Date.now() / 1000) / DAY_SECONDS;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThan(30.1);
    expect(lasting?.httpOnly).toBe(true);

    // Signed in, the customer buys something.
    await page.goto("/product/powered-by-red-tape-mug");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await product.addToCart(page);
    await page.getByRole("dialog", { name: "Your Cart" }).getByRole("link", { name: "View full cart" }).click();
    await expectCartCount(page, 1);
    const [checkoutTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Proceed to Checkout" }).click()]);
    checkoutTab.setDefaultTimeout(15_000);
    problems.push(...watchForErrors(checkoutTab));
    await checkoutTab.waitForURL(/\/store\/checkout\//);
    await checkout.payWith(checkoutTab, TEST_CARD, { email: ada.email, name: ada.name });
    await checkout.reachedSuccess(checkoutTab);
    const success = new URL(checkoutTab.url());
    ordered = { id: success.searchParams.get("id")!, number: success.searchParams.get("order_number")!, total: success.searchParams.get("total_price")! };
    await expectCartCount(checkoutTab, 0);
    await checkoutTab.close();
    await expectCartCount(page, 0);

    // The dashboard lists it: Pending (paid, not yet in production), with its total.
    await account.openMenuItem(page, ada, "Dashboard");
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { level: 1, name: "Welcome back, Ada Tester!" }).waitFor();
    const card = page.getByRole("article", { name: `Order #${ordered.number}` });
    await card.waitFor();
    expect(await card.getByText("Pending").isVisible()).toBe(true);
    expect(await card.getByText(`$${Number(ordered.total).toFixed(2)}`).isVisible()).toBe(true);
    expect(await card.getByText("1 item").isVisible()).toBe(true);

    // Track Order opens the store's status page in a new tab.
    const [statusTab] = await Promise.all([context.waitForEvent("page"), card.getByRole("link", { name: /Track order/ }).click()]);
    await statusTab.waitForURL(/\/store\/orders\//);
    expect(await statusTab.getByText("Powered by Red Tape Mug").first().isVisible()).toBe(true);
    await statusTab.close();

    // View Details shows the order.
    await card.getByRole("link", { name: /View details/ }).click();
    await page.waitForURL(`**/order/${ordered.id}`);
    await page.getByRole("heading", { level: 1, name: `Order #${ordered.number}` }).waitFor();
    expect(await page.getByRole("list", { name: "Items in this order" }).getByText("Powered by Red Tape Mug").isVisible()).toBe(true);
    expect(await page.getByRole("list", { name: "Order progress" }).getByText("Order Confirmed").isVisible()).toBe(true);
    expect(await page.getByText("1 Committee Row").isVisible()).toBe(true);
    expect(await page.getByText(`$${Number(ordered.total).toFixed(2)}`).last().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "View order status page" }).getAttribute("href")).toMatch(/\/store\/orders\//);

    // The account page: a display name change shows in the header at once.
    await account.openMenuItem(page, ada, "Account");
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();
    await page.getByRole("textbox", { name: "Display name" }).fill("Ada L.");
    await page.getByRole("button", { name: "Save name" }).click();
    await expectToast(page, "Name updated");
    await account.menuButton(page, { ...ada, name: "Ada L." }).waitFor();

    // Signed out, the dashboard sends the visitor home.
    await account.signOut(page, { ...ada, name: "Ada L." });
    await page.waitForURL(`${storefront.url}/`);
    await page.goto("/dashboard");
    await page.waitForURL(`${storefront.url}/`);
    await page.getByRole("heading", { name: "Popular Products" }).waitFor();
    await page.close();
  });

  it("another signed-in customer cannot open that order (signing in on /login)", async () => {
    expect(ordered).not.toBeNull();
    const context = await newContext();
    const page = await newPage(context);
    const bea = newCustomer("Bea Other");
    await page.goto("/");
    await account.register(page, bea);
    await page.keyboard.press("Escape");

    // /login has the same forms on a page of its own, and goes on to `next` once signed in.
    await page.goto(`/login?next=${encodeURIComponent(`/order/${ordered!.id}`)}`);
    const form = page.getByRole("main").getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(bea.email);
    await form.getByLabel("Password").fill(bea.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await expectToast(page, "Login successful");
    await page.waitForURL(`**/order/${ordered!.id}`);
    await page.getByRole("heading", { level: 1, name: "Order Not Found" }).waitFor();
    expect(await page.getByText(`Order #${ordered!.number}`).count()).toBe(0);
    expect(await page.getByText("Powered by Red Tape Mug").count()).toBe(0);
    await account.menuButton(page, bea).waitFor();
    await page.close();
  });

  it("meme gallery: tabs, paging, and a meme product into the one cart", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/");
    await page.getByRole("link", { name: "Browse All Memes" }).click();
    await page.waitForURL(/\/memes$/);
    await page.getByRole("heading", { level: 1, name: "Meme Gallery" }).waitFor();
    const cards = page.getByRole("main").getByRole("article");
    await expect.poll(() => cards.count()).toBe(8);
    // The seed's two memes without a product are the newest.
    expect(await page.getByRole("button", { name: "Not Available" }).count()).toBe(2);

    await page.getByRole("navigation", { name: "Pagination" }).getByRole("link", { name: "Page 2" }).click();
    await page.waitForURL(/\/memes\?page=2$/);
    await expect.poll(() => cards.count()).toBe(6);
    expect(await page.getByRole("link", { name: "Page 2" }).getAttribute("aria-current")).toBe("page");
    await page.goBack();
    await expect.poll(() => cards.count()).toBe(8);

    await page.getByRole("tab", { name: "Featured Meme" }).click();
    await page.waitForURL(/\/memes\?tab=featured$/);
    const featured = page.getByRole("article", { name: "Filibuster Marathon" });
    await featured.waitFor();
    expect(await featured.getByText("Meme of the Week").isVisible()).toBe(true);
    expect(await featured.getByRole("link", { name: /Customize/ }).getAttribute("href")).toMatch(/^\/customize\?meme=/);

    await featured.getByRole("button", { name: /^Add to Cart: Professional Filibusterer Tee · \$\d+\.\d\d$/ }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor();
    await expectToast(page, "Added to Cart!");
    expect(await drawer.getByText("Professional Filibusterer Tee").isVisible()).toBe(true);
    expect(await drawer.getByRole("group", { name: "Quantity of Professional Filibusterer Tee" }).getByRole("textbox").inputValue()).toBe("1");

    // The same cart is on the server, with the meme recorded on its line.
    await expect.poll(async () => (await serverCartLines(page)).map((line) => line.attributes.find((a) => a.key === "memeId")?.value ?? null)).toEqual([
      expect.any(String),
    ]);

    // Clear Cart empties both, and the server cart is a fresh one.
    const before = await page.evaluate('localStorage.getItem("cartId")');
    await drawer.getByRole("button", { name: "Clear Cart" }).click();
    await expectToast(page, "Cart cleared");
    await expect.poll(() => page.evaluate('localStorage.getItem("cartId")')).not.toBe(before);
    await expect.poll(async () => (await serverCartLines(page)).length).toBe(0);
    await page.close();
  });

  it("says Google authentication failed when the gateway sends the browser back with auth_error", async () => {
    const context = await newContext();
    const page = await newPage(context);
    await page.goto("/?auth_error=google");
    await expectToast(page, "Google authentication failed");
    await page.waitForURL(`${storefront.url}/`);
    // Without Google configured, the sign-in dialog does not offer it (once it has asked the shop),
    // and the federated path itself lands on the same message.
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("dialog").getByRole("form", { name: "Sign in" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await page.getByRole("link", { name: "Continue with Google" }).count()).toBe(0);
    await page.goto("/api/auth/google");
    await page.waitForURL(`${storefront.url}/`);
    await expectToast(page, "Google authentication failed");
    await page.close();
  });

  it("logged no console errors on any screen", () => {
    expect(problems).toEqual([]);
  });
});
