import { describe, expect, it } from "vitest";
import { centsShortOf, formatCents, formatPrice, isOnSale, lineTotalCents, percentOff, toAmount, toCents } from "./money";

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

  it("writes every amount as en-US's currency format does (without loading Intl at start-up)", () => {
    const usd = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });
    for (const cents of [0, 1, 9, 10, 99, 100, 2499, 99999, 100000, 123456, 1000000, 123456789, -1, -500, -123456]) {
      expect(formatCents(cents)).toBe(usd.format(cents / 100));
    }
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

describe("money in cents (one module; floating-point dollars never add up)", () => {
  it.each([
    [24.99, 2499],
    ["24.99", 2499],
    ["75.00", 7500],
    [0.1, 10],
    [0.29, 29],
    [1.15, 115],
    [19.999, 2000],
    ["abc", null],
    [null, null],
  ])("%j is %j cents", (value, expected) => {
    expect(toCents(value)).toBe(expected);
  });

  it.each([
    ["0.1 + 0.2", [0.1, 0.2], 30, "$0.30"],
    ["16.99 + 24.99 + 33.99", [16.99, 24.99, 33.99], 7597, "$75.97"],
    ["1.15 ten times", Array(10).fill(1.15), 1150, "$11.50"],
  ])("%s adds up in cents", (_label, amounts, cents, shown) => {
    const sum = amounts.reduce((total, amount) => total + toCents(amount)!, 0);
    expect(sum).toBe(cents);
    expect(formatCents(sum)).toBe(shown);
  });

  it.each([
    [19.99, 3, 5997, "$59.97"],
    ["24.99", 2, 4998, "$49.98"],
    [0.29, 7, 203, "$2.03"],
    [33.33, 999, 3329667, "$33,296.67"],
    ["abc", 2, null, null],
  ])("a line of %j × %j is %j cents", (price, quantity, cents, shown) => {
    const total = lineTotalCents(price, quantity);
    expect(total).toBe(cents);
    if (total !== null) expect(formatCents(total)).toBe(shown);
  });

  it.each([
    ["a cart well below the threshold", 7500, 2499, 5001, "$50.01"],
    ["19.99 × 3 towards $75", 7500, lineTotalCents(19.99, 3)!, 1503, "$15.03"],
    ["0.1 + 0.2 short of $0.30", 30, toCents(0.1)! + toCents(0.2)!, 0, "$0.00"],
    ["exactly at the threshold", 7500, 7500, 0, "$0.00"],
    ["above the threshold", 7500, 9000, 0, "$0.00"],
  ])("the gap to a threshold: %s", (_label, target, have, gap, shown) => {
    expect(centsShortOf(target, have)).toBe(gap);
    expect(formatCents(centsShortOf(target, have))).toBe(shown);
  });
});
