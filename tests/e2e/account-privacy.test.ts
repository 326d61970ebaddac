import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { account, newCustomer } from "./support/account.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";
import { expectToast } from "./support/shop.js";

// In Debian's Chromium against a real gateway: the account page's "Download my data" and
// "Delete account". The PostgreSQL pass of CI skips it.
const skip = Boolean(process.env.TEST_DATABASE_URL);

let storefront: Storefront;
let context: BrowserContext | null = null;

describe.skipIf(skip)("your data and deleting the account, in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await storefront?.close();
  });

  it("downloads the data as a file, then deletes the account with the password and lands home signed out", async () => {
    context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
    const page = await context.newPage();
    page.setDefaultTimeout(15_000);
    const problems = watchForErrors(page);
    useOnceHydrated(page);
    const robin = newCustomer("Robin Leaving");

    await page.goto("/");
    await account.register(page, robin);
    await account.signIn(page, robin);
    await account.openMenuItem(page, robin, "Account");
    await page.getByRole("heading", { level: 1, name: "Account" }).waitFor();

    // "Download my data": a JSON file named for the day, holding the profile.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download my data" }).click()]);
    expect(download.suggestedFilename()).toBe(`satire-supply-account-${new Date().toISOString().slice(0, 10)}.json`);
    const file = JSON.parse(fs.readFileSync((await download.path())!, "utf8"));
    expect(file.profile.email).toBe(robin.email);
    expect(file).toMatchObject({ addresses: [], orders: [], designs: [] });

    // "Delete account": a confirm step with the password; a wrong one is refused beside the form.
    await page.getByRole("button", { name: /Delete my account/ }).click();
    const confirm = page.getByRole("form", { name: "Confirm account deletion" });
    await confirm.getByLabel("Current password").fill("not my password");
    await confirm.getByRole("button", { name: "Delete account permanently" }).click();
    await confirm.getByRole("alert").filter({ hasText: "Current password is incorrect" }).waitFor();
    await confirm.getByLabel("Current password").fill(robin.password);
    const button = confirm.getByRole("button", { name: "Delete account permanently" });
    await expect.poll(() => button.isEnabled()).toBe(true);
    await button.click();
    await expectToast(page, "Account deleted");
    await page.waitForURL(`${storefront.url}/`);
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
    expect(await account.sessionCookie(context)).toBeUndefined();
    expect(problems).toEqual([]);
  });
});
