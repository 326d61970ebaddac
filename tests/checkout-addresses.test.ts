import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestGateway, type TestGateway } from "./support/gateway.js";
import { cartApi, variantsOf, type TestVariant } from "./support/cart.js";
import { formDefaults, guestDetails, guestFetcher, loadPage, pathOf, payWith, postForm } from "./support/checkout.js";
import { BrowserSession } from "./support/browser-session.js";

// "Signed in means known" at the hosted checkout: the email, the name and the default address
// filled in, the saved addresses offered, and "Save this address to my account" kept once the order
// is placed (never for a guest, never on a declined card). What is paid for is still the posted form,
// checked as a guest's is.
let shop: TestGateway;
let api: ReturnType<typeof cartApi>;
let tee: TestVariant;
const password = "a long enough password";

const CREATE = `mutation($address: MailingAddressInput!, $setAsDefault: Boolean) {
  customerAddressCreate(address: $address, setAsDefault: $setAsDefault) { customerAddress { id } userErrors { message } } }`;
const home = { name: "Sam Home", address1: "1 Main St", city: "Springfield", provinceCode: "US-IL", postalCode: "62701", countryCode: "US", phone: "555 010 0100" };
const work = { name: "Sam Work", address1: "Unter den Linden 1", address2: "3. OG", city: "Berlin", postalCode: "10115", countryCode: "DE" };
const card = () => {
  const { card_number, expiry, cvc } = guestDetails();
  return { card_number: card_number!, expiry: expiry!, cvc: cvc! };
};

async function signedIn(name: string, email: string) {
  const browser = new BrowserSession(shop.url);
  await browser.register({ name, email, password });
  await browser.login(email, password);
  const id = (await shop.database.db.selectFrom("customers").select("id").where("email", "=", email).executeTakeFirstOrThrow()).id;
  const fetcher = (path: string, init?: RequestInit) => browser.fetch(path, init);
  const save = async (address: Record<string, unknown>, setAsDefault = false) => {
    const { data } = await browser.graphql(CREATE, { address, setAsDefault });
    return data.customerAddressCreate.customerAddress.id as string;
  };
  return { browser, id, fetcher, save };
}

/** The checkout page with a query (loadPage keeps only the path). */
async function loadWithQuery(fetcher: (path: string, init?: RequestInit) => Promise<Response>, url: string, query: string) {
  const res = await fetcher(`${pathOf(url)}${query}`);
  return { status: res.status, page: await res.text() };
}
const newCheckout = async () => (await api.checkoutUrl(await api.filled([{ variantId: tee.id, quantity: 1 }]))).body.checkoutUrl as string;
const savedOf = (customerId: string) =>
  shop.database.db.selectFrom("customer_addresses").select(["name", "city", "postal_code", "is_default"]).where("customer_id", "=", customerId).orderBy("created_at").execute();

