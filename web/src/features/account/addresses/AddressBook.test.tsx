import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockClient } from "../../../../tests/mockClient";
import { renderScreen } from "../../../../tests/render";
import { AddressBook } from "./AddressBook";

const countries = [
  {
    __typename: "ShippingCountry",
    code: "US",
    name: "United States",
    subdivisionLabel: "state",
    subdivisions: [{ __typename: "ShippingSubdivision", code: "IL", name: "Illinois" }],
    postalCodeLabel: "ZIP code",
    postalCodeExample: "12345 or 12345-6789",
  },
  {
    __typename: "ShippingCountry",
    code: "CA",
    name: "Canada",
    subdivisionLabel: "province or territory",
    subdivisions: [{ __typename: "ShippingSubdivision", code: "ON", name: "Ontario" }],
    postalCodeLabel: "postal code",
    postalCodeExample: "K1A 0B1",
  },
  { __typename: "ShippingCountry", code: "DE", name: "Germany", subdivisionLabel: null, subdivisions: [], postalCodeLabel: "postal code", postalCodeExample: "10115" },
];

const address = (id: string, name: string, isDefault: boolean) => ({
  __typename: "MailingAddress",
  id,
  name,
  address1: "1 Main St",
  address2: null,
  city: "Springfield",
  province: "Illinois",
  provinceCode: "IL",
  postalCode: "62701",
  country: "United States",
  countryCode: "US",
  phone: null,
  formatted: [name, "1 Main St", "Springfield, IL 62701", "United States"],
  isDefault,
});
const home = address("a-1", "Ada Home", true);
const work = address("a-2", "Ada Work", false);
const book = (addresses: unknown[]) => ({ data: { me: { __typename: "Customer", id: "c-1", addresses }, shippingCountries: countries } });
const customer = (addresses: unknown[]) => ({ __typename: "Customer", id: "c-1", addresses });
const errors = (list: { field: string | null; message: string; code?: string }[]) => list.map((e) => ({ __typename: "UserError", code: "INVALID_INPUT", ...e }));

const type = (input: HTMLElement, value: string) => fireEvent.change(input, { target: { value } });
const enabled = async (button: HTMLElement) => waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));

