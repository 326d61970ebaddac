import { expect } from "vitest";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { expectToast } from "./shop.js";

// The customer's vocabulary: signing up, in and out through the header, as a person would.

export interface Customer {
  name: string;
  email: string;
  password: string;
}

const SESSION_COOKIE = "storefront.sid";

let customers = 0;
/** A customer nobody has registered yet (unique per run). */
export function newCustomer(name: string): Customer {
  customers += 1;
  const slug = name.toLowerCase().replace(/\W+/g, ".");
  return { name, email: `${slug}.${Date.now()}.${customers}@example.com`, password: `correct horse ${customers}` };
}

/** What settled() reads of an element in the page (this project's TypeScript has no DOM types). */
interface PageElement {
  getAnimations(options: { subtree: boolean }): { finished: Promise<unknown> }[];
  getBoundingClientRect(): { x: number; y: number; width: number; height: number };
}

/** Waits until the element's animations have finished and its box has stayed put for five frames. */
async function settled(locator: Locator): Promise<void> {
  await locator.evaluate(async (node) => {
    const element = node as unknown as PageElement;
    const page = globalThis as unknown as { requestAnimationFrame(callback: () => void): number };
    await Promise.all(element.getAnimations({ subtree: true }).map((animation) => animation.finished.catch(() => undefined)));
    let last = "";
    for (let same = 0; same < 5; ) {
      await new Promise<void>((resolve) => page.requestAnimationFrame(resolve));
      const box = element.getBoundingClientRect();
      const now = `${box.x} ${box.y} ${box.width} ${box.height}`;
      same = now === last ? same + 1 : 0;
      last = now;
    }
  });
}

function signInDialog(page: Page) {
  return page.getByRole("dialog", { name: "Welcome to Satire Supply Co." });
}

export const account = {
  /** Header → Sign in → Create account; the dialog then moves on to its Sign in tab. */
  async register(page: Page, customer: Customer) {
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const dialog = signInDialog(page);
    await dialog.getByRole("tab", { name: "Create account" }).click();
    const form = dialog.getByRole("form", { name: "Create account" });
    await form.getByLabel("Name").fill(customer.name);
    await form.getByLabel("Email").fill(customer.email);
    await form.getByLabel("Password").fill(customer.password);
    await form.getByRole("button", { name: "Create account" }).click();
    await expectToast(page, "Registration successful");
    await expect.poll(() => dialog.getByRole("form", { name: "Sign in" }).getByLabel("Email").inputValue()).toBe(customer.email);
  },

  /** Fills the Sign in form of the open dialog (or opens it from the header first). */
  async signIn(page: Page, customer: Customer, { rememberMe = false } = {}) {
    const dialog = signInDialog(page);
    if (!(await dialog.isVisible())) await page.getByRole("banner").getByRole("button", { name: "Sign in" }).click();
    const form = dialog.getByRole("form", { name: "Sign in" });
    await form.getByLabel("Email").fill(customer.email);
    await form.getByLabel("Password").fill(customer.password);
    if (rememberMe) await form.getByRole("checkbox", { name: /Remember me/ }).check();
    await form.getByRole("button", { name: "Sign in" }).click();
    await expectToast(page, "Login successful");
    await account.menuButton(page, customer).waitFor();
  },

  menuButton(page: Page, customer: Customer) {
    return page.getByRole("banner").getByRole("button", { name: `Account menu for ${customer.name}` });
  },

  async openMenuItem(page: Page, customer: Customer, item: "Dashboard" | "Account" | "Sign out") {
    await account.menuButton(page, customer).click();
    // A person points at an item once the menu has stopped moving. Playwright's own check (the same
    // box two frames running) passed on a busy machine while the menu was still being placed, and
    // the press began on the item and ended on the header (no selection, no navigation).
    await settled(page.getByRole("menu"));
    await page.getByRole("menuitem", { name: item }).click();
  },

  async signOut(page: Page, customer: Customer) {
    await account.openMenuItem(page, customer, "Sign out");
    await expectToast(page, "Logout successful");
    await page.getByRole("banner").getByRole("button", { name: "Sign in" }).waitFor();
  },

  async sessionCookie(context: BrowserContext) {
    return (await context.cookies()).find((cookie) => cookie.name === SESSION_COOKIE);
  },
};
