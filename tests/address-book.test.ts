import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { behindLocalProxy, startTestGateway, type TestGateway } from "./support/gateway.js";
import { BrowserSession } from "./support/browser-session.js";

// The address book through GraphQL: the checkout form's checks, one default, the cap, and nobody
// reaching another customer's addresses.
let shop: TestGateway;
let alice: BrowserSession;
let bob: BrowserSession;
const password = "a long enough password";

const ADDRESS = "id name address1 address2 city province provinceCode postalCode country countryCode phone formatted isDefault";
const BOOK = `query { me { id addresses { ${ADDRESS} } defaultAddress { id } } }`;
const CREATE = `mutation($address: MailingAddressInput!, $setAsDefault: Boolean) {
  customerAddressCreate(address: $address, setAsDefault: $setAsDefault) { customerAddress { ${ADDRESS} } customer { addresses { id } } userErrors { code field message } } }`;
const UPDATE = `mutation($id: ID!, $address: MailingAddressInput!, $setAsDefault: Boolean) {
  customerAddressUpdate(id: $id, address: $address, setAsDefault: $setAsDefault) { customerAddress { ${ADDRESS} } userErrors { code field message } } }`;
const DELETE = `mutation($id: ID!) { customerAddressDelete(id: $id) { deletedCustomerAddressId customer { defaultAddress { id } } userErrors { code field message } } }`;
const MAKE_DEFAULT = `mutation($id: ID!) { customerDefaultAddressUpdate(addressId: $id) { customer { defaultAddress { id } addresses { id } } userErrors { code field message } } }`;

const illinois = { name: "Alice Doe", address1: "1 Main St", city: "Springfield", provinceCode: "US-IL", postalCode: "627019999", countryCode: "US" };
const ontario = { name: "Alice Doe", address1: "24 Sussex Dr", address2: "Unit 2", city: "Ottawa", provinceCode: "ON", postalCode: "k1a0b1", countryCode: "CA", phone: "+1 613 555 0100" };
const berlin = { name: "Alice Doe", address1: "Unter den Linden 1", city: "Berlin", postalCode: "10115", countryCode: "DE" };

async function book(who: BrowserSession) {
  const { data, errors } = await who.graphql(BOOK);
  expect(errors).toBeUndefined();
  return data.me as { id: string; addresses: any[]; defaultAddress: { id: string } | null };
}

async function create(who: BrowserSession, address: Record<string, unknown>, setAsDefault?: boolean) {
  const { data, errors } = await who.graphql(CREATE, { address, setAsDefault });
  expect(errors).toBeUndefined();
  return data.customerAddressCreate;
}

beforeAll(async () => {
  shop = await startTestGateway(behindLocalProxy());
  alice = new BrowserSession(shop.url);
  bob = new BrowserSession(shop.url);
  await alice.register({ name: "Alice", email: "alice@example.com", password });
  await bob.register({ name: "Bob", email: "bob@example.com", password });
  await alice.login("alice@example.com", password);
  await bob.login("bob@example.com", password);
}, 60_000);
afterAll(async () => {
  await shop?.close();
});

