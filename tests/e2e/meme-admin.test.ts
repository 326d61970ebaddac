import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { admin } from "./support/admin.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";
import { makePng } from "../support/images.js";

// In Debian's Chromium against a real gateway (its caches on, as in production): the owner makes a
// new meme with its image and product, makes it the meme of the week, and the home page (and the
// gallery's Featured tab) show it on the shopper's next page, its Add to Cart saying what it adds.
// The PostgreSQL pass of CI skips it.
const skip = Boolean(process.env.TEST_DATABASE_URL);

const OWNER = { email: "owner@memes-e2e.test", password: "Owner-Password-2026!" };
const TITLE = "Point of Order Parrot";

let storefront: Storefront;
const contexts: BrowserContext[] = [];
const problems: string[] = [];

async function newPage(width = 1280): Promise<{ context: BrowserContext; page: Page }> {
  const context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width, height: 900 } });
  contexts.push(context);
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return { context, page };
}

describe.skipIf(skip)("the owner runs the memes from /admin, in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront({ SHOP_OWNER_EMAIL: OWNER.email, SHOP_OWNER_PASSWORD: OWNER.password });
  });
  afterAll(async () => {
    for (const context of contexts) await context.close().catch(() => undefined);
    await storefront?.close();
  });

  it("a new meme made the meme of the week is on the home page at the shopper's next page", async () => {
    // A shopper has the home page open already, showing the seed's meme of the week.
    const shopper = await newPage();
    await shopper.page.goto("/");
    const homeMeme = shopper.page.getByRole("region", { name: "Meme of the Week" });
    await homeMeme.getByRole("heading", { name: "Filibuster Marathon" }).waitFor();

    const { page } = await newPage();
    await admin.signIn(page, OWNER);
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Memes" }).click();
    await page.getByRole("heading", { level: 1, name: "Memes" }).waitFor();
    await page.getByRole("link", { name: "Add meme" }).first().click();
    await page.getByRole("heading", { level: 1, name: "Add meme" }).waitFor();

    const form = page.getByRole("form", { name: "Add meme" });
    await form.getByLabel("Title", { exact: true }).fill(TITLE);
    await form.getByLabel("Description").fill("The parrot repeats the motion until the chair gives in.");
    await form.getByLabel("Tags").fill("Procedure, Birds");
    // Its product, found by the picker's search.
    await form.getByLabel("Choose a product").fill("enamel pin");
    await form.getByRole("button", { name: "Choose Approved in Committee Enamel Pin" }).click();
    await form.getByText("/product/approved-in-committee-enamel-pin").waitFor();
    // Its image, through the file dialog, previewed before it is sent.
    const [chooser] = await Promise.all([page.waitForEvent("filechooser"), form.getByRole("button", { name: "Choose image" }).click()]);
    await chooser.setFiles({ name: "parrot.png", mimeType: "image/png", buffer: makePng(800, 800, [30, 150, 60, 255]) });
    await form.getByRole("img", { name: `Chosen image for ${TITLE}` }).waitFor();
    await form.getByRole("button", { name: "Create meme" }).click();
    await page.waitForURL(/\/admin\/memes\/[0-9a-f-]{36}$/);
    const editor = page.getByRole("form", { name: "Edit meme" });
    await editor.getByText("All changes saved").waitFor();
    expect(await editor.getByRole("img", { name: `Meme: ${TITLE}` }).getAttribute("src")).toMatch(/^\/media\/memes\/[0-9a-f]{32}\.png$/);

    // Make meme of the week, after the confirmation.
    await editor.getByRole("button", { name: "Make meme of the week" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Make “${TITLE}” the meme of the week?` });
    await dialog.getByRole("button", { name: "Make meme of the week" }).click();
    await editor.getByText("Make another meme the meme of the week to replace it.", { exact: false }).waitFor();
    expect(await editor.getByRole("button", { name: "Delete meme" }).isDisabled()).toBe(true);

    // The shopper's next page: the home page shows the new meme, the gallery's Featured tab too.
    await shopper.page.goto("/");
    await homeMeme.getByRole("heading", { name: TITLE }).waitFor();
    expect(await homeMeme.getByRole("img", { name: `Meme: ${TITLE}` }).getAttribute("src")).toMatch(/^\/media\/memes\//);
    await homeMeme.getByRole("link", { name: "Customize This Meme" }).waitFor();
    await shopper.page.goto("/memes?tab=featured");
    const featured = shopper.page.getByRole("article", { name: TITLE });
    await featured.getByText("Meme of the Week").waitFor();
    await featured.getByRole("button", { name: /^Add to Cart: Approved in Committee Enamel Pin · \$\d+\.\d\d$/ }).click();
    const drawer = shopper.page.getByRole("dialog", { name: "Your Cart" });
    await drawer.getByText("Approved in Committee Enamel Pin").waitFor();

    for (const p of [shopper.page, page]) await p.close();
    expect(problems).toEqual([]);
  });
});
