import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, postForm } from "./support/checkout.js";
import { signedStripeEvent, STRIPE_TEST_KEYS } from "./support/fake-stripe.js";
import { printfulSignature, PRINTFUL_SIGNATURE_HEADER } from "../gateway/fulfillment/partners/printful-webhook.service.js";
import { CROSS_SITE_REFUSAL } from "../gateway/http/cross-site.js";

// A change a browser sends because another site's page told it to (a form posted to the shop's
// sign-out or checkout) is refused: Sec-Fetch-Site says cross-site, or Origin names another origin
// than PUBLIC_URL's. The shop's own pages, servers and command-line clients pass; GraphQL keeps its
// own CSRF prevention, and the webhooks partners sign are left alone.

const PUBLIC_URL = "http://127.0.0.1:3000";
const WEBHOOK_SECRET = "cross-site-test-webhook-secret";
const CROSS_SITE = { "sec-fetch-site": "cross-site", origin: "https://attacker.example" };
/** What a browser sends from another site's page when it sends only one of the two. */
const CROSS_SITE_HEADERS: [string, Record<string, string>][] = [
  ["Sec-Fetch-Site: cross-site with the attacker's Origin", CROSS_SITE],
  ["Sec-Fetch-Site: cross-site alone", { "sec-fetch-site": "cross-site" }],
  ["an Origin of another site alone", { origin: "https://attacker.example" }],
  ["an Origin of another port of the shop's host", { origin: "http://127.0.0.1:4000" }],
  ["the shop's host over https (another origin)", { origin: "https://127.0.0.1:3000" }],
];
const OWN_PAGE_HEADERS: [string, Record<string, string>][] = [
  ["neither header (a server, curl)", {}],
  ["Sec-Fetch-Site: same-origin with the shop's Origin", { "sec-fetch-site": "same-origin", origin: PUBLIC_URL }],
  ["Sec-Fetch-Site: same-origin with Origin: null (a form on a no-referrer page)", { "sec-fetch-site": "same-origin", origin: "null" }],
  ["Sec-Fetch-Site: none (typed by the user)", { "sec-fetch-site": "none" }],
  ["the shop's Origin alone", { origin: PUBLIC_URL }],
];

let shop: TestGateway;
let tee: TestVariant;

beforeAll(async () => {
  // Both webhook receivers routed, to show they are left alone.
  shop = await startTestGateway({
    publicUrl: PUBLIC_URL,
    fulfillmentPartner: "printful",
    printful: { apiUrl: "http://127.0.0.1:9/v2", apiToken: "token", webhookSecret: WEBHOOK_SECRET, variantsFile: null },
  });
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
});
afterAll(() => shop?.close());

async function signedIn(): Promise<BrowserSession> {
  const browser = new BrowserSession(shop.url);
  const email = `pat-${Math.random().toString(36).slice(2, 10)}@example.com`;
  expect((await browser.register({ name: "Pat", email, password: "a long enough password" })).status).toBe(201);
  expect((await browser.login(email, "a long enough password")).status).toBe(200);
  return browser;
}

describe("signing out", () => {
  it.each(CROSS_SITE_HEADERS)("is refused with 403 for %s, and the session lives on", async (_what, headers) => {
    const browser = await signedIn();
    const refused = await browser.json("/api/auth/logout", { method: "POST", headers });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: CROSS_SITE_REFUSAL });
    expect((await browser.json("/api/auth/session")).body.user).not.toBeNull();
  });

  it.each(OWN_PAGE_HEADERS)("works with %s", async (_what, headers) => {
    const browser = await signedIn();
    expect(await browser.json("/api/auth/logout", { method: "POST", headers })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await browser.json("/api/auth/session")).body.user).toBeNull();
  });
});

