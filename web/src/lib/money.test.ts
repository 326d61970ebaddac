import { describe, expect, it } from "vitest";
import { formatPrice, isOnSale, percentOff, toAmount } from "./money";

describe("prices (spec §9: $ with two decimals)", () => {
  it.each([
    [24.99, "$24.99"],
    ["24.99", "$24.99"],
    [5, "$5.00"],
    ["75.00", "$75.00"],
    [0.5, "$0.50"],
    [1234.5, "$1,234.50"],
    [19.999, "$20.00"],
  ])("%j → %s", (value, expected) => {
    expect(formatPrice(value)).toBe(expected);
  });

  it("reads only numbers and decimal strings as amounts", () => {
    expect(toAmount("12.30")).toBe(12.3);
    expect(toAmount("12,30")).toBeNull();
    expect(toAmount("")).toBeNull();
    expect(toAmount(Number.POSITIVE_INFINITY)).toBeNull();
  });
});

describe("percent off (spec §9: round((compareAt − price) / compareAt × 100))", () => {
  it.each([
    ["24.99", "29.99", 17],
    ["14.99", "17.99", 17],
    [75, 100, 25],
    [10, 30, 67],
    [2, 3, 33],
    ["10.00", "10.00", null],
    ["12.00", "10.00", null],
    ["10.00", null, null],
    ["10.00", "0", null],
  ])("price %j, compare-at %j → %j", (price, compareAt, expected) => {
    expect(percentOff(price, compareAt)).toBe(expected);
  });

  it("is on sale only when compare-at is greater than price", () => {
    expect(isOnSale("24.99", "29.99")).toBe(true);
    expect(isOnSale("24.99", "24.99")).toBe(false);
    expect(isOnSale("24.99", null)).toBe(false);
  });
});
