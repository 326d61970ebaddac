import { expect } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
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
