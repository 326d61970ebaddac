import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Page } from "playwright-core";
import { pagesOf, startStorefront, type Pages, type Storefront } from "./support/browser.js";

// The header's search and the phone menu in Debian's Chromium against a real gateway: a misspelt
// search from the menu on a phone, and from the header on a wide screen, each landing on the shop's
// list with the product it meant. The PostgreSQL pass of CI skips it: it ran in the first.
const skip = Boolean(process.env.TEST_DATABASE_URL);

let storefront: Storefront;
let pages: Pages;

const newPage = (viewport: { width: number; height: number }): Promise<Page> => pages.open({ viewport });

describe.skipIf(skip)("the header's search in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
    pages = pagesOf(storefront);
  });
  afterAll(async () => {
    await pages?.close();
    await storefront?.close();
  });

  it("on a phone: the menu's search finds “filibustr”, and Escape gives the focus back to the menu button", async () => {
    const page = await newPage({ width: 390, height: 844 });
    await page.goto("/memes");
    const banner = page.getByRole("banner");
    // The bar's own search is for wide screens: on a phone it is in the menu only.
    expect(await banner.getByRole("searchbox").count()).toBe(0);

    const menuButton = banner.getByRole("button", { name: "Open menu" });
    await menuButton.click();
    const menu = page.locator("#mobile-menu");
    await menu.getByRole("link", { name: "Track Order" }).waitFor();
    await menu.getByRole("link", { name: "Sign in" }).waitFor();
    await menu.getByRole("link", { name: "Track Order" }).focus();
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "detached" });
    expect(await page.evaluate("document.activeElement?.getAttribute('aria-label')")).toBe("Open menu");

    await page.keyboard.press("Enter");
    const search = menu.getByRole("searchbox", { name: "Search products" });
    await search.fill("filibustr");
    await search.press("Enter");
    await page.waitForURL((url) => url.pathname === "/shop" && url.searchParams.get("search") === "filibustr");
    await menu.waitFor({ state: "detached" });
    await page.getByRole("link", { name: /Professional Filibusterer Tee/ }).first().waitFor();
    expect(await page.getByRole("main").getByRole("searchbox", { name: "Search products" }).inputValue()).toBe("filibustr");
    // No overflow sideways on a phone.
    expect(await page.evaluate("document.documentElement.scrollWidth")).toBeLessThanOrEqual(390);
    await page.close();
  });

  it("on a wide screen: the header's search works from a product page, with the keyboard, and stays out of the way on /shop", async () => {
    const page = await newPage({ width: 1280, height: 900 });
    await page.goto("/product/i-yield-my-time-throw-pillow");
    await page.getByRole("heading", { level: 1 }).waitFor();
    const banner = page.getByRole("banner");
    // One row: the header is as tall as ever.
    expect((await banner.boundingBox())!.height).toBeLessThanOrEqual(66);
    const search = banner.getByRole("searchbox", { name: "Search products" });
    await search.focus();
    await page.keyboard.type("fillibuster");
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/shop" && url.searchParams.get("search") === "fillibuster");
    await page.getByRole("link", { name: /Filibuster Fuel Mug/ }).first().waitFor();
    // On /shop the page's own box holds the search; the header's is not there to be reached.
    expect(await banner.getByRole("searchbox").count()).toBe(0);
    expect(await page.getByRole("searchbox", { name: "Search products" }).inputValue()).toBe("fillibuster");
    await page.close();
    expect(pages.problems).toEqual([]);
  });
});
