import { describe, expect, it } from "vitest";
import { CURRENCY_CODE, centsToDecimalString, centsToDollars, decimalStringToCents, formatMoney, toMoney } from "./money.js";

/** The highest price the catalog takes ($999,999.99, a CHECK on the variants' price). */
const MAX_PRICE_CENTS = 99_999_999;

describe("centsToDecimalString: integer cents → the API's decimal string", () => {
  it.each([
    [0, "0.00"],
    [1, "0.01"],
    [9, "0.09"],
    [10, "0.10"],
    [99, "0.99"],
    [100, "1.00"],
    [101, "1.01"],
    [2499, "24.99"],
    [7500, "75.00"],
    [123456, "1234.56"],
    [MAX_PRICE_CENTS, "999999.99"],
    [Number.MAX_SAFE_INTEGER, "90071992547409.91"],
    [-1, "-0.01"],
    [-99, "-0.99"],
    [-100, "-1.00"],
    [-2499, "-24.99"],
  ])("%i → %s", (cents, expected) => {
    expect(centsToDecimalString(cents)).toBe(expected);
  });
});

describe("toMoney: the {amount, currencyCode} both APIs answer", () => {
  it.each([
    [0, "0.00"],
    [5, "0.05"],
    [2499, "24.99"],
    [MAX_PRICE_CENTS, "999999.99"],
  ])("%i → %s USD", (cents, amount) => {
    expect(toMoney(cents)).toEqual({ amount, currencyCode: "USD" });
    expect(CURRENCY_CODE).toBe("USD");
  });
});

describe("centsToDollars: REST's dollar numbers, exact to the cent", () => {
  it.each([
    [0, 0],
    [1, 0.01],
    [10, 0.1],
    [99, 0.99],
    [2499, 24.99],
    [1999, 19.99],
    [100000, 1000],
    [MAX_PRICE_CENTS, 999999.99],
    [-150, -1.5],
  ])("%i → %d", (cents, dollars) => {
    expect(centsToDollars(cents)).toBe(dollars);
  });
});

describe("formatMoney: the store pages' $1,234.56", () => {
  it.each([
    [0, "$0.00"],
    [5, "$0.05"],
    [99, "$0.99"],
    [2499, "$24.99"],
    [99999, "$999.99"],
    [100000, "$1,000.00"],
    [123456, "$1,234.56"],
    [10000000, "$100,000.00"],
    [MAX_PRICE_CENTS, "$999,999.99"],
    [100000000, "$1,000,000.00"],
    [123456789012, "$1,234,567,890.12"],
  ])("%i → %s", (cents, expected) => {
    expect(formatMoney(cents)).toBe(expected);
  });
});

describe("decimalStringToCents: an amount typed or sent → integer cents, or null", () => {
  it.each([
    ["12.50", 1250],
    ["12.5", 1250],
    ["12", 1200],
    ["0.01", 1],
    ["0", 0],
    ["0.00", 0],
    [" 7.05 ", 705],
    ["999999.99", 99_999_999],
    ["-5.00", null],
    ["+5", null],
    ["1,000.00", null],
    ["12.345", null],
    ["1e3", null],
    [".50", null],
    ["12.", null],
    ["", null],
    ["abc", null],
    ["12345678.00", null],
  ])("%j → %s", (text, cents) => {
    expect(decimalStringToCents(text)).toBe(cents);
  });

  it("reads back every amount centsToDecimalString writes", () => {
    for (const cents of [0, 1, 99, 100, 2499, 99_999_999]) expect(decimalStringToCents(centsToDecimalString(cents))).toBe(cents);
  });
});
