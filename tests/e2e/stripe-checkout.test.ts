import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { account, newCustomer } from "./support/account.js";
import { startStorefront, useOnceHydrated, watchForErrors, type Storefront } from "./support/browser.js";
import { checkout, expectCartCount, product } from "./support/shop.js";
import { startFakeStripe, STRIPE_TEST_KEYS, type FakeStripe } from "../support/fake-stripe.js";
import { cardNumbersIn } from "../support/card-scan.js";

// The whole journey with PAYMENT_PROVIDER=stripe, in Debian's Chromium against a real gateway process
// whose STRIPE_API_URL is the fake Stripe (tests/support/fake-stripe.ts): a signed-in customer's cart
// → the shop's checkout page (address, shipping; no card fields) → Pay → Stripe's page (the fake's) →
// the card → back to the shop → /checkout-success → the dashboard lists the order. The PostgreSQL
// pass of CI skips it: it ran in the first.
const skip = Boolean(process.env.TEST_DATABASE_URL);

let fake: FakeStripe;
let storefront: Storefront;
let context: BrowserContext;
const problems: string[] = [];

async function newPage(): Promise<Page> {
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  const seen = watchForErrors(page);
  useOnceHydrated(page);
  page.on("close", () => problems.push(...seen));
  return page;
}

describe.skipIf(skip)("paying through Stripe Checkout in Chromium", () => {
  beforeAll(async () => {
    fake = await startFakeStripe();
    storefront = await startStorefront({
      PAYMENT_PROVIDER: "stripe",
      STRIPE_SECRET_KEY: STRIPE_TEST_KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: STRIPE_TEST_KEYS.webhookSecret,
      STRIPE_API_URL: fake.url,
    });
    fake.webhookUrl = `${storefront.url}/api/webhooks/stripe`;
    context = await storefront.browser.newContext({ baseURL: storefront.url, viewport: { width: 1280, height: 900 } });
  });
  afterAll(async () => {
    await context?.close().catch(() => undefined);
    await storefront?.close();
    await fake?.close();
  });

  it("cart → checkout page → Pay → Stripe's page → card → back → /checkout-success → the dashboard shows the order", async () => {
    const page = await newPage();
    // An address without newCustomer's millisecond timestamp: 13 digits the card-number scan would
    // rightly flag when they happen to pass Luhn.
    const ada = { ...newCustomer("Ada Stripe"), email: `ada.stripe.${crypto.randomUUID().replace(/\d/g, "")}@example.com` };
    await page.goto("/");
    await account.register(page, ada);
    await account.signIn(page, ada);

    await page.goto("/product/powered-by-red-tape-mug");
    await page.getByRole("heading", { level: 1 }).waitFor();
    await product.addToCart(page);
    await page.getByRole("dialog", { name: "Your Cart" }).getByRole("link", { name: "View full cart" }).click();
    await expectCartCount(page, 1);
    const [checkoutTab] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: "Proceed to Checkout" }).click()]);
    checkoutTab.setDefaultTimeout(15_000);
    const checkoutErrors = watchForErrors(checkoutTab);
    await checkoutTab.waitForURL(/\/store\/checkout\//);

    // The shop's page: the address and the shipping, and no card field at all.
    await checkoutTab.getByRole("heading", { name: "Checkout" }).waitFor();
    expect(await checkoutTab.getByLabel("Card number").count()).toBe(0);
    expect(await checkoutTab.getByText("You will pay on Stripe's secure page").isVisible()).toBe(true);
    await checkout.fillAddress(checkoutTab, ada);
    await checkoutTab.getByRole("button", { name: /^Pay \$/ }).click();

    // Stripe's page (the fake's): the card is typed there.
    await checkoutTab.waitForURL((url) => url.origin === fake.url && url.pathname.startsWith("/c/pay/cs_test_"));
    const sessionId = new URL(checkoutTab.url()).pathname.split("/").pop()!;
    expect(await checkoutTab.getByText(`Fake Stripe Checkout (test mode) for ${ada.email}`).isVisible()).toBe(true);
    await checkoutTab.getByLabel("Card number").fill("4242 4242 4242 4242");
    await checkoutTab.getByLabel("Expiration").fill("12 / 34");
    await checkoutTab.getByLabel("CVC").fill("123");
    await checkoutTab.getByLabel("Cardholder name").fill(ada.name);
    await checkoutTab.getByRole("button", { name: /^Pay \$/ }).click();

    // Back at the shop.
    await checkout.reachedSuccess(checkoutTab);
    await checkoutTab.getByRole("heading", { name: "Thank you for your order!" }).waitFor();
    const success = new URL(checkoutTab.url());
    const orderNumber = success.searchParams.get("order_number")!;
    expect(success.searchParams.get("financial_status")).toBe("paid");
    expect(Number(success.searchParams.get("total_price")) * 100).toBeCloseTo(fake.session(sessionId).amount_total!, 5);
    await expectCartCount(checkoutTab, 0);
    problems.push(...checkoutErrors);
    await checkoutTab.close();

    // Stripe's webhook reached the shop and found the order made.
    await fake.idle();
    expect(fake.deliveries.filter((d) => d.type === "checkout.session.completed").map((d) => [d.status, JSON.parse(d.answer)])).toEqual([[200, { received: true, result: "paid" }]]);

    // The dashboard lists it.
    await account.openMenuItem(page, ada, "Dashboard");
    await page.waitForURL(/\/dashboard$/);
    const card = page.getByRole("article", { name: `Order #${orderNumber}` });
    await card.waitFor();
    expect(await card.getByText("Pending").isVisible()).toBe(true);
    await page.close();

    // The card number went to Stripe's page only: not to the shop, not to its logs.
    expect(fake.received.filter((r) => cardNumbersIn(decodeURIComponent(r.body.replace(/\+/g, " "))).length > 0).map((r) => r.kind)).toEqual(["page"]);
    expect(cardNumbersIn(storefront.gateway.output())).toEqual([]);
  });

  it("logged no console errors on any screen", () => {
    expect(problems).toEqual([]);
  });
});
