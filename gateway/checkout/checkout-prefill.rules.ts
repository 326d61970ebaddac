// "Signed in means known": what the checkout page fills in for a signed-in customer (the email, the
// name and an address from their book) and the saved addresses it offers. The page only fills the
// fields: what is paid for is what the form posts, checked exactly as a guest's.
import { addressLines, type ShippingAddress } from "../shared/address.js";
import type { CheckoutFormInput } from "./checkout.form.js";

/** A saved address as the checkout page offers it. */
export interface OfferedAddress {
  id: string;
  isDefault: boolean;
  /** As a label prints it. */
  lines: string[];
  /** The form's address fields as this address fills them. */
  fields: Pick<CheckoutFormInput, "name" | "address" | "address2" | "city" | "postalCode" | "country" | "province" | "phone">;
}

/** The signed-in customer's side of the page: their saved addresses, the one filled in, and whether "Save this address" is offered. */
export interface ShopperModel {
  addresses: OfferedAddress[];
  /** The saved address the fields hold as the page is drawn; null once the shopper has typed their own. */
  chosenId: string | null;
  /** False when the address book is full. */
  canSave: boolean;
  /** "Save this address to my account" as the shopper left it. */
  saveAddress: boolean;
}

/** The form's fields as a saved address fills them (the state or province as the form's option value, "US-IL"). */
function addressFields(address: ShippingAddress): OfferedAddress["fields"] {
  return {
    name: address.name,
    address: address.address1,
    address2: address.address2 ?? "",
    city: address.city,
    postalCode: address.postalCode,
    country: address.country,
    province: address.provinceCode ? `${address.countryCode}-${address.provinceCode}` : "",
    phone: address.phone ?? "",
  };
}

export function offeredAddress(address: ShippingAddress & { id: string; isDefault: boolean }): OfferedAddress {
  return { id: address.id, isDefault: address.isDefault, lines: addressLines(address), fields: addressFields(address) };
}

/** What the page fills in first: the customer's email, and the chosen address (else their name alone). */
export function prefilledForm(customer: { email: string; displayName: string | null }, chosen: OfferedAddress | null): Partial<CheckoutFormInput> {
  return { email: customer.email, ...(chosen ? chosen.fields : { name: customer.displayName ?? "" }) };
}

/**
 * The saved address the page fills in: the one asked for by id when it is one of `addresses` (the
 * customer's own), else the default. `refused` says an id was asked for that is not among them.
 */
export function chooseAddress(addresses: readonly OfferedAddress[], wanted: string | null): { chosen: OfferedAddress | null; refused: boolean } {
  const picked = wanted === null ? null : (addresses.find((a) => a.id === wanted) ?? null);
  return { chosen: picked ?? addresses.find((a) => a.isDefault) ?? null, refused: wanted !== null && picked === null };
}
