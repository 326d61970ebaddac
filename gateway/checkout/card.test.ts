import { describe, expect, it } from "vitest";
import { cardBrand, checkCardForm, digitsOnly, isExpired, isValidCvc, parseExpiry, passesLuhn, type CardField, type CardFormInput } from "./card.js";

describe("digitsOnly: spaces and dashes typed between groups go", () => {
  it.each([
    ["4242424242424242", "4242424242424242"],
    ["4242 4242 4242 4242", "4242424242424242"],
    ["4242-4242-4242-4242", "4242424242424242"],
    [" 4242\t4242 ", "42424242"],
    ["", ""],
    ["   ", ""],
    ["4242x4242", "4242x4242"],
  ])("%j → %j", (typed, digits) => {
    expect(digitsOnly(typed)).toBe(digits);
  });
});

describe("passesLuhn", () => {
  it.each([
    ["4242424242424242", true],
    ["4242424242424241", false],
    ["4111111111111111", true],
    ["5555555555554444", true],
    ["378282246310005", true],
    ["6011111111111117", true],
    ["0000000000000000", true],
    // 12 to 19 digits only.
    ["000000000000", true],
    ["00000000000", false],
    ["0000000000000000000", true],
    ["00000000000000000000", false],
    ["", false],
    ["4242 4242 4242 4242", false],
    ["424242424242424a", false],
  ])("%s → %s", (digits, passes) => {
    expect(passesLuhn(digits)).toBe(passes);
  });
});

describe("cardBrand: by the number's first digits", () => {
  it.each([
    ["4242424242424242", "Visa"],
    ["4", "Visa"],
    ["5105105105105100", "Mastercard"],
    ["5555555555554444", "Mastercard"],
    ["5000000000000000", "Card"],
    ["5600000000000000", "Card"],
    ["2221000000000009", "Mastercard"],
    ["2300000000000000", "Mastercard"],
    ["2699999999999999", "Mastercard"],
    ["2710000000000000", "Mastercard"],
    ["2720999999999999", "Mastercard"],
    ["2721000000000000", "Card"],
    ["2100000000000000", "Card"],
    ["378282246310005", "American Express"],
    ["340000000000009", "American Express"],
    ["350000000000000", "Card"],
    ["6011111111111117", "Discover"],
    ["6500000000000000", "Discover"],
    ["6440000000000000", "Discover"],
    ["6490000000000000", "Discover"],
    ["6430000000000000", "Card"],
    ["", "Card"],
  ])("%s → %s", (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });
});

describe("parseExpiry: MM/YY as people type it", () => {
  it.each([
    ["12/30", { month: 12, year: 2030 }],
    ["01/27", { month: 1, year: 2027 }],
    ["1/27", { month: 1, year: 2027 }],
    [" 06 / 2031 ", { month: 6, year: 2031 }],
    ["06/00", { month: 6, year: 2000 }],
    ["12/2099", { month: 12, year: 2099 }],
    ["00/30", null],
    ["13/30", null],
    ["12/3", null],
    ["12/303", null],
    ["123/30", null],
    ["1230", { month: 12, year: 2030 }],
    ["12-30", { month: 12, year: 2030 }],
    ["12 30", { month: 12, year: 2030 }],
    ["12 / 30", { month: 12, year: 2030 }],
    ["0130", { month: 1, year: 2030 }],
    ["122031", { month: 12, year: 2031 }],
    ["130", null],
    ["1330", null],
    ["12--30", null],
    ["12/30/1", null],
    ["", null],
    ["ab/cd", null],
  ])("%j → %j", (typed, expiry) => {
    expect(parseExpiry(typed)).toEqual(expiry);
  });
});

describe("isExpired: good through the last day of its month (UTC)", () => {
  it.each([
    [{ month: 6, year: 2026 }, "2026-06-15T12:00:00Z", false],
    [{ month: 6, year: 2026 }, "2026-06-30T23:59:59Z", false],
    [{ month: 6, year: 2026 }, "2026-07-01T00:00:00Z", true],
    [{ month: 5, year: 2026 }, "2026-06-01T00:00:00Z", true],
    [{ month: 12, year: 2025 }, "2026-01-01T00:00:00Z", true],
    [{ month: 12, year: 2026 }, "2026-06-15T12:00:00Z", false],
    [{ month: 1, year: 2027 }, "2026-12-31T23:59:59Z", false],
    [{ month: 1, year: 2020 }, "2026-06-15T12:00:00Z", true],
  ])("%j on %s → %s", (expiry, now, expired) => {
    expect(isExpired(expiry, new Date(now))).toBe(expired);
  });
});

