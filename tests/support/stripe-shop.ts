// A gateway taking payments through Stripe, with the fake Stripe (fake-stripe.ts) behind STRIPE_API_URL
// and a recording proxy in front (card-scan.ts): the tests and the fake's webhooks reach the shop
// through the proxy, so every body the gateway received can be read afterwards.
import type { Config } from "../../gateway/config.js";
import { startTestGateway, type TestGateway } from "./gateway.js";
import { startFakeStripe, STRIPE_TEST_KEYS, type FakeStripe } from "./fake-stripe.js";
import { startRecordingProxy, type RecordingProxy } from "./card-scan.js";
import { cartApi } from "./cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, pathOf, postForm, type Submission } from "./checkout.js";
import type { TestDatabase } from "./database.js";

export interface StripeShop {
  fake: FakeStripe;
  shop: TestGateway;
  proxy: RecordingProxy;
  /** The cart API, through the proxy. */
  api: ReturnType<typeof cartApi>;
  /** A guest's browser, through the proxy. */
  guest: ReturnType<typeof guestFetcher>;
  /** A filled cart, its checkout page and the form a shopper would post (no card fields: Stripe's page takes the card). */
  readyCart(items: { variantId: string; quantity: number; customAttributes?: { key: string; value: string }[] }[]): Promise<{ cartId: string; url: string; token: string; form: Record<string, string> }>;
  /** Presses Pay on the checkout page. */
  pay(url: string, form: Record<string, string>): Promise<Submission>;
  /** The browser sent back by Stripe to this address (the shop's return page), not following the shop's redirect. */
  returnTo(address: string): Promise<Submission>;
  close(): Promise<void>;
}

/** The payment settings of a gateway using the fake Stripe. */
function stripePayments(fake: FakeStripe, overrides: { sessionMinutes?: number; apiVersion?: string | null } = {}): Config["payments"] {
  return {
    provider: "stripe",
    sessionMinutes: overrides.sessionMinutes ?? 60,
    stripe: { ...STRIPE_TEST_KEYS, apiVersion: overrides.apiVersion ?? null, apiUrl: new URL(fake.url) },
  };
}

/** What a guest types on the checkout page in Stripe mode: the address, never a card. */
export function stripeGuestDetails(): Record<string, string> {
  const { card_number: _card, expiry: _expiry, cvc: _cvc, ...details } = guestDetails();
  return details;
}

export async function startStripeShop(overrides: Partial<Config> = {}, database?: TestDatabase): Promise<StripeShop> {
  const fake = await startFakeStripe();
  const shop = await startTestGateway({ payments: stripePayments(fake), ...overrides }, database);
  const proxy = await startRecordingProxy(shop.url);
  fake.webhookUrl = `${proxy.url}/api/webhooks/stripe`;
  const viaProxy: TestGateway = {
    ...shop,
    url: proxy.url,
    async rest(pathAndQuery, init) {
      const res = await fetch(proxy.url + pathAndQuery, init);
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: res.headers.get("content-type")?.includes("json") ? JSON.parse(text) : text };
    },
  };
  const api = cartApi(viaProxy);
  const guest = guestFetcher(proxy.url);
  return {
    fake,
    shop,
    proxy,
    api,
    guest,
    async readyCart(items) {
      const cartId = await api.filled(items);
      const url = (await api.checkoutUrl(cartId)).body.checkoutUrl as string;
      const { page } = await loadPage(guest, url);
      return { cartId, url, token: new URL(url).pathname.split("/").pop()!, form: { ...formDefaults(page), ...stripeGuestDetails() } };
    },
    pay: (url, form) => postForm(guest, url, form),
    async returnTo(address) {
      const res = await guest(`${pathOf(address)}${new URL(address).search}`);
      return { status: res.status, location: res.headers.get("location"), page: await res.text() };
    },
    async close() {
      await fake.idle();
      await proxy.close();
      await shop.close();
      await fake.close();
    },
  };
}
