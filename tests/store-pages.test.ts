import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { guestFetcher, loadPage, payWith, postForm, formDefaults, textOf, type Submission } from "./support/checkout.js";
import { checkoutPage } from "../gateway/checkout/pages/checkout.view.js";
import { STORE_CSS, STORE_CSS_PATH } from "../gateway/checkout/pages/store.css.js";
import { STORE_SCRIPT, STORE_SCRIPT_PATH } from "../gateway/checkout/pages/store.script.js";
import { CARD_MESSAGES } from "../gateway/checkout/card.js";

// The store's own pages (hosted checkout, its message pages, the order status page) in the
// storefront's look: its header, a way back to the cart, what the Pay button charges, the shop's
// policies and the cards it takes under it, the test provider's banner, and one script of the
// shop's own that the pages' CSP allows (its behaviour in Chromium: tests/e2e/store-pages.test.ts).
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let guest: ReturnType<typeof guestFetcher>;
let tee: TestVariant;

const checkoutUrlOf = async (cartId: string) => (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
const newCheckout = async (quantity = 1) => checkoutUrlOf(await api.filled([{ variantId: tee.id, quantity }]));

/** Every <script> element of a page: its attributes and text. */
const scriptsOf = (page: string) => [...page.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)].map(([, attributes, text]) => ({ attributes: attributes!.trim(), text: text! }));
/** The Pay button's labels: [method, text, shown before any choice]. */
const payLabels = (page: string) =>
  [...(/<button class="button pay"[^>]*>([\s\S]*?)<\/button>/.exec(page)?.[1] ?? "").matchAll(/<span class="pay-label( chosen)?" data-shipping="([a-z]+)">([^<]*)<\/span>/g)].map(
    ([, chosen, method, text]) => [method, text, Boolean(chosen)],
  );
/** The part of a page after its Pay button. */
const afterPay = (page: string) => page.slice(page.indexOf('<button class="button pay"'));

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  guest = guestFetcher(shop.url);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(async () => {
  await shop?.close();
});

describe("the checkout page in the shop's look", () => {
  it("has the shop's header linking home, ← Cart, and under Pay the cards taken and the returns, privacy and contact pages", async () => {
    const { page } = await loadPage(guest, await newCheckout());
    const header = /<header class="store-header">([\s\S]*?)<\/header>/.exec(page)?.[1] ?? "";
    expect(header).toMatch(/<a class="brand" href="\/" aria-label="Satire Supply Co\. home"><svg class="brand-mark"[^>]*aria-hidden="true"/);
    expect(header).toContain('<span class="brand-name">Satire Supply Co.</span>');
    expect(header).toContain("Secure checkout");

    // ← Cart, before the heading, named for a screen reader as what it does.
    const back = /<a class="back" href="\/cart">([\s\S]*?)<\/a>/.exec(page);
    expect(back?.[1]).toBe('<span aria-hidden="true">←</span> <span class="sr-only">Back to </span>Cart');
    expect(page.indexOf('class="back"')).toBeLessThan(page.indexOf("<h1>Checkout</h1>"));

    const below = afterPay(page);
    expect(below.slice(0, below.indexOf("</form>"))).toMatch(/<a href="\/returns">Returns<\/a>[\s\S]*<a href="\/privacy">Privacy Policy<\/a>[\s\S]*<a href="\/contact">Contact Us<\/a>/);
    const cards = [...below.matchAll(/<svg class="card-mark"[^>]*role="img" aria-label="([^"]+)"[^>]*><title>([^<]+)<\/title>/g)].map((m) => [m[1], m[2]]);
    expect(cards).toEqual([
      ["Visa", "Visa"],
      ["Mastercard", "Mastercard"],
      ["American Express", "American Express"],
      ["Discover", "Discover"],
    ]);
    expect(below).toMatch(/<span id="accepted-cards">We accept<\/span>\s*<ul class="cards" aria-labelledby="accepted-cards">/);
  });

  it("is marked as a test page from the top in test mode, with the cards to use", async () => {
    const { page } = await loadPage(guest, await newCheckout());
    const banner = /<div class="test-banner" role="note" aria-label="Test mode">([\s\S]*?)<\/div>/.exec(page)?.[1];
    expect(banner).toContain("<strong>Test mode</strong>This is a test checkout: no money moves.");
    expect(banner).toContain("4242 4242 4242 4242");
    expect(page.indexOf('class="test-banner"')).toBeLessThan(page.indexOf('<main id="main">'));
  });

  it("with Stripe, says the shopper pays on Stripe's page, asks for no card and carries no test banner", async () => {
    const view = await shop.running.gateway.services.checkout.view(new URL(await newCheckout()).pathname.split("/").pop()!);
    if (view.kind !== "open") throw new Error(`the checkout is ${view.kind}`);
    const page = checkoutPage({ summary: { ...view.summary, testMode: false }, values: {}, errors: {}, notice: null, printWarnings: new Map() });
    expect(page).toContain("You will pay on Stripe's secure page: your card details never reach this shop.");
    expect(page).not.toContain("test-banner");
    expect(page).not.toContain('name="card_number"');
    expect(payLabels(page)).toEqual([
      ["standard", "Pay $30.98", true],
      ["expedited", "Pay $39.98", false],
    ]);
    expect(afterPay(page)).toContain('aria-label="American Express"');
    expect(afterPay(page)).toContain('<a href="/returns">Returns</a>');
  });

  it("names in the Pay button the total with each shipping method, the chosen one shown", async () => {
    const url = await newCheckout();
    // $24.99 + $5.99 Standard, or + $14.99 Expedited.
    expect(payLabels((await loadPage(guest, url)).page)).toEqual([
      ["standard", "Pay $30.98", true],
      ["expedited", "Pay $39.98", false],
    ]);
    // The page drawn again after a refusal keeps the method chosen, and so does its button.
    const refused = await payWith(guest, url, { shipping: "expedited", email: "" });
    expect(refused.status).toBe(400);
    expect(payLabels(refused.page)).toEqual([
      ["standard", "Pay $30.98", false],
      ["expedited", "Pay $39.98", true],
    ]);
    // Free Standard shipping at $75: 4 × $24.99 = $99.96.
    expect(payLabels((await loadPage(guest, await newCheckout(4))).page)).toEqual([
      ["standard", "Pay $99.96", true],
      ["expedited", "Pay $114.95", false],
    ]);
  });

  it("shows only the chosen method's label, by the stylesheet (no script needed), whatever the browser supports", () => {
    expect(STORE_CSS).toMatch(/\.pay-label \{ display: none; \}\n\.pay-label\.chosen \{ display: inline; \}/);
    const supported = /@supports selector\(:has\(a\)\) \{([\s\S]*?)\n\}/.exec(STORE_CSS)?.[1] ?? "";
    expect(supported).toContain(".pay-label.chosen { display: none; }");
    for (const method of ["standard", "expedited"]) {
      expect(supported).toContain(`body:has(#shipping-${method}:checked) .pay-label[data-shipping="${method}"] { display: inline; }`);
      expect(supported).toContain(`body:has(#shipping-${method}:checked) [data-shipping]:not([data-shipping="${method}"]) { display: none; }`);
    }
  });

  it("carries the server's own words for a field left empty or an email that is not one, for the script to say before Pay", async () => {
    const url = await newCheckout();
    const { page } = await loadPage(guest, url);
    const attribute = (id: string, name: string) => new RegExp(`<(?:input|select) id="${id}"[^>]*\\s${name}="([^"]*)"`).exec(page)?.[1];
    const empty: Submission = await postForm(guest, url, { ...formDefaults(page), email: "", name: "", address: "", city: "", postal_code: "", province: "" });
    for (const id of ["f-email", "f-name", "f-address", "f-city", "f-postal_code"]) {
      expect(attribute(id, "data-missing"), id).toBe(textOf(empty.page, `${id}-error`));
    }
    expect(attribute("f-address2", "data-missing")).toBeUndefined();
    expect(attribute("f-phone", "data-missing")).toBeUndefined();
    const malformed = await payWith(guest, url, { email: "pat@example" });
    expect(attribute("f-email", "data-malformed")).toBe(textOf(malformed.page, "f-email-error"));
    // The state a country with a list needs, per country.
    expect(page).toContain('<option selected data-province-missing="Choose a state">United States</option>');
    expect(textOf(empty.page, "f-province-error")).toBe("Choose a state");
    expect(page).toMatch(/<option data-province-missing="Choose a province or territory">Canada<\/option>/);
    expect(page).toMatch(/<option>Germany<\/option>/);
    // The card checks' words are the server's (card.ts).
    expect(STORE_SCRIPT).toContain(JSON.stringify(CARD_MESSAGES));
  });
});