beforeAll(async () => {
  shop = await startTestGateway();
  api = cartApi(shop);
  tee = (await variantsOf(shop, "i-survived-the-subcommittee-tee"))[0]!;
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

describe("a guest's checkout", () => {
  it("fills nothing in and offers neither saved addresses nor saving", async () => {
    const { page } = await loadPage(guestFetcher(shop.url), await newCheckout());
    expect(formDefaults(page)).toMatchObject({ email: "", name: "", address: "", country: "United States" });
    expect(page).not.toContain("Your saved addresses");
    expect(page).not.toContain('name="save_address"');
  });

  it("never saves an address for a guest, whatever the form says", async () => {
    const paid = await payWith(guestFetcher(shop.url), await newCheckout(), { save_address: "1" });
    expect(paid.status).toBe(303);
    expect(await shop.database.db.selectFrom("customer_addresses").select("id").execute()).toEqual([]);
  });
});

describe("a signed-in customer's checkout", () => {
  it("fills in the email and the name when the address book is empty, and offers to save the address", async () => {
    const { fetcher } = await signedIn("Sam Empty", "sam.empty@example.com");
    const { page } = await loadPage(fetcher, await newCheckout());
    expect(formDefaults(page)).toMatchObject({ email: "sam.empty@example.com", name: "Sam Empty", address: "", city: "" });
    expect(page).not.toContain("Your saved addresses");
    expect(page).toMatch(/<input type="checkbox" id="f-save_address" name="save_address" value="1" aria-describedby="f-save_address-hint">\s*<label for="f-save_address">Save this address to my account<\/label>/);
  });

  it("fills in the default address and offers every saved one; ?address= picks another, only of the customer's own", async () => {
    const sam = await signedIn("Sam", "sam@example.com");
    const homeId = await sam.save(home);
    const workId = await sam.save(work);
    const url = await newCheckout();

    const { page } = await loadPage(sam.fetcher, url);
    expect(formDefaults(page)).toMatchObject({
      email: "sam@example.com",
      name: "Sam Home",
      address: "1 Main St",
      address2: "",
      city: "Springfield",
      postal_code: "62701",
      country: "United States",
      province: "US-IL",
      phone: "555 010 0100",
    });
    expect(page).toContain("Your saved addresses");
    expect(page).toContain(`href="?address=${homeId}"`);
    expect(page).toContain(`href="?address=${workId}"`);
    expect(page).toMatch(new RegExp(`href="\\?address=${homeId}"[^>]*aria-current="true"><span class="use-label">Shipping here</span><span class="sr-only">: Sam Home, 1 Main St, Springfield, IL 62701</span></a>`));
    expect(page).toContain('<span class="badge">Default</span>');

    const picked = await loadWithQuery(sam.fetcher, url, `?address=${workId}`);
    expect(formDefaults(picked.page)).toMatchObject({ name: "Sam Work", address: "Unter den Linden 1", address2: "3. OG", city: "Berlin", postal_code: "10115", country: "Germany", province: "", phone: "" });
    expect(picked.page).not.toContain("not in your address book");

    // Someone else's address, or no address at all: the default is filled in, and the page says so.
    const other = await signedIn("Kim", "kim@example.com");
    const kimsId = await other.save({ ...work, name: "Kim Secret" });
    for (const wanted of [kimsId, "not-an-id"]) {
      const refused = await loadWithQuery(sam.fetcher, url, `?address=${wanted}`);
      expect(refused.status).toBe(200);
      expect(formDefaults(refused.page)).toMatchObject({ name: "Sam Home", city: "Springfield" });
      expect(refused.page).toContain("That address is not in your address book. Your default address is filled in instead.");
      expect(refused.page).not.toContain("Kim Secret");
    }
    // A guest asking for a saved address gets an empty form.
    const asGuest = await loadWithQuery(guestFetcher(shop.url), url, `?address=${homeId}`);
    expect(formDefaults(asGuest.page)).toMatchObject({ name: "", address: "" });
    expect(asGuest.page).not.toContain("Sam Home");
  });

  it("pays with the address filled in, checked as any: a saved address that no longer passes is refused at its field", async () => {
    const sam = await signedIn("Sam Pays", "sam.pays@example.com");
    await sam.save(home);
    const url = await newCheckout();
    const { page } = await loadPage(sam.fetcher, url);
    const wrong = await postForm(sam.fetcher, url, { ...formDefaults(page), ...card(), postal_code: "1" });
    expect(wrong.status).toBe(400);
    expect(wrong.page).toContain("Enter a ZIP code like 12345 or 12345-6789");
    // The page drawn again still offers the saved addresses.
    expect(wrong.page).toContain("Your saved addresses");

    const paid = await postForm(sam.fetcher, url, { ...formDefaults(page), ...card() });
    expect(paid.status).toBe(303);
    const order = (await shop.database.db.selectFrom("orders").select(["id", "customer_id", "email", "shipping_name", "shipping_postal_code", "shipping_province_code"]).where("email", "=", "sam.pays@example.com").executeTakeFirstOrThrow());
    expect(order).toMatchObject({ customer_id: sam.id, shipping_name: "Sam Home", shipping_postal_code: "62701", shipping_province_code: "IL" });
  });

  it("saves a new address once the order is placed: not on a declined card, not twice", async () => {
    const sam = await signedIn("Sam Saves", "sam.saves@example.com");
    const url = await newCheckout();
    const typed = { ...guestDetails(), email: "sam.saves@example.com", name: "Sam Saves", save_address: "1" };

    const { page } = await loadPage(sam.fetcher, url);
    const declined = await postForm(sam.fetcher, url, { ...formDefaults(page), ...typed, card_number: "4000 0000 0000 0002" });
    expect(declined.status).toBe(402);
    expect(await savedOf(sam.id)).toEqual([]);
    // The tick is kept on the page drawn again, as everything else typed.
    expect(formDefaults(declined.page)).toMatchObject({ save_address: "1", name: "Sam Saves" });

    const paid = await postForm(sam.fetcher, url, { ...formDefaults(declined.page), ...typed });
    expect(paid.status).toBe(303);
    expect(await savedOf(sam.id)).toEqual([{ name: "Sam Saves", city: "Springfield", postal_code: "12345", is_default: true }]);

    // The same address ticked again is not saved twice; an unticked new one is not saved.
    const again = await newCheckout();
    expect((await postForm(sam.fetcher, again, { ...formDefaults((await loadPage(sam.fetcher, again)).page), ...typed })).status).toBe(303);
    const other = await newCheckout();
    expect((await postForm(sam.fetcher, other, { ...formDefaults((await loadPage(sam.fetcher, other)).page), ...typed, city: "Chicago", save_address: "" })).status).toBe(303);
    expect(await savedOf(sam.id)).toHaveLength(1);

    // A second address saved at checkout is not the default.
    const third = await newCheckout();
    expect((await postForm(sam.fetcher, third, { ...formDefaults((await loadPage(sam.fetcher, third)).page), ...typed, city: "Peoria", postal_code: "61602" })).status).toBe(303);
    expect(await savedOf(sam.id)).toEqual([
      { name: "Sam Saves", city: "Springfield", postal_code: "12345", is_default: true },
      { name: "Sam Saves", city: "Peoria", postal_code: "61602", is_default: false },
    ]);
  });

  it("does not offer saving to a full address book, and a full book keeps what it has", async () => {
    const sam = await signedIn("Sam Full", "sam.full@example.com");
    for (let i = 0; i < 20; i += 1) await sam.save({ ...work, name: `Sam ${i}` });
    const url = await newCheckout();
    const { page } = await loadPage(sam.fetcher, url);
    expect(page).not.toContain('name="save_address"');
    const paid = await postForm(sam.fetcher, url, { ...formDefaults(page), ...card(), city: "Potsdam", postal_code: "14467", save_address: "1" });
    expect(paid.status).toBe(303);
    expect(await savedOf(sam.id)).toHaveLength(20);
  });
});