describe("the hosted checkout's Pay", () => {
  async function checkoutPage(): Promise<{ url: string; fields: Record<string, string> }> {
    const api = cartApi(shop);
    const cartId = await api.filled([{ variantId: tee.id, quantity: 1 }]);
    const url = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
    const { page } = await loadPage(guestFetcher(shop.url), url);
    return { url, fields: { ...formDefaults(page), ...guestDetails() } };
  }
  const withHeaders =
    (headers: Record<string, string>) =>
    (path: string, init?: RequestInit): Promise<Response> =>
      fetch(shop.url + path, { redirect: "manual", ...init, headers: { ...(init?.headers as Record<string, string>), ...headers } });

  it.each(CROSS_SITE_HEADERS)("is refused with 403 for %s: nothing charged, no order", async (_what, headers) => {
    const { url, fields } = await checkoutPage();
    const refused = await postForm(withHeaders(headers), url, fields);
    expect(refused.status).toBe(403);
    expect(JSON.parse(refused.page)).toEqual({ error: CROSS_SITE_REFUSAL });
    const token = new URL(url).pathname.split("/").pop()!;
    const cart = await shop.database.db.selectFrom("carts").select("id").where("checkout_token", "=", token).executeTakeFirstOrThrow();
    expect(await shop.database.db.selectFrom("orders").select("id").where("cart_id", "=", cart.id).execute()).toEqual([]);
    expect(await shop.database.db.selectFrom("payment_attempts").select("id").where("cart_id", "=", cart.id).execute()).toEqual([]);
  });

  it("takes the payment from the shop's own page: a form posted same-origin from a no-referrer page says Origin: null", async () => {
    const { url, fields } = await checkoutPage();
    const paid = await postForm(withHeaders({ "sec-fetch-site": "same-origin", origin: "null" }), url, fields);
    expect(paid.status).toBe(303);
    expect(paid.location).toMatch(/^http:\/\/127\.0\.0\.1:3000\/checkout-success\?/);
  });
});

describe("the rest of the API", () => {
  it("refuses cross-site PATCH and DELETE on a cart, changing nothing", async () => {
    const api = cartApi(shop);
    const cartId = await api.filled([{ variantId: tee.id, quantity: 2 }]);
    const lineId = (await api.get(cartId)).body.lines.edges[0].node.id;
    const path = `/api/cart/${encodeURIComponent(cartId)}/items/${encodeURIComponent(lineId)}`;
    const patched = await shop.rest(path, { method: "PATCH", headers: { "content-type": "application/json", ...CROSS_SITE }, body: JSON.stringify({ quantity: 9 }) });
    expect(patched).toMatchObject({ status: 403, body: { error: CROSS_SITE_REFUSAL } });
    expect((await shop.rest(path, { method: "DELETE", headers: CROSS_SITE })).status).toBe(403);
    expect((await api.get(cartId)).body.lines.edges.map((e: any) => e.node.quantity)).toEqual([2]);
  });

  it("answers reads to anyone: a GET is never refused as cross-site", async () => {
    expect((await shop.rest("/api/collections", { headers: CROSS_SITE })).status).toBe(200);
  });

  it("leaves GraphQL to its own CSRF prevention, and the signed webhooks alone", async () => {
    const graphql = await fetch(`${shop.url}/graphql`, { method: "POST", headers: { "content-type": "application/json", ...CROSS_SITE }, body: JSON.stringify({ query: "{ __typename }" }) });
    expect(graphql.status).toBe(200);
    const event = JSON.stringify({ type: "stock_updated", data: {} });
    const printful = await shop.rest("/api/webhooks/printful", { method: "POST", body: event, headers: { ...CROSS_SITE, [PRINTFUL_SIGNATURE_HEADER]: printfulSignature(WEBHOOK_SECRET, event) } });
    expect(printful).toMatchObject({ status: 200, body: { ok: true, result: "ignored" } });
  });
});

describe("Stripe's webhook", () => {
  let stripeShop: TestGateway;
  beforeAll(async () => {
    stripeShop = await startTestGateway({
      publicUrl: PUBLIC_URL,
      payments: { provider: "stripe", sessionMinutes: 60, stripe: { ...STRIPE_TEST_KEYS, apiVersion: null, apiUrl: new URL("http://127.0.0.1:9") } },
    });
  });
  afterAll(() => stripeShop?.close());

  it("is left alone: its signature proves the caller", async () => {
    const event = signedStripeEvent({ id: "evt_cross_site", type: "charge.succeeded", object: { id: "ch_1", object: "charge" } });
    const answer = await stripeShop.rest("/api/webhooks/stripe", { method: "POST", body: event.body, headers: { ...event.headers, ...CROSS_SITE } });
    expect(answer).toMatchObject({ status: 200, body: { received: true, result: "ignored" } });
  });
});
