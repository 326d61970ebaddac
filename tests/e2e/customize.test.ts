import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { makePng } from "../support/images.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";
import { pngSize, studio } from "./support/customize.js";
import { checkout, expectCartCount, expectToast, product, TEST_CARD } from "./support/shop.js";

// In Debian's Chromium against a real gateway process: design in the studio, download it,
// add it to the cart, pay at the hosted checkout, and find the print file on the order line. The
// PostgreSQL pass of CI skips it: it ran in the first.
const skip = Boolean(process.env.TEST_DATABASE_URL);

let storefront: Storefront;
let context: BrowserContext;
const problems: string[] = [];

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return page;
}

async function getJson<T>(path: string): Promise<T> {
  const response = await context.request.get(path);
  expect(response.status()).toBe(200);
  return (await response.json()) as T;
}

async function graphql<T>(query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await context.request.post("/graphql", { data: { query, variables } });
  const body = (await response.json()) as { data: T; errors?: unknown };
  expect(body.errors).toBeUndefined();
  return body.data;
}

const YELLOW = "#ffd400";

describe.skipIf(skip)("the design studio in Chromium", () => {
  beforeAll(async () => {
    storefront = await startStorefront();
    context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 1280, height: 900 }, acceptDownloads: true });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await storefront?.close();
  });

  it("designs from ?meme=, downloads, adds to the cart, pays, and the order line keeps the print file of the tee's print area at 300 DPI", async () => {
    const { memes } = await getJson<{ memes: { id: string; title: string }[] }>("/api/memes?page=1");
    const meme = memes[0]!;
    const { products } = await getJson<{ products: { id: string; title: string }[] }>("/api/products?customizable=true&pageSize=100");
    const tee = products.find((p) => p.title === "I Survived the Subcommittee Tee")!;
    expect(tee).toBeDefined();

    // Signed in, so the order is this customer's and GraphQL order(id) answers with its lines.
    const email = `designer-${Date.now()}@example.com`;
    expect((await context.request.post("/api/auth/register", { data: { name: "Dee Signer", email, password: "filibuster-2026!" } })).status()).toBe(201);
    expect((await context.request.post("/api/auth/login", { data: { email, password: "filibuster-2026!" } })).status()).toBe(200);

    const page = await newPage();
    await page.goto(`/customize?meme=${meme.id}`);
    await page.getByRole("heading", { level: 1, name: "Customize Your Design" }).waitFor();
    expect(await page.title()).toBe("Customize Your Design | Satire Supply Co.");
    // Opens with no product: the meme on the plain background, the default caption.
    await studio.preview(page).and(page.getByRole("img", { name: `Design preview: “Add your text here” with the meme ${meme.title} on a #000000 background` })).waitFor();

    await studio.setText(page, "Read the bill");
    await studio.setTextSize(page, 40);
    expect(await page.getByRole("slider", { name: "Text size" }).inputValue()).toBe("40");
    await studio.setTextColor(page, YELLOW);
    await studio.choose(page, "Position", "Top");
    // Redrawn at once: yellow text in the top band, none left at the bottom.
    await expect.poll(() => studio.pixelsOfColor(page, YELLOW, 0, 110)).toBeGreaterThan(200);
    expect(await studio.pixelsOfColor(page, YELLOW, 480, 600)).toBe(0);

    await studio.chooseProduct(page, tee.id);
    await product.choose(page, "Size", "L");
    await product.choose(page, "Color", "Navy");
    expect(await page.getByRole("tabpanel", { name: "Product" }).getByText("$24.99", { exact: true }).isVisible()).toBe(true);
    await studio.preview(page).and(page.getByRole("img", { name: /on I Survived the Subcommittee Tee \(L \/ Navy\)$/ })).waitFor();
    // The tee's blank in navy (its body below the print area), not its catalog photo.
    await expect.poll(() => studio.pixelsOfColor(page, "#22304f", 440, 500)).toBeGreaterThan(5000);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download" }).click()]);
    expect(download.suggestedFilename()).toBe("custom-design.png");
    expect(pngSize(fs.readFileSync((await download.path())!))).toEqual({ width: 600, height: 600 });
    await expectToast(page, "Design Downloaded");

    await page.getByRole("button", { name: "Add to Cart" }).click();
    const drawer = page.getByRole("dialog", { name: "Your Cart" });
    await drawer.waitFor({ timeout: 60_000 });
    await expectToast(page, "Added to Cart!");
    expect(await drawer.getByText("L / Navy").isVisible()).toBe(true);
    expect(await drawer.getByText("Custom design").isVisible()).toBe(true);
    const thumbnail = drawer.getByRole("img", { name: "Your design on I Survived the Subcommittee Tee" });
    expect(await thumbnail.getAttribute("src")).toMatch(/^\/designs\/[\w-]+\/preview$/);
    // It loaded (same origin, allowed by the CSP): the 600×600 preview.
    await expect
      .poll(() => page.evaluate(`document.querySelector('[role=dialog] img[alt="Your design on I Survived the Subcommittee Tee"]').naturalWidth`))
      .toBe(600);

    const [line] = JSON.parse((await page.evaluate('localStorage.getItem("cart")')) as string) as {
      customAttributes: { key: string; value: string }[];
    }[];
    const designId = line!.customAttributes.find((a) => a.key === "designId")!.value;
    expect(line!.customAttributes).toEqual([
      { key: "designId", value: designId },
      { key: "memeId", value: meme.id },
    ]);

    await drawer.getByRole("link", { name: "View full cart" }).click();
    await page.getByRole("heading", { level: 1, name: "Your Cart" }).waitFor();
    await expectCartCount(page, 1);
    expect(await page.getByRole("table").getByRole("img", { name: "Your design on I Survived the Subcommittee Tee" }).getAttribute("src")).toBe(
      `/designs/${designId}/preview`,
    );

    const [checkoutTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Proceed to Checkout" }).click()]);
    checkoutTab.setDefaultTimeout(20_000);
    const checkoutErrors = watchForErrors(checkoutTab);
    await checkoutTab.waitForURL(/\/store\/checkout\//);
    await checkoutTab.getByRole("img", { name: "Your custom design on I Survived the Subcommittee Tee" }).first().waitFor();
    await checkout.payWith(checkoutTab, TEST_CARD, { email, name: "Dee Signer" });
    await checkout.reachedSuccess(checkoutTab);
    await checkoutTab.getByRole("heading", { name: "Thank you for your order!" }).waitFor();
    const orderId = new URL(checkoutTab.url()).searchParams.get("id")!;

    // The order line keeps the design, and the gateway hands out its print file: the tee's print area at 300 DPI.
    const { order } = await graphql<{
      order: {
        statusUrl: string;
        lineItems: { variantTitle: string; customAttributes: { key: string; value: string }[]; design: { id: string; printFileUrl: string; previewUrl: string } | null }[];
      };
    }>(
      `query ($id: ID!) { order(id: $id) { statusUrl lineItems { variantTitle customAttributes { key value } design { id printFileUrl previewUrl } } } }`,
      { id: orderId },
    );
    expect(order.lineItems).toHaveLength(1);
    const [orderLine] = order.lineItems;
    expect(orderLine!.variantTitle).toBe("L / Navy");
    expect(orderLine!.design?.id).toBe(designId);
    expect(orderLine!.customAttributes).toEqual(expect.arrayContaining([{ key: "memeId", value: meme.id }]));

    const print = await context.request.get(orderLine!.design!.printFileUrl);
    expect(print.status()).toBe(200);
    expect(print.headers()["content-type"]).toBe("image/png");
    const { product: teeDetails } = await graphql<{ product: { printArea: { printWidthPx: number; printHeightPx: number } } }>(
      `query ($id: ID!) { product(id: $id) { printArea { printWidthPx printHeightPx } } }`,
      { id: tee.id },
    );
    expect(pngSize(await print.body())).toEqual({ width: teeDetails.printArea.printWidthPx, height: teeDetails.printArea.printHeightPx });
    const preview = await context.request.get(orderLine!.design!.previewUrl);
    expect(pngSize(await preview.body())).toEqual({ width: 600, height: 600 });

    // The store's order status page shows the design's thumbnail.
    const status = await context.request.get(new URL(order.statusUrl, storefront.url).pathname);
    expect(await status.text()).toContain(`/designs/${designId}/preview`);

    problems.push(...checkoutErrors);
    await checkoutTab.close();
    await page.close();
  });

  it("carries on after an unknown ?meme=, refuses files that are not usable images, and keeps an upload across a reload", async () => {
    const page = await newPage();
    await page.goto("/customize?meme=00000000-0000-0000-0000-000000000000");
    await page.getByRole("alert").filter({ hasText: "Meme not found" }).waitFor();
    await studio.preview(page).and(page.getByRole("img", { name: "Design preview: “Add your text here” on a #000000 background" })).waitFor();

    // Add to Cart asks for a product first.
    await page.getByRole("button", { name: "Add to Cart" }).click();
    await expectToast(page, "Product Required");
    expect(await page.getByRole("status").filter({ hasText: "Please select a product to add to cart." }).isVisible()).toBe(true);

    await studio.openTab(page, "Design");
    const fileInput = page.getByLabel("Image file");
    const refusals: [string, { name: string; mimeType: string; buffer: Buffer }][] = [
      ["Images only", { name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not an image") }],
      ["Unreadable image", { name: "renamed.png", mimeType: "image/png", buffer: Buffer.from("this is text, renamed .png") }],
      ["Image too large", { name: "huge.png", mimeType: "image/png", buffer: Buffer.alloc(11 * 1024 * 1024, 1) }],
    ];
    for (const [toast, file] of refusals) {
      await fileInput.setInputFiles(file);
      await expectToast(page, toast);
      expect(await page.getByText("No image yet: pick a meme below or upload your own.").isVisible()).toBe(true);
    }

    await fileInput.setInputFiles({ name: "red-square.png", mimeType: "image/png", buffer: makePng(40, 40, [220, 20, 20, 255]) });
    await studio.preview(page).and(page.getByRole("img", { name: /with your image red-square\.png/ })).waitFor();
    // At 80% of the width: a red square 480 px wide, centred (rows and columns 60–540).
    const RED_ROWS_100_TO_400 = 480 * 300;
    await expect.poll(() => studio.pixelsOfColor(page, "#dc1414", 100, 400)).toBeGreaterThan(RED_ROWS_100_TO_400 * 0.98);
    expect(await studio.pixelsOfColor(page, "#dc1414", 100, 400)).toBeLessThanOrEqual(RED_ROWS_100_TO_400);
    expect(await studio.pixelsOfColor(page, "#dc1414", 0, 50)).toBe(0);

    await page.reload();
    await studio.preview(page).and(page.getByRole("img", { name: /with your image red-square\.png/ })).waitFor();
    await expect.poll(() => studio.pixelsOfColor(page, "#dc1414", 100, 400)).toBeGreaterThan(RED_ROWS_100_TO_400 * 0.98);

    await page.getByRole("button", { name: "Reset Design" }).click();
    await studio.preview(page).and(page.getByRole("img", { name: "Design preview: “Add your text here” on a #000000 background" })).waitFor();
    expect(await studio.pixelsOfColor(page, "#dc1414", 0, 600)).toBe(0);
    await page.close();
  });

  it("draws the meme of a typed /customize?meme= address in a tab that already visited the studio", async () => {
    const { memes } = await getJson<{ memes: { id: string; title: string }[] }>("/api/memes?page=1");
    const [first, second] = memes;
    const page = await newPage();
    await page.goto("/customize");
    await studio.setText(page, "Table the motion");
    await studio.preview(page).and(page.getByRole("img", { name: "Design preview: “Table the motion” on a #000000 background" })).waitFor();

    // Typed or pasted into the address bar of the same tab: a full page load.
    await page.goto(`/customize?meme=${first!.id}`);
    await studio.preview(page).and(page.getByRole("img", { name: `Design preview: “Table the motion” with the meme ${first!.title} on a #000000 background` })).waitFor();

    // Picking another meme writes it into the address, so a reload opens what the shopper sees.
    await studio.openTab(page, "Design");
    await page.getByRole("button", { name: `Use meme: ${second!.title}` }).click();
    await page.waitForURL((url) => url.searchParams.get("meme") === second!.id);
    await page.reload();
    await studio.preview(page).and(page.getByRole("img", { name: `Design preview: “Table the motion” with the meme ${second!.title} on a #000000 background` })).waitFor();

    // Removing the meme takes it out of the address too.
    await studio.openTab(page, "Design");
    await page.getByRole("button", { name: "Remove image" }).click();
    await page.waitForURL((url) => !url.searchParams.has("meme"));
    await page.reload();
    await studio.preview(page).and(page.getByRole("img", { name: "Design preview: “Table the motion” on a #000000 background" })).waitFor();
    await page.close();
  });

  it("logged no console errors on any screen", () => {
    expect(problems).toEqual([]);
  });
});