describe("isValidCvc: four digits for American Express, three for any other", () => {
  it.each([
    ["123", "Visa", true],
    ["1234", "Visa", false],
    ["12", "Visa", false],
    ["12a", "Mastercard", false],
    ["", "Card", false],
    ["000", "Discover", true],
    ["1234", "American Express", true],
    ["123", "American Express", false],
    ["12345", "American Express", false],
  ])("%j for %s → %s", (cvc, brand, valid) => {
    expect(isValidCvc(cvc, brand)).toBe(valid);
  });
});

describe("checkCardForm: the test provider's card fields", () => {
  const NOW = new Date("2026-06-15T12:00:00Z");
  const valid: CardFormInput = { cardNumber: "4242 4242 4242 4242", expiry: "12/30", cvc: "123" };
  const errorsOf = (change: Partial<CardFormInput>) => {
    const result = checkCardForm({ ...valid, ...change }, NOW);
    return result.ok ? {} : result.errors;
  };

  it("answers the card: digits only, the expiry read", () => {
    expect(checkCardForm(valid, NOW)).toEqual({ ok: true, card: { number: "4242424242424242", expiryMonth: 12, expiryYear: 2030, cvc: "123" } });
  });

  it.each<[string, Partial<CardFormInput>]>([
    ["a card number with dashes", { cardNumber: "4242-4242-4242-4242" }],
    ["a card expiring this month", { expiry: "06/26" }],
    ["an expiry as MM/YYYY", { expiry: "06/2026" }],
    ["an expiry typed on a numeric keypad", { expiry: "1230" }],
    ["an expiry with a dash", { expiry: "12-30" }],
    ["an American Express card with its four-digit code", { cardNumber: "3782 822463 10005", cvc: "1234" }],
    ["a security code with spaces around it", { cvc: " 123 " }],
  ])("takes %s", (_case, change) => {
    expect(errorsOf(change)).toEqual({});
  });

  it.each<[string, Partial<CardFormInput>, CardField, string]>([
    ["no card number", { cardNumber: " - " }, "cardNumber", "Enter your card number"],
    ["a card number failing Luhn", { cardNumber: "4242 4242 4242 4241" }, "cardNumber", "Your card number is invalid."],
    ["a card number too short", { cardNumber: "42424242424" }, "cardNumber", "Your card number is invalid."],
    ["no expiry", { expiry: "  " }, "expiry", "Enter the expiry date (MM / YY)"],
    ["month 13", { expiry: "13/30" }, "expiry", "Enter a month from 01 to 12"],
    ["month 00 typed on a numeric keypad", { expiry: "0030" }, "expiry", "Enter a month from 01 to 12"],
    ["three digits", { expiry: "130" }, "expiry", "Enter the expiry date as MM / YY"],
    ["a card that expired last month", { expiry: "05/26" }, "expiry", "Your card has expired."],
    ["no security code", { cvc: "" }, "cvc", "Enter the security code"],
    ["a two-digit security code", { cvc: "12" }, "cvc", "Enter the 3-digit security code"],
    ["a four-digit code on a Visa", { cvc: "1234" }, "cvc", "Enter the 3-digit security code"],
    ["a three-digit code on an American Express card", { cardNumber: "378282246310005", cvc: "123" }, "cvc", "Enter the 4-digit security code"],
  ])("refuses %s", (_case, change, field, message) => {
    expect(errorsOf(change)).toEqual({ [field]: message });
  });

  it("answers every field's refusal at once", () => {
    expect(checkCardForm({ cardNumber: "", expiry: "", cvc: "" }, NOW)).toEqual({
      ok: false,
      errors: { cardNumber: "Enter your card number", expiry: "Enter the expiry date (MM / YY)", cvc: "Enter the security code" },
    });
  });
});
