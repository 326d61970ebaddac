import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, uploadDesign, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, pathOf, payWith, postForm, textOf } from "./support/checkout.js";
import { BrowserSession } from "./support/browser-session.js";
import { quoteShipping } from "../gateway/checkout/shipping.js";

// The store's hosted checkout (DESIGN "Checkout"), driven as a browser drives it: load the
// page, fill the form, post it form-encoded, follow the 303 to /checkout-success.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let guest: ReturnType<typeof guestFetcher>;
let tee: TestVariant;
let sticker: TestVariant;

const checkoutUrlOf = async (cartId: string) => (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
const successParams = (location: string) => {
  const url = new URL(location);
  expect(`${url.origin}${url.pathname}`).toBe("http://127.0.0.1:3000/checkout-success");
  return Object.fromEntries(url.searchParams);
};
const ordersOfCart = (cartId: string) => shop.database.db.selectFrom("orders").select("id").where("cart_id", "=", cartId).execute();

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  guest = guestFetcher(shop.url);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
  sticker = (await variantsOf(shop, "red-tape-sticker-pack"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

describe("the checkout page", () => {
  it("shows the order summary and every labelled field, with only the store's own script and a strict policy", async () => {
    const designId = await uploadDesign(shop);
    const cartId = await api.filled([{ variantId: tee.id, quantity: 2, customAttributes: [{ key: "designId", value: designId }] }, { variantId: sticker.id, quantity: 1 }]);
    const { status, page, headers } = await loadPage(guest, await checkoutUrlOf(cartId));
    expect(status).toBe(200);
    expect(headers.get("content-type")).toContain("text/html");
    expect(headers.get("content-security-policy")).toMatch(/default-src 'none'; script-src 'self'; style-src 'self'.*form-action 'self'/);
    expect(headers.get("cache-control")).toBe("no-store");
    // One script, a file of the store's own (the colour mode and the card fields: tests/store-pages.test.ts).
    expect(page.match(/<script\b[^>]*>/gi)).toEqual([expect.stringMatching(/^<script src="\/store\/assets\/store-[0-9a-f]{10}\.js">$/)]);

    for (const label of ["Email", "Full name", "Address", "Address line 2 (optional)", "City", "Postal code", "Country", "State / Province", "Phone (optional, for the courier)", "Card number", "Expiry", "CVC"]) {
      const forId = new RegExp(`<label for="([^"]+)">${label.replace(/[()]/g, "\\$&")}</label>`).exec(page)?.[1];
      expect(forId, label).toBeDefined();
      expect(page).toMatch(new RegExp(`<(input|select) id="${forId}"`));
    }
    expect(page).toMatch(/<input type="radio" id="shipping-standard" name="shipping" value="standard" checked>/);
    expect(page).toContain("5–7 business days");
    expect(page).toContain("3–5 business days");
    // The button names the amount with the shipping chosen (Standard until another is picked): 2 × $24.99 + $6.99 + $5.99.
    expect(page).toMatch(/<button[^>]*type="submit"><span class="pay-label chosen" data-shipping="standard">Pay \$62\.96<\/span>/);

    expect(page).toContain(tee.productTitle);
    expect(page).toContain(tee.title);
    expect(page).toContain(`<img src="/designs/${designId}/preview" alt="Your custom design on ${tee.productTitle}"`);
    expect(page).toContain("Custom design");
    expect(page).not.toContain("designId:");
    expect(page).not.toContain("Default Title");
    expect(page).toContain("$56.97"); // 2 × $24.99 + $6.99
    expect(page).toContain("$5.99"); // below the $75 threshold
    expect(page).toContain("$62.96");
    expect(formDefaults(page)).toMatchObject({ shipping: "standard", country: "United States", province: "", address2: "", phone: "", summary_key: expect.any(String) });
  });

  it("says the cart is empty, with a way back to the shop", async () => {
    const { body } = await api.create();
    const url = await checkoutUrlOf(body.id);
    const { status, page } = await loadPage(guest, url);
    expect(status).toBe(200);
    expect(page).toContain("Your cart is empty");
    expect(page).toContain('href="/shop"');
    const paid = await postForm(guest, url, guestDetails());
    expect(paid.status).toBe(400);
    expect(await ordersOfCart(body.id)).toEqual([]);
  });

  it("answers a 404 page for checkout and order links that name nothing", async () => {
    for (const path of ["/store/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/store/checkout/x", "/store/orders/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "/store/elsewhere"]) {
      const res = await guest(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get("content-type")).toContain("text/html");
      expect(await res.text()).toContain("not found");
    }
  });

  it("offers free Standard shipping from the threshold on (one setting, default $75)", () => {
    const settings = { freeShippingThresholdCents: 7500 };
    const lines = (subtotalCents: number) => [{ unitPriceCents: subtotalCents, quantity: 1 }];
    expect(quoteShipping(lines(7499), settings).map((q) => q.pricing.shippingCents)).toEqual([599, 1499]);
    expect(quoteShipping(lines(7500), settings).map((q) => q.pricing.shippingCents)).toEqual([0, 1499]);
  });
});

describe("paying as a guest", () => {
  it("makes one order with catalog prices, redirects to /checkout-success and completes the cart", async () => {
    const attributes = [{ key: "designId", value: await uploadDesign(shop) }];
    const cartId = await api.filled([{ variantId: tee.id, quantity: 2, customAttributes: attributes }, { variantId: sticker.id, quantity: 1 }]);
    const url = await checkoutUrlOf(cartId);
    const form = { ...formDefaults((await loadPage(guest, url)).page), ...guestDetails() };
    const paid = await postForm(guest, url, form);
    expect(paid.status).toBe(303);

    const params = successParams(paid.location!);
    expect(Object.keys(params)).toEqual(["id", "order_number", "order_status_url", "email", "total_price", "financial_status", "fulfillment_status"]);
    expect(params).toMatchObject({ email: "pat+shop@example.com", total_price: "62.96", financial_status: "paid", fulfillment_status: "unfulfilled" });
    expect(Number(params.order_number)).toBeGreaterThanOrEqual(1001);
    expect(params.order_status_url).toMatch(/^http:\/\/127\.0\.0\.1:3000\/store\/orders\/[A-Za-z0-9_-]{32}$/);

    const order = (await shop.running.gateway.services.orders.findByStatusToken(pathOf(params.order_status_url!).split("/").pop()!))!;
    expect(order).toMatchObject({
      id: params.id,
      orderNumber: Number(params.order_number),
      customerId: null,
      cartId,
      email: "pat+shop@example.com",
      subtotalCents: 2 * tee.priceCents + sticker.priceCents,
      shippingCents: 599,
      totalCents: 2 * tee.priceCents + sticker.priceCents + 599,
      shippingMethod: "Standard (5–7 business days)",
      shippingAddress: {
        name: "Pat Doe",
        address1: "1 Main St, Apt 2",
        address2: null,
        city: "Springfield",
        province: "Illinois",
        provinceCode: "IL",
        postalCode: "12345",
        country: "United States",
        countryCode: "US",
        phone: null,
      },
      cardBrand: "Visa",
      cardLast4: "4242",
      financialStatus: "PAID",
      fulfillmentStatus: "UNFULFILLED",
    });
    expect(order.lines.map((l) => [l.productTitle, l.variantTitle, l.quantity, l.unitPriceCents, l.lineTotalCents, l.customAttributes])).toEqual([
      [tee.productTitle, tee.title, 2, tee.priceCents, 2 * tee.priceCents, attributes],
      [sticker.productTitle, null, 1, sticker.priceCents, sticker.priceCents, []],
    ]);
    // Each line's picture as the order keeps it: the custom design's mock-up for its line, the product's photo otherwise.
    expect(order.lines[0]!.imageUrl).toBe(`/designs/${attributes[0]!.value}/preview`);
    expect(order.lines[1]!.imageUrl).toMatch(/^\/media\//);

    // The card number is kept nowhere: not in the order, not in the logs.
    const row = await shop.database.db.selectFrom("orders").selectAll().where("id", "=", order.id).executeTakeFirst();
    expect(JSON.stringify(row)).not.toContain("4242424242424242");
    expect(shop.logs.join("\n")).not.toMatch(/4242\D?4242\D?4242\D?4242/);

    // The same form again (back button, resubmit) gives the same order and the same redirect.
    const again = await postForm(guest, url, form);
    expect(again).toMatchObject({ status: 303, location: paid.location });
    expect(await ordersOfCart(cartId)).toHaveLength(1);
  });

  it("charges Expedited when chosen and ships Standard free at or above the threshold", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 4 }]);
    const { page } = await loadPage(guest, await checkoutUrlOf(cartId));
    expect(page).toMatch(/value="standard" checked>[\s\S]*?Free/);
    const paid = await payWith(guest, await checkoutUrlOf(cartId), { shipping: "expedited" });
    const params = successParams(paid.location!);
    expect(params.total_price).toBe(((4 * tee.priceCents + 1499) / 100).toFixed(2));
    const order = (await shop.running.gateway.services.orders.findByCartId(cartId))!;
    expect(order).toMatchObject({ shippingCents: 1499, shippingMethod: "Expedited (3–5 business days)" });
  });

  it("declines 4000 0000 0000 0002 with no order, keeping the cart open and what was typed", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const url = await checkoutUrlOf(cartId);
    const declined = await payWith(guest, url, { card_number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(declined.page).toContain("Your card was declined.");
    expect(formDefaults(declined.page)).toMatchObject({ email: "pat+shop@example.com", name: "Pat Doe", city: "Springfield", card_number: "", cvc: "" });
    expect(await ordersOfCart(cartId)).toEqual([]);
    expect((await api.add(cartId, [{ variantId: sticker.id, quantity: 1 }])).status).toBe(200);
  });

  it("shows each field's error beside it, keeps what was typed and escapes it", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const url = await checkoutUrlOf(cartId);
    const res = await payWith(guest, url, {
      email: "",
      name: '<script>alert("x")</script>',
      postal_code: "!!",
      card_number: "4242 4242 4242 4241",
      expiry: "01/20",
      cvc: "12",
      country: "Atlantis",
    });
    expect(res.status).toBe(400);
    expect(textOf(res.page, "f-email-error")).toBe("Enter your email");
    expect(textOf(res.page, "f-postal_code-error")).toBe("Enter a valid postal code");
    expect(textOf(res.page, "f-card_number-error")).toBe("Your card number is invalid.");
    expect(textOf(res.page, "f-expiry-error")).toBe("Your card has expired.");
    expect(textOf(res.page, "f-cvc-error")).toBe("Enter the 3-digit security code");
    expect(textOf(res.page, "f-country-error")).toBe("Choose a country from the list");
    expect(res.page).toMatch(/id="f-email"[^>]*aria-invalid="true" aria-describedby="f-email-error"/);
    expect(res.page).not.toContain("<script>");
    expect(formDefaults(res.page)).toMatchObject({ name: '<script>alert("x")</script>', city: "Springfield", expiry: "01/20", card_number: "" });
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  it("sends the shopper back to review when the cart changed after the page was shown", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const url = await checkoutUrlOf(cartId);
    const { page } = await loadPage(guest, url);
    await api.add(cartId, [{ variantId: sticker.id, quantity: 1 }]);
    const stale = await postForm(guest, url, { ...formDefaults(page), ...guestDetails() });
    expect(stale.status).toBe(409);
    expect(stale.page).toContain("Your order changed since this page was shown");
    expect(stale.page).toContain(sticker.productTitle);
    expect(await ordersOfCart(cartId)).toEqual([]);
    const paid = await postForm(guest, url, { ...formDefaults(stale.page), ...guestDetails() });
    expect(successParams(paid.location!).total_price).toBe(((tee.priceCents + sticker.priceCents + 599) / 100).toFixed(2));
  });

  it("makes one order when Pay now is pressed twice at once", async () => {
    const cartId = await api.filled([{ variantId: sticker.id, quantity: 3 }]);
    const url = await checkoutUrlOf(cartId);
    const { page } = await loadPage(guest, url);
    const form = { ...formDefaults(page), ...guestDetails() };
    const [a, b] = await Promise.all([postForm(guest, url, form), postForm(guest, url, form)]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(a.location).toBe(b.location);
    expect(await ordersOfCart(cartId)).toHaveLength(1);
  });
});

describe("the shipping address a printer needs", () => {
  const paymentAttemptsOf = (cartId: string) => shop.database.db.selectFrom("payment_attempts").select("id").where("cart_id", "=", cartId).execute();
  const addressOf = async (cartId: string) => (await shop.running.gateway.services.orders.findByCartId(cartId))!.shippingAddress;
  const newCheckout = async () => {
    const cartId = await api.filled([{ variantId: sticker.id, quantity: 1 }]);
    return { cartId, url: await checkoutUrlOf(cartId) };
  };

  it("offers every state, province and territory grouped by country, none chosen, and optional line 2 and phone", async () => {
    const { url } = await newCheckout();
    const { page } = await loadPage(guest, url);
    const select = /<select id="f-province"[\s\S]*?<\/select>/.exec(page)![0];
    expect([...select.matchAll(/<optgroup label="([^"]+)">/g)].map((m) => m[1])).toEqual(["United States", "Canada", "Australia"]);
    expect(select).toContain('<option value="US-IL">Illinois</option>');
    expect(select).toContain('<option value="CA-NT">Northwest Territories</option>');
    expect(select).toContain('<option value="AU-NT">Northern Territory</option>');
    expect(select.match(/<option value="[A-Z]{2}-[A-Z]+"/g)).toHaveLength(51 + 13 + 8);
    expect(select).not.toMatch(/US-PR|US-AE/);
    expect(page).toContain("Needed in the United States, Canada and Australia");
    expect(page).toMatch(/<input id="f-address2" name="address2" type="text" autocomplete="address-line2" maxlength="200" value="">/);
    expect(page).toMatch(/<input id="f-phone" name="phone" type="tel" autocomplete="tel" inputmode="tel" maxlength="30" value="">/);
  });

  it("refuses an address in the United States without a state: the error beside it, no payment, no order", async () => {
    const { cartId, url } = await newCheckout();
    const res = await payWith(guest, url, { province: "" });
    expect(res.status).toBe(400);
    expect(textOf(res.page, "f-province-error")).toBe("Choose a state");
    expect(res.page).toMatch(/id="f-province"[^>]*aria-describedby="f-province-hint f-province-error" aria-invalid="true"/);
    expect(res.page).toContain('<a href="#f-province">State / Province: Choose a state</a>');
    expect(await paymentAttemptsOf(cartId)).toEqual([]);
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  it("refuses a state from another country's list, keeping what was chosen", async () => {
    const { cartId, url } = await newCheckout();
    const res = await payWith(guest, url, { country: "Canada", province: "US-IL", city: "Ottawa", postal_code: "K1A 0B1" });
    expect(res.status).toBe(400);
    expect(textOf(res.page, "f-province-error")).toBe("Choose a province or territory of Canada (Illinois is in the United States)");
    expect(formDefaults(res.page)).toMatchObject({ country: "Canada", province: "US-IL", city: "Ottawa" });
    expect(await paymentAttemptsOf(cartId)).toEqual([]);
    expect(await ordersOfCart(cartId)).toEqual([]);
  });

  it("records a Canadian address with its province, the postal code as the post writes it", async () => {
    const { cartId, url } = await newCheckout();
    const paid = await payWith(guest, url, { country: "Canada", province: "CA-QC", city: "Montréal", postal_code: "h2x1y4" });
    expect(paid.status).toBe(303);
    expect(await addressOf(cartId)).toEqual({
      name: "Pat Doe",
      address1: "1 Main St, Apt 2",
      address2: null,
      city: "Montréal",
      province: "Quebec",
      provinceCode: "QC",
      postalCode: "H2X 1Y4",
      country: "Canada",
      countryCode: "CA",
      phone: null,
    });
  });

  it("takes an address in a country without states with none chosen", async () => {
    const { cartId, url } = await newCheckout();
    const paid = await payWith(guest, url, { country: "Germany", province: "", city: "Berlin", postal_code: "10115" });
    expect(paid.status).toBe(303);
    expect(await addressOf(cartId)).toMatchObject({ city: "Berlin", province: null, provinceCode: null, postalCode: "10115", country: "Germany", countryCode: "DE" });
  });

  it("records address line 2 and the phone, which the public status page never shows", async () => {
    const { cartId, url } = await newCheckout();
    const paid = await payWith(guest, url, { address: "1 Main St", address2: "Apt 2", phone: " +1 (217) 555-0100 " });
    expect(paid.status).toBe(303);
    expect(await addressOf(cartId)).toMatchObject({ address1: "1 Main St", address2: "Apt 2", provinceCode: "IL", phone: "+1 (217) 555-0100" });
    const { page } = await loadPage(guest, successParams(paid.location!).order_status_url!);
    expect(page).toContain("Springfield, IL, United States");
    expect(page).not.toContain("555-0100");
    expect(page).not.toContain("Apt 2");
  });

  it("shows a phone number's error beside it and keeps what was typed", async () => {
    const { cartId, url } = await newCheckout();
    const res = await payWith(guest, url, { phone: "call me", address2: "Unit 5" });
    expect(res.status).toBe(400);
    expect(textOf(res.page, "f-phone-error")).toBe("Enter a phone number using digits, spaces, +, - and parentheses");
    expect(formDefaults(res.page)).toMatchObject({ phone: "call me", address2: "Unit 5", province: "US-IL" });
    expect(await ordersOfCart(cartId)).toEqual([]);
  });
});

describe("after checkout", () => {
  let cartId: string;
  let statusUrl: string;
  let checkoutUrl: string;

  beforeAll(async () => {
    cartId = await api.filled([{ variantId: tee.id, quantity: 1 }, { variantId: sticker.id, quantity: 2 }]);
    checkoutUrl = await checkoutUrlOf(cartId);
    statusUrl = successParams((await payWith(guest, checkoutUrl)).location!).order_status_url!;
  });

  it("refuses every change to the completed cart, so the client starts a new one", async () => {
    const line = (await shop.database.db.selectFrom("cart_lines").select("id").where("cart_id", "=", cartId).executeTakeFirstOrThrow()).id;
    for (const res of [await api.get(cartId), await api.add(cartId, [{ variantId: tee.id, quantity: 1 }]), await api.update(cartId, line, 2), await api.remove(cartId, line), await api.checkoutUrl(cartId)]) {
      expect(res.status).toBe(409);
      expect(res.body.error).toBe("This cart has already been checked out and can no longer change; start a new cart");
    }
    const { data } = await shop.graphql(`mutation($id: ID!, $v: ID!) { cartLinesAdd(cartId: $id, lines: [{ merchandiseId: $v }]) { cart { id } userErrors { code } } }`, { id: cartId, v: tee.id });
    expect(data.cartLinesAdd).toEqual({ cart: null, userErrors: [{ code: "CART_COMPLETED" }] });
    expect((await shop.graphql(`query($id: ID!) { cart(id: $id) { id } }`, { id: cartId })).data.cart).toBeNull();
    expect(await shop.database.db.selectFrom("cart_lines").select("quantity").where("cart_id", "=", cartId).orderBy("seq").execute()).toEqual([{ quantity: 1 }, { quantity: 2 }]);
  });

  it("shows the paid checkout page as placed, with the order's status link", async () => {
    const { status, page } = await loadPage(guest, checkoutUrl);
    expect(status).toBe(200);
    expect(page).toMatch(/Order #\d+ has been placed/);
    expect(page).toContain(`href="${statusUrl}"`);
  });

  it("shows the public status page: number, date, lines, totals, city, state and country, and the timeline", async () => {
    const order = (await shop.running.gateway.services.orders.findByCartId(cartId))!;
    const { status, page, headers } = await loadPage(guest, statusUrl);
    expect(status).toBe(200);
    expect(headers.get("content-security-policy")).toContain("default-src 'none'");
    expect(page).toContain(`Order #${order.orderNumber}`);
    expect(page).toContain(new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" }).format(order.processedAt));
    expect(page).toContain(tee.productTitle);
    expect(page).toContain(sticker.productTitle);
    expect(page).toContain("$38.97"); // $24.99 + 2 × $6.99
    expect(page).toContain("$44.96");
    expect(page).toContain("Springfield, IL, United States");
    expect(page).not.toContain("1 Main St");
    expect(page).not.toContain("pat+shop@example.com");
    expect(page).not.toContain("Pat Doe");

    const reached = async () => [...(await loadPage(guest, statusUrl)).page.matchAll(/class="step done"[^>]*>[\s\S]*?step-label">([^<]+)</g)].map((m) => m[1]);
    expect(await reached()).toEqual(["Order Confirmed"]);
    expect(page).toContain("Pending");
    const orders = shop.database.db.updateTable("orders").where("id", "=", order.id);
    await orders.set({ fulfillment_status: "IN_PROGRESS" }).execute();
    expect(await reached()).toEqual(["Order Confirmed", "Processing"]);
    await orders.set({ fulfillment_status: "FULFILLED" }).execute();
    expect(await reached()).toEqual(["Order Confirmed", "Processing", "Shipped"]);
  });
});

describe("paying while signed in", () => {
  it("gives the order to the customer signed in at payment, and never by email alone", async () => {
    const password = "a long enough password";
    const browser = new BrowserSession(shop.url);
    await browser.register({ name: "Robin", email: "robin@example.com", password });
    await browser.login("robin@example.com", password);
    const customerId = (await shop.database.db.selectFrom("customers").select("id").where("email", "=", "robin@example.com").executeTakeFirstOrThrow()).id;
    const fetcher = (path: string, init?: RequestInit) => browser.fetch(path, init);

    // A cart made as a guest, paid while signed in, is the customer's.
    const mine = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const paid = await payWith(fetcher, await checkoutUrlOf(mine), { email: "robin.other@example.com" });
    expect(paid.status).toBe(303);
    expect((await shop.running.gateway.services.orders.findByCartId(mine))!.customerId).toBe(customerId);
    const listed = await browser.json("/api/customer/orders");
    expect(listed.status).toBe(200);
    expect(listed.body.map((o: any) => o.id)).toEqual([successParams(paid.location!).id]);

    // A guest using the customer's email does not make an order of theirs.
    const guestCart = await api.filled([{ variantId: sticker.id, quantity: 1 }]);
    await payWith(guest, await checkoutUrlOf(guestCart), { email: "robin@example.com" });
    expect((await shop.running.gateway.services.orders.findByCartId(guestCart))!.customerId).toBeNull();
    expect((await browser.json("/api/customer/orders")).body).toHaveLength(1);
  });
});