describe("the address book on /account", () => {
  it("shows its loading state, then says when there is nothing saved", async () => {
    const { client } = mockClient({ AccountAddresses: () => book([]) });
    renderScreen(<AddressBook />, { client });
    expect(screen.getByRole("status", { name: "Loading your addresses" })).toBeTruthy();
    expect(await screen.findByText("No saved addresses yet")).toBeTruthy();
  });

  it("says when the addresses cannot be loaded, and tries again", async () => {
    let tries = 0;
    const { client } = mockClient({ AccountAddresses: () => (++tries === 1 ? new Error("offline") : book([home])) });
    renderScreen(<AddressBook />, { client });
    fireEvent.click(await screen.findByRole("button", { name: "Try Again" }));
    expect(await screen.findByText("Ada Home")).toBeTruthy();
  });

  it("adds an address with the country's own state list, showing the gateway's messages at their fields", async () => {
    let attempt = 0;
    const { client, calls } = mockClient({
      AccountAddresses: () => book([]),
      CreateAddress: () =>
        ++attempt === 1
          ? { data: { customerAddressCreate: { __typename: "CustomerAddressCreatePayload", customerAddress: null, customer: null, userErrors: errors([{ field: "address.postalCode", message: "Enter a postal code like K1A 0B1" }, { field: "address.provinceCode", message: "Choose a province or territory" }]) } } }
          : { data: { customerAddressCreate: { __typename: "CustomerAddressCreatePayload", customerAddress: { __typename: "MailingAddress", id: "a-9" }, customer: customer([{ ...home, id: "a-9", name: "Ada Ottawa", formatted: ["Ada Ottawa", "24 Sussex Dr", "Ottawa ON K1A 0B1", "Canada"] }]), userErrors: [] } } },
    });
    renderScreen(<AddressBook />, { client });
    fireEvent.click(await screen.findByRole("button", { name: "Add an address" }));
    const form = screen.getByRole("form", { name: "Add an address" });
    // The United States first: its states, and its ZIP code's example.
    expect(within(form).getByLabelText("State")).toBeTruthy();
    expect(within(form).getByText("For example 12345 or 12345-6789")).toBeTruthy();
    fireEvent.change(within(form).getByLabelText("Country"), { target: { value: "DE" } });
    expect(within(form).queryByLabelText("State")).toBeNull();
    fireEvent.change(within(form).getByLabelText("Country"), { target: { value: "CA" } });
    expect(within(form).getByLabelText("Province or territory")).toBeTruthy();

    type(within(form).getByLabelText("Full name"), "Ada Ottawa");
    type(within(form).getByLabelText("Address"), "24 Sussex Dr");
    type(within(form).getByLabelText("City"), "Ottawa");
    type(within(form).getByLabelText("Postal code"), "nope");
    fireEvent.click(within(form).getByRole("button", { name: "Save address" }));
    expect(await within(form).findByText("Enter a postal code like K1A 0B1")).toBeTruthy();
    expect(within(form).getByText("Choose a province or territory")).toBeTruthy();
    expect(within(form).getByLabelText("Postal code").getAttribute("aria-invalid")).toBe("true");

    fireEvent.change(within(form).getByLabelText("Province or territory"), { target: { value: "ON" } });
    type(within(form).getByLabelText("Postal code"), "K1A 0B1");
    fireEvent.click(within(form).getByLabelText("Make this my default address"));
    const save = within(form).getByRole("button", { name: "Save address" });
    await enabled(save);
    fireEvent.click(save);
    expect(await screen.findByText("Ada Ottawa")).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Add an address" })).toBeNull();
    expect(calls.filter((c) => c.operation === "CreateAddress").at(-1)?.variables).toEqual({
      address: { name: "Ada Ottawa", address1: "24 Sussex Dr", address2: "", city: "Ottawa", provinceCode: "ON", postalCode: "K1A 0B1", countryCode: "CA", phone: "" },
      setAsDefault: true,
    });
  });

  it("lists the default first with its badge, edits an address with its fields filled in, and makes another the default", async () => {
    const { client, calls } = mockClient({
      AccountAddresses: () => book([home, work]),
      UpdateAddress: (v) => ({ data: { customerAddressUpdate: { __typename: "CustomerAddressUpdatePayload", customerAddress: { __typename: "MailingAddress", id: v.id }, customer: customer([home, { ...work, city: "Chicago", formatted: ["Ada Work", "1 Main St", "Chicago, IL 62701", "United States"] }]), userErrors: [] } } }),
      MakeDefaultAddress: () => ({ data: { customerDefaultAddressUpdate: { __typename: "CustomerDefaultAddressUpdatePayload", customer: customer([{ ...work, isDefault: true }, { ...home, isDefault: false }]), userErrors: [] } } }),
    });
    renderScreen(<AddressBook />, { client });
    const list = await screen.findByRole("list", { name: "Saved addresses" });
    const items = within(list).getAllByRole("listitem");
    expect(items.map((i) => within(i).queryByText("Default") !== null)).toEqual([true, false]);
    expect(within(items[0]!).queryByRole("button", { name: /Make .* the default/ })).toBeNull();

    fireEvent.click(screen.getByRole("button", { name: "Edit Ada Work, 1 Main St" }));
    const form = screen.getByRole("form", { name: "Edit address" });
    expect((within(form).getByLabelText("Full name") as HTMLInputElement).value).toBe("Ada Work");
    expect((within(form).getByLabelText("State") as HTMLSelectElement).value).toBe("IL");
    type(within(form).getByLabelText("City"), "Chicago");
    fireEvent.click(within(form).getByRole("button", { name: "Save changes" }));
    expect(await screen.findByText("Chicago, IL 62701")).toBeTruthy();
    expect(calls.find((c) => c.operation === "UpdateAddress")?.variables).toMatchObject({ id: "a-2", address: { city: "Chicago", provinceCode: "IL", countryCode: "US" }, setAsDefault: false });

    fireEvent.click(screen.getByRole("button", { name: "Make Ada Work, 1 Main St the default" }));
    await waitFor(() => expect(within(screen.getByRole("list", { name: "Saved addresses" })).getAllByRole("listitem")[0]!.textContent).toContain("Ada Work"));
    expect(calls.find((c) => c.operation === "MakeDefaultAddress")?.variables).toEqual({ addressId: "a-2" });
  });

  it("deletes an address only once confirmed", async () => {
    const { client, calls } = mockClient({
      AccountAddresses: () => book([home, work]),
      DeleteAddress: (v) => ({ data: { customerAddressDelete: { __typename: "CustomerAddressDeletePayload", deletedCustomerAddressId: v.id, customer: customer([home]), userErrors: [] } } }),
    });
    renderScreen(<AddressBook />, { client });
    fireEvent.click(await screen.findByRole("button", { name: "Delete Ada Work, 1 Main St" }));
    const confirm = screen.getByRole("group", { name: "Delete Ada Work, 1 Main St?" });
    // Focus goes to the safe choice; keeping it sends nothing.
    expect(document.activeElement).toBe(within(confirm).getByRole("button", { name: "Keep it" }));
    fireEvent.click(within(confirm).getByRole("button", { name: "Keep it" }));
    expect(calls.some((c) => c.operation === "DeleteAddress")).toBe(false);

    fireEvent.click(screen.getByRole("button", { name: "Delete Ada Work, 1 Main St" }));
    fireEvent.click(within(screen.getByRole("group", { name: "Delete Ada Work, 1 Main St?" })).getByRole("button", { name: "Delete address" }));
    await waitFor(() => expect(screen.queryByText("Ada Work")).toBeNull());
    expect(calls.find((c) => c.operation === "DeleteAddress")?.variables).toEqual({ id: "a-2" });
  });
});
