// The checkout page's fields and their rules. Every message is shown beside its field.
import { checkAddress, type AddressField, type AddressInput, type ShippingAddress } from "../shared/address.js";
import { isEmailAddress } from "../shared/email.js";
import { SHIPPING_METHODS, type ShippingMethod } from "./shipping.js";

/** What the form posts, as typed (application/x-www-form-urlencoded). */
export interface CheckoutFormInput {
  email: string;
  name: string;
  address: string;
  city: string;
  postalCode: string;
  country: string;
  /** Address line 2 (optional). */
  address2: string;
  /** The state, province or territory: its ISO 3166-2 code ("US-IL"), required for the countries that have a list. */
  province: string;
  /** Optional, for the courier. */
  phone: string;
  shipping: string;
}

export type CheckoutField = keyof CheckoutFormInput;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutDetails {
  email: string;
  shippingAddress: ShippingAddress;
  shippingMethod: ShippingMethod;
}

export const DEFAULT_COUNTRY = "United States";

/** The form's address fields, in the page's order, and the address checks' names for them (shared/address.ts). */
const ADDRESS_FIELDS: [CheckoutField, AddressField][] = [
  ["name", "name"],
  ["address", "address1"],
  ["address2", "address2"],
  ["city", "city"],
  ["postalCode", "postalCode"],
  ["country", "country"],
  ["province", "province"],
  ["phone", "phone"],
];

/** Checks every field at once, so the page can show all the errors together. */
export function validateCheckoutForm(
  input: CheckoutFormInput,
): { ok: true; details: CheckoutDetails } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = "Enter your email";
  else if (!isEmailAddress(email)) errors.email = "Enter a valid email, like name@example.com";

  const address = checkAddress(Object.fromEntries(ADDRESS_FIELDS.map(([field, key]) => [key, input[field]])) as unknown as AddressInput);
  if (!address.ok) for (const [field, key] of ADDRESS_FIELDS) if (address.errors[key]) errors[field] = address.errors[key];
  if (!(SHIPPING_METHODS as readonly string[]).includes(input.shipping)) errors.shipping = "Choose a shipping method";

  if (Object.keys(errors).length > 0 || !address.ok) return { ok: false, errors };
  return {
    ok: true,
    details: {
      email,
      shippingAddress: address.address,
      shippingMethod: input.shipping as ShippingMethod,
    },
  };
}
