import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { readEml } from "../support/pipeline.js";
import { account, newCustomer } from "./support/account.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";
import { checkout, expectToast, TEST_CARD } from "./support/shop.js";

// In Debian's Chromium against a real gateway with its email jobs running: a customer who forgot the
// password asks for a link from the sign-in form, follows it from the email in the outbox, chooses a
// new password, signs in with it, saves an address and checks out with it. The PostgreSQL pass of CI skips it.
const skip = Boolean(process.env.TEST_DATABASE_URL) || Boolean(process.env.E2E_BASE_URL);

let storefront: Storefront;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

async function newPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return page;
}

/** The reset link in the email the outbox holds for `email`, once the job runner has written it. */
async function resetLinkFor(email: string): Promise<string> {
  const outbox = path.join(storefront.dataDir!, "outbox");
  let link: string | undefined;
  await expect
    .poll(
      () => {
        const files = fs.existsSync(outbox) ? fs.readdirSync(outbox).filter((name) => name.startsWith("customer-link-")) : [];
        for (const name of files) {
          const eml = readEml(fs.readFileSync(path.join(outbox, name), "utf8"));
          const found = /https?:\/\/\S+\/account\/reset-password\?token=[A-Za-z0-9_-]+/.exec(eml.text)?.[0];
          if (eml.header("To") === email && found) link = found;
        }
        return link;
      },
      { timeout: 15_000 },
    )
    .toBeDefined();
  return link!;
}

describe.skipIf(skip)("a forgotten password in Chromium", () => {
  beforeAll(async () => {
    // The email jobs run, as in production: the reset email must reach the outbox.
    storefront = await startStorefront({ JOBS_RUNNER: "true" });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await storefront?.close();
    expect(problems).toEqual([]);
  });

  it("forgot → reset from the email's link → sign in with the new password → save an address → check out with it", async () => {
    const context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 1280, height: 900 } });
    contexts.push(context);
    const ada = newCustomer("Ada Forgetful");
    expect((await context.request.post("/api/auth/register", { data: ada })).status()).toBe(201);
    const page = await newPage(context);

    // The sign-in form's "Forgot password?" carries the email typed so far.
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = page.getByRole("dialog", { name: "Welcome to Satire Supply Co." });
    await dialog.getByRole("form", { name: "Sign in" }).getByLabel("Email").fill(ada.email);
    await dialog.getByRole("link", { name: "Forgot password?" }).click();
    await page.waitForURL(/\/account\/forgot-password/);
    const request = page.getByRole("form", { name: "Reset your password" });
    expect(await request.getByLabel("Email").inputValue()).toBe(ada.email);
    await request.getByRole("button", { name: "Send reset link" }).click();
    await expect.poll(() => page.getByText("Check your inbox").isVisible()).toBe(true);

    // The email's link: the page takes the token out of the address bar once it has read it.
    const link = await resetLinkFor(ada.email);
    await page.goto(link);
    const form = page.getByRole("form", { name: "Choose a new password" });
    await form.waitFor();
    await expect.poll(() => new URL(page.url()).search).toBe("");
    const fresh = { ...ada, password: "a brand new password 9" };
    await form.getByLabel("New password", { exact: true }).fill(fresh.password);
    await form.getByLabel("Repeat the new password").fill(fresh.password);
    await form.getByRole("button", { name: "Save and sign in" }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByRole("heading", { level: 1, name: "Welcome back, Ada Forgetful!" }).waitFor();
    await expectToast(page, "Password changed");

    // Signed out, the old password no longer works and the new one does.
    await account.signOut(page, ada);
    expect((await context.request.post("/api/auth/login", { data: { email: ada.email, password: ada.password } })).status()).toBe(401);
    await account.signIn(page, fresh);

    // An address saved on /account…
    await page.goto("/account");
    const section = page.getByRole("region", { name: "Addresses" });
    await section.getByRole("button", { name: "Add an address" }).click();
    const address = section.getByRole("form", { name: "Add an address" });
    await address.getByLabel("Full name").fill("Ada Forgetful");
    await address.getByLabel("Address", { exact: true }).fill("12 Filibuster Lane");
    await address.getByLabel("City").fill("Peoria");
    await address.getByLabel("ZIP code").fill("61602");
    await address.getByLabel("State").selectOption({ label: "Illinois" });
    await address.getByRole("button", { name: "Save address" }).click();
    await expectToast(page, "Address saved");

    // …fills in the checkout, which ships there.
    await page.goto("/product/powered-by-red-tape-mug");
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
    await expectToast(page, "Added to Cart!");
    await page.goto("/cart");
    // spec §4: the cart page opens the store's checkout in a new tab.
    const [store] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Proceed to Checkout" }).click()]);
    await store.waitForURL(/\/store\/checkout\//);
    expect(await store.getByLabel("Email").inputValue()).toBe(ada.email);
    expect(await store.getByLabel("Full name").inputValue()).toBe("Ada Forgetful");
    expect(await store.getByLabel("Address", { exact: true }).inputValue()).toBe("12 Filibuster Lane");
    expect(await store.getByLabel("City").inputValue()).toBe("Peoria");
    await store.getByLabel("Card number").fill(TEST_CARD.number);
    await store.getByLabel("Expiry").fill(TEST_CARD.expiry);
    await store.getByLabel("CVC").fill(TEST_CARD.cvc);
    await store.getByRole("button", { name: /^Pay \$/ }).click();
    await checkout.reachedSuccess(store);

    const orders = (await (await context.request.get("/api/customer/orders")).json()) as { id: string }[];
    expect(orders).toHaveLength(1);
    const { data } = (await (await context.request.post("/graphql", { data: { query: "query($id: ID!) { order(id: $id) { shippingAddress { name address1 city provinceCode } } }", variables: { id: orders[0]!.id } } })).json()) as {
      data: { order: { shippingAddress: Record<string, string> } };
    };
    expect(data.order.shippingAddress).toEqual({ name: "Ada Forgetful", address1: "12 Filibuster Lane", city: "Peoria", provinceCode: "IL" });
  });
});
