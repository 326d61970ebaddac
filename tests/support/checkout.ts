// The hosted checkout as a browser uses it: load the page, fill the form, post it form-encoded.

type Fetcher = (path: string, init?: RequestInit) => Promise<Response>;

const ENTITIES: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'" };
const unescape = (s: string) => s.replace(/&(amp|lt|gt|quot|#39);/g, (e) => ENTITIES[e]!);
const attr = (tag: string, name: string) => {
  const match = new RegExp(`\\s${name}="([^"]*)"`).exec(tag);
  return match ? unescape(match[1]!) : null;
};

/** The fields a browser would send for the page's form before the shopper types anything. */
export function formDefaults(page: string): Record<string, string> {
  const form = /<form[\s\S]*?<\/form>/.exec(page)?.[0];
  if (!form) throw new Error("the page has no form");
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attr(tag, "name");
    if (!name) continue;
    const type = attr(tag, "type") ?? "text";
    if ((type === "radio" || type === "checkbox") && !/\schecked\b/.test(tag)) continue;
    fields[name] = attr(tag, "value") ?? (type === "radio" ? "on" : "");
  }
  for (const [, open, body] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attr(open!, "name");
    const options = [...body!.matchAll(/<option\b([^>]*)>([^<]*)<\/option>/g)];
    const chosen = options.find(([, a]) => /\sselected\b/.test(a!)) ?? options[0];
    if (name && chosen) fields[name] = attr(chosen[1]!, "value") ?? unescape(chosen[2]!);
  }
  return fields;
}

/** The expiry a shopper would type for a card valid until next year. */
function futureExpiry(): string {
  const now = new Date();
  return `${String(now.getUTCMonth() + 1).padStart(2, "0")}/${String((now.getUTCFullYear() + 1) % 100).padStart(2, "0")}`;
}

/** What a guest types on the page (the test card that is approved): an address in Illinois. */
export function guestDetails(): Record<string, string> {
  return {
    email: "pat+shop@example.com",
    name: "Pat Doe",
    address: "1 Main St, Apt 2",
    city: "Springfield",
    postal_code: "12345",
    country: "United States",
    province: "US-IL",
    card_number: "4242 4242 4242 4242",
    expiry: futureExpiry(),
    cvc: "123",
  };
}

export interface Submission {
  status: number;
  location: string | null;
  page: string;
}

/** The store page behind an absolute checkout URL (the tests' PUBLIC_URL is not the test server's). */
export const pathOf = (url: string) => new URL(url).pathname;

export async function loadPage(fetcher: Fetcher, url: string): Promise<{ status: number; page: string; headers: Headers }> {
  const res = await fetcher(pathOf(url));
  return { status: res.status, page: await res.text(), headers: res.headers };
}

/** Posts fields as application/x-www-form-urlencoded, without following the redirect. */
export async function postForm(fetcher: Fetcher, url: string, fields: Record<string, string>): Promise<Submission> {
  const res = await fetcher(pathOf(url), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  });
  return { status: res.status, location: res.headers.get("location"), page: await res.text() };
}

/** Loads the checkout page, fills it like a shopper (overrides win) and presses Pay. */
export async function payWith(fetcher: Fetcher, checkoutUrl: string, overrides: Record<string, string> = {}): Promise<Submission> {
  const { page } = await loadPage(fetcher, checkoutUrl);
  return postForm(fetcher, checkoutUrl, { ...formDefaults(page), ...guestDetails(), ...overrides });
}

/** A plain fetch against a base URL, for guests. */
export const guestFetcher =
  (baseUrl: string): Fetcher =>
  (path, init) =>
    fetch(baseUrl + path, { redirect: "manual", ...init });

/** The text a page shows in an element with this id (tags stripped), or null. */
export function textOf(page: string, id: string): string | null {
  const match = new RegExp(`id="${id}"[^>]*>([\\s\\S]*?)</`).exec(page);
  return match ? unescape(match[1]!.replace(/<[^>]+>/g, "")).trim() : null;
}
