import type { BrowserContext, Page } from "playwright-core";
import { guestFetcher, payWith } from "../../support/checkout.js";
import { checkout, TEST_CARD } from "./shop.js";

// The shop admin's vocabulary: a staff member signs in at /admin, finds an order, ships it.

export interface StaffMember {
  email: string;
  password: string;
}

export const admin = {
  /** /admin → the staff sign-in form → Home. */
  async signIn(page: Page, staff: StaffMember) {
    await page.goto("/admin");
    const form = page.getByRole("form", { name: "Staff sign in" });
    await form.getByLabel("Email").fill(staff.email);
    await form.getByLabel("Password").fill(staff.password);
    await form.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { level: 1, name: "Home" }).waitFor();
  },

  /** Opens the orders from the menu, searches them for a number and opens that order. */
  async openOrder(page: Page, orderNumber: string) {
    await page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Orders" }).click();
    await page.getByRole("heading", { level: 1, name: "Orders" }).waitFor();
    const search = page.getByRole("search", { name: "Search orders" });
    await search.getByLabel("Order number or email").fill(orderNumber);
    await search.getByLabel("Order number or email").press("Enter");
    await page.waitForURL((url) => url.searchParams.get("q") === orderNumber);
    await page.getByRole("table").getByRole("link", { name: `#${orderNumber}`, exact: true }).click();
    await page.getByRole("heading", { level: 1, name: `Order #${orderNumber}` }).waitFor();
  },

  /** Fills Mark shipped with a listed carrier and the tracking number (the shop builds the link) and sends it. */
  async markShipped(page: Page, tracking: { carrier: string; trackingNumber: string }) {
    const form = page.getByRole("form", { name: "Mark shipped" });
    await form.getByLabel("Carrier").selectOption(tracking.carrier);
    await form.getByLabel("Tracking number").fill(tracking.trackingNumber);
    await form.getByRole("button", { name: "Mark shipped" }).click();
    await page.getByRole("region", { name: "Shipment" }).waitFor();
  },
};

async function graphql<T>(context: BrowserContext, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const response = await context.request.post("/graphql", { data: { query, variables }, headers: { "content-type": "application/json" } });
  const body = (await response.json()) as { data: T; errors?: unknown[] };
  if (body.errors) throw new Error(JSON.stringify(body.errors));
  return body.data;
}

/** A customer registered and signed in through the API (their cookie in `context`) who buys one mug on the store's checkout page. */
export async function customerWithPaidOrder(context: BrowserContext, page: Page, customer: { name: string; email: string; password: string }) {
  await graphql(context, "mutation($input: RegisterInput!) { register(input: $input) { userErrors { message } } }", { input: customer });
  await graphql(context, "mutation($input: LoginInput!) { login(input: $input) { userErrors { message } } }", {
    input: { email: customer.email, password: customer.password, rememberMe: false },
  });
  const { product } = await graphql<{ product: { variants: { id: string }[] } }>(context, 'query { product(handle: "powered-by-red-tape-mug") { variants { id } } }');
  const { cartCreate } = await graphql<{ cartCreate: { cart: { checkoutUrl: string } } }>(
    context,
    "mutation($input: CartInput) { cartCreate(input: $input) { cart { checkoutUrl } } }",
    { input: { lines: [{ merchandiseId: product.variants[0]!.id, quantity: 1 }] } },
  );
  await page.goto(cartCreate.cart.checkoutUrl);
  await checkout.payWith(page, TEST_CARD, { email: customer.email, name: customer.name });
  await checkout.reachedSuccess(page);
  const success = new URL(page.url());
  return { id: success.searchParams.get("id")!, number: success.searchParams.get("order_number")! };
}

/** A guest's paid order of one mug, placed through the store's checkout page over HTTP (no browser): its number. */
export async function guestPaidOrder(context: BrowserContext, baseUrl: string, email: string): Promise<string> {
  const { product } = await graphql<{ product: { variants: { id: string }[] } }>(context, 'query { product(handle: "powered-by-red-tape-mug") { variants { id } } }');
  const { cartCreate } = await graphql<{ cartCreate: { cart: { checkoutUrl: string } } }>(
    context,
    "mutation($input: CartInput) { cartCreate(input: $input) { cart { checkoutUrl } } }",
    { input: { lines: [{ merchandiseId: product.variants[0]!.id, quantity: 1 }] } },
  );
  const paid = await payWith(guestFetcher(baseUrl), cartCreate.cart.checkoutUrl, { email });
  const number = paid.location ? new URL(paid.location, baseUrl).searchParams.get("order_number") : null;
  if (paid.status !== 303 || !number) throw new Error(`payment failed: ${paid.status}`);
  return number;
}