describe("the address book", () => {
  let first: string;
  let second: string;
  let third: string;

  it("starts empty, and a guest has none to ask for", async () => {
    expect(await book(alice)).toMatchObject({ addresses: [], defaultAddress: null });
    const guest = await new BrowserSession(shop.url).graphql(CREATE, { address: illinois });
    expect(guest.data.customerAddressCreate).toMatchObject({ customerAddress: null, userErrors: [{ code: "UNAUTHENTICATED" }] });
  });

  it("saves the first address as the default, normalised as it ships", async () => {
    const created = await create(alice, illinois);
    expect(created.userErrors).toEqual([]);
    expect(created.customerAddress).toMatchObject({
      name: "Alice Doe",
      address2: null,
      province: "Illinois",
      provinceCode: "IL",
      postalCode: "62701-9999",
      country: "United States",
      countryCode: "US",
      phone: null,
      isDefault: true,
      formatted: ["Alice Doe", "1 Main St", "Springfield, IL 62701-9999", "United States"],
    });
    first = created.customerAddress.id;
    expect((await book(alice)).defaultAddress).toEqual({ id: first });
  });

  it("lists the default first, then the newest; setAsDefault moves the default", async () => {
    const made = await create(alice, ontario);
    second = made.customerAddress.id;
    expect(made.customerAddress).toMatchObject({ isDefault: false, postalCode: "K1A 0B1", provinceCode: "ON", phone: "+1 613 555 0100" });
    const again = await create(alice, berlin, true);
    third = again.customerAddress.id;
    expect(again.customerAddress.isDefault).toBe(true);
    const { addresses, defaultAddress } = await book(alice);
    expect(addresses.map((a) => a.id)).toEqual([third, second, first]);
    expect(addresses.filter((a) => a.isDefault).map((a) => a.id)).toEqual([third]);
    expect(defaultAddress).toEqual({ id: third });
  });

  it("customerDefaultAddressUpdate makes another the default, one at a time", async () => {
    const { data } = await alice.graphql(MAKE_DEFAULT, { id: first });
    expect(data.customerDefaultAddressUpdate.userErrors).toEqual([]);
    expect(data.customerDefaultAddressUpdate.customer.defaultAddress).toEqual({ id: first });
    expect(data.customerDefaultAddressUpdate.customer.addresses.map((a: any) => a.id)).toEqual([first, third, second]);
    const rows = await shop.database.db.selectFrom("customer_addresses").select(["id"]).where("is_default", "=", true).execute();
    expect(rows.map((r) => r.id)).toEqual([first]);
  });

  it("refuses an invalid address with every field's error at its field, and saves nothing", async () => {
    const before = await book(alice);
    const refused = await create(alice, { name: " ", address1: "1 Main St", city: "Springfield", provinceCode: "CA-ON", postalCode: "1234", countryCode: "US", phone: "call me" });
    expect(refused.customerAddress).toBeNull();
    expect(refused.userErrors).toEqual([
      { code: "INVALID_INPUT", field: "address.name", message: "Enter your full name" },
      { code: "INVALID_INPUT", field: "address.provinceCode", message: "Choose a state of the United States (Ontario is in Canada)" },
      { code: "INVALID_INPUT", field: "address.postalCode", message: "Enter a ZIP code like 12345 or 12345-6789" },
      { code: "INVALID_INPUT", field: "address.phone", message: "Enter a phone number using digits, spaces, +, - and parentheses" },
    ]);
    const unknown = await create(alice, { ...berlin, countryCode: "XX" });
    expect(unknown.userErrors).toEqual([{ code: "INVALID_INPUT", field: "address.countryCode", message: "Choose a country from the list" }]);
    const changed = await alice.graphql(UPDATE, { id: second, address: { ...ontario, postalCode: "nope" }, setAsDefault: true });
    expect(changed.data.customerAddressUpdate.userErrors).toEqual([{ code: "INVALID_INPUT", field: "address.postalCode", message: "Enter a postal code like K1A 0B1" }]);
    expect(await book(alice)).toEqual(before);
  });

  it("updates every field of an address, keeping the default where it was unless asked", async () => {
    const { data } = await alice.graphql(UPDATE, { id: second, address: { ...ontario, address2: "", phone: null, city: "Toronto", postalCode: "M5V 2T6" } });
    expect(data.customerAddressUpdate.userErrors).toEqual([]);
    expect(data.customerAddressUpdate.customerAddress).toMatchObject({ id: second, city: "Toronto", address2: null, phone: null, isDefault: false });
    expect((await book(alice)).defaultAddress).toEqual({ id: first });
    const made = await alice.graphql(UPDATE, { id: second, address: ontario, setAsDefault: true });
    expect(made.data.customerAddressUpdate.customerAddress.isDefault).toBe(true);
    expect((await book(alice)).defaultAddress).toEqual({ id: second });
  });

  it("answers another customer's id, or a malformed one, as not found and touches nothing", async () => {
    const before = await book(alice);
    const tries = [
      bob.graphql(UPDATE, { id: first, address: berlin }),
      bob.graphql(DELETE, { id: first }),
      bob.graphql(MAKE_DEFAULT, { id: first }),
      alice.graphql(DELETE, { id: "not-an-id" }),
      alice.graphql(MAKE_DEFAULT, { id: "00000000-0000-4000-8000-000000000000" }),
    ];
    const [update, remove, makeDefault, malformed, unknown] = await Promise.all(tries);
    expect(update!.data.customerAddressUpdate).toEqual({ customerAddress: null, userErrors: [{ code: "NOT_FOUND", field: "id", message: "Address not found" }] });
    expect(remove!.data.customerAddressDelete.userErrors).toEqual([{ code: "NOT_FOUND", field: "id", message: "Address not found" }]);
    expect(makeDefault!.data.customerDefaultAddressUpdate.userErrors).toEqual([{ code: "NOT_FOUND", field: "addressId", message: "Address not found" }]);
    expect(malformed!.data.customerAddressDelete.userErrors[0].code).toBe("NOT_FOUND");
    expect(unknown!.data.customerDefaultAddressUpdate.userErrors[0].code).toBe("NOT_FOUND");
    expect(await book(alice)).toEqual(before);
    expect((await book(bob)).addresses).toEqual([]);
  });

  it("deleting the default makes the newest remaining address the default; the last leaves none", async () => {
    // second is the default; third is newer than first.
    const gone = await alice.graphql(DELETE, { id: second });
    expect(gone.data.customerAddressDelete).toMatchObject({ deletedCustomerAddressId: second, customer: { defaultAddress: { id: third } }, userErrors: [] });
    const notDefault = await alice.graphql(DELETE, { id: first });
    expect(notDefault.data.customerAddressDelete.customer.defaultAddress).toEqual({ id: third });
    const last = await alice.graphql(DELETE, { id: third });
    expect(last.data.customerAddressDelete.customer.defaultAddress).toBeNull();
    expect(await book(alice)).toMatchObject({ addresses: [], defaultAddress: null });
  });

  it("keeps at most 20 addresses per customer, even when asked at once", async () => {
    const made = await Promise.all(Array.from({ length: 22 }, (_, i) => bob.graphql(CREATE, { address: { ...berlin, name: `Bob ${i}` } })));
    const refused = made.map((r) => r.data.customerAddressCreate).filter((p) => p.customerAddress === null);
    expect(refused).toHaveLength(2);
    expect(refused[0].userErrors).toEqual([{ code: "CONFLICT", field: null, message: "You can keep up to 20 addresses. Delete one to add another." }]);
    const { addresses } = await book(bob);
    expect(addresses).toHaveLength(20);
    expect(addresses.filter((a) => a.isDefault)).toHaveLength(1);
  });

  it("goes with the account", async () => {
    const { id } = await book(bob);
    await shop.database.db.deleteFrom("customers").where("id", "=", id).execute();
    const left = await shop.database.db.selectFrom("customer_addresses").select("id").where("customer_id", "=", id).execute();
    expect(left).toEqual([]);
  });
});

describe("shippingCountries", () => {
  it("lists the checkout form's countries with their states and postal-code names", async () => {
    const { data } = await shop.graphql("{ shippingCountries { code name subdivisionLabel subdivisions { code name } postalCodeLabel postalCodeExample } }");
    const us = data.shippingCountries[0];
    expect(us).toMatchObject({ code: "US", name: "United States", subdivisionLabel: "state", postalCodeLabel: "ZIP code", postalCodeExample: "12345 or 12345-6789" });
    expect(us.subdivisions).toContainEqual({ code: "IL", name: "Illinois" });
    const ie = data.shippingCountries.find((c: any) => c.code === "IE");
    expect(ie).toMatchObject({ subdivisions: [], subdivisionLabel: null, postalCodeExample: null });
  });
});
