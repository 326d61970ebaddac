// The checkout page's fields and their rules. Every message is shown beside its field.
import type { ShippingAddress } from "../orders/order.records.js";
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
  shipping: string;
}

export type CheckoutField = keyof CheckoutFormInput;
export type FieldErrors = Partial<Record<CheckoutField, string>>;

export interface CheckoutDetails {
  email: string;
  shippingAddress: ShippingAddress;
  shippingMethod: ShippingMethod;
}

/** Where the shop ships; the page offers them in this order. */
export const COUNTRIES = [
  "United States",
  "Canada",
  "United Kingdom",
  "Ireland",
  "Australia",
  "New Zealand",
  "Germany",
  "France",
  "Netherlands",
  "Belgium",
  "Spain",
  "Italy",
  "Sweden",
  "Denmark",
  "Norway",
] as const;

export const DEFAULT_COUNTRY = "United States";

const POSTAL_CODE = /^[A-Za-z0-9][A-Za-z0-9 -]{1,10}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

function text(value: string, label: string, max: number): string | null {
  const trimmed = value.trim();
  if (!trimmed) return `Enter your ${label}`;
  if (trimmed.length > max) return `Your ${label} must be at most ${max} characters`;
  if (CONTROL.test(trimmed)) return `Your ${label} contains characters that are not allowed`;
  return null;
}

/** Checks every field at once, so the page can show all the errors together. */
export function validateCheckoutForm(
  input: CheckoutFormInput,
): { ok: true; details: CheckoutDetails } | { ok: false; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const email = input.email.trim();
  if (!email) errors.email = "Enter your email";
  else if (!isEmailAddress(email)) errors.email = "Enter a valid email, like name@example.com";

  const name = text(input.name, "full name", 100);
  if (name) errors.name = name;
  const address = text(input.address, "address", 200);
  if (address) errors.address = address;
  const city = text(input.city, "city", 100);
  if (city) errors.city = city;
  const postalCode = input.postalCode.trim();
  if (!postalCode) errors.postalCode = "Enter your postal code";
  else if (!POSTAL_CODE.test(postalCode)) errors.postalCode = "Enter a valid postal code";
  if (!(COUNTRIES as readonly string[]).includes(input.country)) errors.country = "Choose a country from the list";
  if (!(SHIPPING_METHODS as readonly string[]).includes(input.shipping)) errors.shipping = "Choose a shipping method";

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    details: {
      email,
      shippingAddress: { name: input.name.trim(), address1: input.address.trim(), city: input.city.trim(), postalCode: postalCode.toUpperCase(), country: input.country },
      shippingMethod: input.shipping as ShippingMethod,
    },
  };
}