describe("the store pages' one script", () => {
  it("is the only script, a file of the shop's own in <head> before the stylesheet, on every store page", async () => {
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const url = await checkoutUrlOf(cartId);
    const paid = await payWith(guest, url);
    const statusUrl = new URL(paid.location!).searchParams.get("order_status_url")!;
    const pages = [
      await loadPage(guest, await newCheckout()),
      await loadPage(guest, url), // already paid
      await loadPage(guest, statusUrl),
      await loadPage(guest, "http://x/store/checkout/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA"), // not found
      await loadPage(guest, "http://x/store/elsewhere"),
    ];
    for (const { page } of pages) {
      expect(scriptsOf(page)).toEqual([{ attributes: `src="${STORE_SCRIPT_PATH}"`, text: "" }]);
      const head = page.slice(0, page.indexOf("</head>"));
      expect(head.indexOf(`<script src="${STORE_SCRIPT_PATH}">`)).toBeGreaterThan(0);
      expect(head.indexOf(`<script src="${STORE_SCRIPT_PATH}">`)).toBeLessThan(head.indexOf(`<link rel="stylesheet" href="${STORE_CSS_PATH}">`));
      expect(page).toContain('<a class="brand" href="/" aria-label="Satire Supply Co. home">');
      expect(page).not.toMatch(/\sstyle=|\son[a-z]+=/i);
    }
    expect(pages[2]!.page).toContain('<span class="header-note">Order status</span>');
    expect(pages[2]!.page).not.toContain("test-banner");
  });

  it("is served as JavaScript, cached for good under its content's name, and allowed by the pages' policy (scripts from the shop only)", async () => {
    expect(STORE_SCRIPT_PATH).toMatch(/^\/store\/assets\/store-[0-9a-f]{10}\.js$/);
    const res = await guest(STORE_SCRIPT_PATH);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/javascript; charset=utf-8");
    expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(await res.text()).toBe(STORE_SCRIPT);
    expect(() => new Function(STORE_SCRIPT)).not.toThrow();

    const { headers } = await loadPage(guest, await newCheckout());
    const policy = Object.fromEntries(
      headers
        .get("content-security-policy")!
        .split(";")
        .map((directive) => directive.trim().split(/\s+/))
        .map(([name, ...sources]) => [name, sources.join(" ")]),
    );
    expect(policy).toEqual({
      "default-src": "'none'",
      "script-src": "'self'",
      "style-src": "'self'",
      "img-src": "'self' data:",
      "form-action": "'self' http://127.0.0.1:3000",
      "base-uri": "'none'",
      "frame-ancestors": "'none'",
    });
  });
});
