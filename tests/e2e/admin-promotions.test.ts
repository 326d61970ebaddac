import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { admin } from "./support/admin.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";

// In Debian's Chromium against a real gateway: the owner signs in at /admin and sets up a
// free-shipping week (an automatic offer over $50 from now for 7 days) and a 20%-off code,
// HEARING20, for one day; both are then listed as Active. The PostgreSQL pass of CI skips it.
const skip = Boolean(process.env.TEST_DATABASE_URL);

const OWNER = { email: "owner@promotions-e2e.test", password: "Owner-Password-2026!" };

let storefront: Storefront;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

async function newPage(width = 1280): Promise<Page> {
  const context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return page;
}

/** A datetime-local value `hours` from now, in the browser's zone. */
const localIn = (hours: number) => {
  const d = new Date(Date.now() + hours * 3_600_000);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
};

describe.skipIf(skip)("the owner runs promotions from /admin, in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront({ SHOP_OWNER_EMAIL: OWNER.email, SHOP_OWNER_PASSWORD: OWNER.password });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await storefront?.close();
  });

  it("sets up a free-shipping week and a 20%-off code for a hearing day, both listed as Active", async () => {
    const page = await newPage();
    await admin.signIn(page, OWNER);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Promotions" }).click();
    await page.getByRole("heading", { level: 1, name: "Promotions" }).waitFor();
    await page.getByText("No promotions yet").waitFor();

    // The free-shipping week: the offer's form comes filled with $50 and the next 7 days.
    await page.getByRole("link", { name: "Free-shipping offer" }).first().click();
    await page.getByRole("heading", { level: 1, name: "New free-shipping offer" }).waitFor();
    const offer = page.getByRole("form", { name: "Create promotion" });
    expect(await offer.getByLabel("Free shipping over ($)").inputValue()).toBe("50.00");
    await offer.getByLabel("Title").fill("Free shipping week");
    await page.getByRole("button", { name: "Create offer" }).click();
    await page.waitForURL(/\/admin\/promotions\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Free shipping week" }).waitFor();

    // The hearing day: 20% off with the code HEARING20, from now for one day.
    await page.getByRole("link", { name: "Promotions" }).first().click();
    await page.getByRole("link", { name: "Create discount" }).first().click();
    const code = page.getByRole("form", { name: "Create promotion" });
    await code.getByLabel("Title").fill("Hearing day");
    await code.getByLabel("Percent off").fill("20");
    await code.getByLabel("Starts").fill(localIn(0));
    await code.getByLabel("Ends").fill(localIn(24));
    await code.getByLabel("Discount code").fill("HEARING20");
    await page.getByRole("button", { name: "Create promotion" }).click();
    await page.getByRole("heading", { level: 1, name: "Hearing day" }).waitFor();
    await page.getByRole("table", { name: "Discount codes" }).getByText("HEARING20").waitFor();

    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Promotions" }).click();
    const list = page.getByRole("list", { name: "Promotions" });
    await list.getByRole("link", { name: "Hearing day" }).waitFor();
    const rows = list.getByRole("listitem");
    expect(await rows.count()).toBe(2);
    for (const title of ["Free shipping week", "Hearing day"]) {
      const row = rows.filter({ has: page.getByRole("link", { name: title }) });
      expect(await row.getByText("Active", { exact: true }).count()).toBe(1);
    }
    expect(await rows.filter({ hasText: "Free shipping week" }).textContent()).toContain("Free shipping over $50.00 (automatic)");
    expect(await rows.filter({ hasText: "Hearing day" }).textContent()).toContain("20% off");

    await page.getByRole("combobox", { name: "State" }).selectOption("ACTIVE");
    // Both still listed under Active.
    await expect.poll(async () => (await list.isVisible()) && (await rows.filter({ hasText: "Active" }).count())).toBe(2);
    await page.close();
    expect(problems).toEqual([]);
  });
});
