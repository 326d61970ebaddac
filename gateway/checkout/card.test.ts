import { describe, expect, it } from "vitest";
import { cardBrand, digitsOnly, isExpired, isValidCvc, parseExpiry, passesLuhn } from "./card.js";

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

describe("parseExpiry: MM/YY, MM / YY or MM/YYYY", () => {
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
    ["1230", null],
    ["12-30", null],
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
