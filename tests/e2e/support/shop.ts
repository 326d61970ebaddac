import { expect } from "vitest";
import type { Page } from "playwright-core";

// The shopper's vocabulary for the journey: each helper finds elements by role and label, as a
// person using a screen reader would.

/**
 * Pages arrive rendered, so their buttons are on screen before the shop's code has
 * hydrated them. A test clicks once the page says it is interactive (<html data-hydrated>).
 */
export async function waitForHydration(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

export const TEST_CARD = { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" };

export async function expectCartCount(page: Page, count: number): Promise<void> {
  await page.getByRole("button", { name: `Cart, ${count} ${count === 1 ? "item" : "items"}` }).waitFor();
}

export async function expectToast(page: Page, title: string): Promise<void> {
  await page.getByRole("status").filter({ hasText: title }).first().waitFor();
}

export const shop = {
  async search(page: Page, words: string) {
    await page.getByRole("searchbox", { name: "Search products" }).fill(words);
    await page.getByRole("searchbox", { name: "Search products" }).press("Enter");
    await page.waitForURL((url) => url.searchParams.get("search") === words);
  },
};

export const product = {
  async choose(page: Page, option: string, value: string) {
    const button = page.getByRole("group", { name: new RegExp(`^${option}:`) }).getByRole("button", { name: value, exact: true });
    await button.click();
    await expect.poll(() => button.getAttribute("aria-pressed")).toBe("true");
  },
  async setQuantity(page: Page, quantity: number) {
    const stepper = page.getByRole("group", { name: /^Quantity of / });
    const input = stepper.getByRole("textbox");
    while (Number(await input.inputValue()) < quantity) await stepper.getByRole("button", { name: "Increase quantity" }).click();
  },
  async addToCart(page: Page) {
    // Exact: the related products' cards have buttons named "Add to Cart: {title}" (WCAG 2.5.3).
    await page.getByRole("button", { name: "Add to Cart", exact: true }).click();
  },
};

export const checkout = {
  /** Fills the store's hosted checkout page and pays. */
  async payWith(page: Page, card: typeof TEST_CARD, buyer = { email: "ada@example.com", name: "Ada Lovelace" }) {
    await checkout.fillAddress(page, buyer);
    await page.getByLabel("Card number").fill(card.number);
    await page.getByLabel("Expiry").fill(card.expiry);
    await page.getByLabel("CVC").fill(card.cvc);
    await page.getByRole("button", { name: /^Pay \$/ }).click();
  },
  /**
   * Waits for the store's redirect to /checkout-success and for that page to hydrate: the gateway's
   * HTML already shows the order (and the header's empty cart), but the stored cart is emptied by
   * the page's code, so a tab closed before then leaves it as it was.
   */
  async reachedSuccess(page: Page) {
    await page.waitForURL(/\/checkout-success\?/);
    await waitForHydration(page);
  },
  /** Fills the checkout page's contact and shipping address (in Illinois). */
  async fillAddress(page: Page, buyer = { email: "ada@example.com", name: "Ada Lovelace" }) {
    await page.getByLabel("Email").fill(buyer.email);
    await page.getByLabel("Full name").fill(buyer.name);
    // Exact: "Address line 2 (optional)" is labelled too.
    await page.getByLabel("Address", { exact: true }).fill("1 Committee Row");
    await page.getByLabel("City").fill("Springfield");
    await page.getByLabel("Postal code").fill("12345");
    // The country stays the United States, which needs a state.
    await page.getByLabel("State / Province").selectOption({ label: "Illinois" });
  },
};
