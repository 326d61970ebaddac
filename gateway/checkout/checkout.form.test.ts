import { describe, expect, it } from "vitest";
import { SHIPPING_COUNTRIES } from "../shared/address.js";
import { DEFAULT_COUNTRY, validateCheckoutForm, type CheckoutField, type CheckoutFormInput } from "./checkout.form.js";

const valid: CheckoutFormInput = {
  email: "ann@example.com",
  name: "Ann Example",
  address: "1 Capitol Way",
  city: "Springfield",
  postalCode: "12345",
  country: DEFAULT_COUNTRY,
  address2: "",
  province: "US-IL",
  phone: "",
  shipping: "standard",
};

const errorsOf = (change: Partial<CheckoutFormInput>) => {
  const result = validateCheckoutForm({ ...valid, ...change });
  return result.ok ? {} : result.errors;
};

describe("validateCheckoutForm: the fields a shopper gets right", () => {
  it("answers the details to ship, trimmed, the postal code upper-cased", () => {
    const result = validateCheckoutForm(
      { ...valid, email: "  ann@example.com ", name: " Ann Example ", address: " 1 Capitol Way ", city: " Springfield ", postalCode: " sw1a 1aa ", country: "United Kingdom", province: "", shipping: "expedited" },
    );
    expect(result).toEqual({
      ok: true,
      details: {
        email: "ann@example.com",
        shippingAddress: {
          name: "Ann Example",
          address1: "1 Capitol Way",
          address2: null,
          city: "Springfield",
          province: null,
          provinceCode: null,
          postalCode: "SW1A 1AA",
          country: "United Kingdom",
          countryCode: "GB",
          phone: null,
        },
        shippingMethod: "expedited",
      },
    });
  });

  it.each<[string, Partial<CheckoutFormInput>]>([
    ["a name of exactly 100 characters", { name: "n".repeat(100) }],
    ["an address of exactly 200 characters", { address: "a".repeat(200) }],
    ["a city of exactly 100 characters", { city: "c".repeat(100) }],
    ["a two-character postal code", { postalCode: "12", country: "Ireland", province: "" }],
    ["an eleven-character postal code", { postalCode: "A1B-2C3 4D5", country: "Ireland", province: "" }],
    ["a Canadian postal code", { postalCode: "K1A 0B1", country: "Canada", province: "CA-ON" }],
    ["every country the shop ships to", { country: SHIPPING_COUNTRIES[SHIPPING_COUNTRIES.length - 1]!.name, postalCode: "0150", province: "" }],
    ["an address line 2 and a phone", { address2: "Apt 2", phone: "+1 (555) 010-0000" }],
    ["expedited shipping", { shipping: "expedited" }],
  ])("takes %s", (_case, change) => {
    expect(errorsOf(change)).toEqual({});
  });
});

describe("validateCheckoutForm: each field's refusal, beside that field alone", () => {
  it.each<[string, Partial<CheckoutFormInput>, CheckoutField, string]>([
    ["no email", { email: "  " }, "email", "Enter your email"],
    ["an email without a domain", { email: "ann@example" }, "email", "Enter a valid email, like name@example.com"],
    ["an email with a space", { email: "ann smith@example.com" }, "email", "Enter a valid email, like name@example.com"],
    ["no name", { name: "" }, "name", "Enter your full name"],
    ["a blank name", { name: "   " }, "name", "Enter your full name"],
    ["a name of 101 characters", { name: "n".repeat(101) }, "name", "Your full name must be at most 100 characters"],
    ["a control character in the name", { name: "Ann\u0007Example" }, "name", "Your full name contains characters that are not allowed"],
    ["no address", { address: "" }, "address", "Enter your address"],
    ["an address of 201 characters", { address: "a".repeat(201) }, "address", "Your address must be at most 200 characters"],
    ["a line break inside the address", { address: "1 Capitol Way\nApt 2" }, "address", "Your address contains characters that are not allowed"],
    ["no city", { city: "" }, "city", "Enter your city"],
    ["a city of 101 characters", { city: "c".repeat(101) }, "city", "Your city must be at most 100 characters"],
    ["no postal code", { postalCode: " " }, "postalCode", "Enter your postal code"],
    ["a one-character postal code", { postalCode: "1", country: "Ireland", province: "" }, "postalCode", "Enter a valid postal code"],
    ["a twelve-character postal code", { postalCode: "123456789012", country: "Ireland", province: "" }, "postalCode", "Enter a valid postal code"],
    ["a postal code starting with a dash", { postalCode: "-1234", country: "Ireland", province: "" }, "postalCode", "Enter a valid postal code"],
    ["a postal code with other characters", { postalCode: "12#45", country: "Ireland", province: "" }, "postalCode", "Enter a valid postal code"],
    ["a country not on the list", { country: "Narnia" }, "country", "Choose a country from the list"],
    ["a country in other letter case", { country: "united states" }, "country", "Choose a country from the list"],
    ["no state in the United States", { province: "" }, "province", "Choose a state"],
    ["a Canadian province in the United States", { province: "CA-ON" }, "province", "Choose a state of the United States (Ontario is in Canada)"],
    ["a phone number with letters", { phone: "555-CALL-NOW" }, "phone", "Enter a phone number using digits, spaces, +, - and parentheses"],
    ["no shipping method", { shipping: "" }, "shipping", "Choose a shipping method"],
    ["a shipping method the shop has not", { shipping: "overnight" }, "shipping", "Choose a shipping method"],
  ])("refuses %s", (_case, change, field, message) => {
    expect(errorsOf(change)).toEqual({ [field]: message });
  });

  it("answers every field's refusal at once", () => {
    const blank = Object.fromEntries(Object.keys(valid).map((field) => [field, ""])) as unknown as CheckoutFormInput;
    expect(validateCheckoutForm(blank)).toEqual({
      ok: false,
      errors: {
        email: "Enter your email",
        name: "Enter your full name",
        address: "Enter your address",
        city: "Enter your city",
        postalCode: "Enter your postal code",
        country: "Choose a country from the list",
        shipping: "Choose a shipping method",
      },
    });
  });
});
