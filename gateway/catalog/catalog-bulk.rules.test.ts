import { describe, expect, it } from "vitest";
import { changedPrices, describeChange, percentProblem, percentToHundredths, scaleCents } from "./catalog-bulk.rules.js";

describe("a percentage in hundredths", () => {
  it.each([
    ["-15", -1500],
    ["+10", 1000],
    ["10", 1000],
    ["12.5", 1250],
    ["-0.01", -1],
    [" 7.25 ", 725],
    ["1.234", null],
    ["abc", null],
    ["--5", null],
    ["", null],
  ])("%j → %j", (text, hundredths) => {
    expect(percentToHundredths(text)).toBe(hundredths);
  });

  it("refuses 0, -100 and below, and more than +1000", () => {
    expect(percentProblem("0", "percent")).toMatch(/not be 0/);
    expect(percentProblem("-100", "percent")).toBe("percent must be more than -100");
    expect(percentProblem("-99.99", "percent")).toBeNull();
    expect(percentProblem("1000", "percent")).toBeNull();
    expect(percentProblem("1000.01", "percent")).toBe("percent must be at most 1000");
  });
});

describe("scaling a price, rounded half-up to the cent", () => {
  it.each([
    // cents, hundredths of a percent, result: exact halves go to the cent above, for cuts as for raises
    [10, -1500, 9], // 8.5
    [5, -1000, 5], // 4.5
    [5, 1000, 6], // 5.5
    [1, -5000, 1], // 0.5
    [1, -5001, 0], // 0.4999
    [1, -6000, 0], // 0.4
    [3, -1, 3], // 2.9997
    [2499, -1500, 2124], // 2124.15
    [1999, 1250, 2249], // 2248.875
    [99_999_999, -9999, 10_000], // 9999.9999
    [99_999_999, 100_000, 1_099_999_989], // no overflow, no binary fraction
    [333, -3333, 222], // 222.0111
    [7, 5000, 11], // 10.5
  ])("%i cents %i/100 %% → %i", (cents, hundredths, expected) => {
    expect(scaleCents(cents, hundredths)).toBe(expected);
  });
});

describe("a variant's prices after a change", () => {
  it("a percentage scales the compare-at price too; one no longer above the price is dropped", () => {
    expect(changedPrices({ priceCents: 2000, compareAtCents: 2500 }, { kind: "percent", hundredths: -2000 })).toEqual({ priceCents: 1600, compareAtCents: 2000 });
    expect(changedPrices({ priceCents: 2, compareAtCents: 3 }, { kind: "percent", hundredths: -7000 })).toEqual({ priceCents: 1, compareAtCents: null });
  });

  it("an amount keeps a compare-at price above it and ends one that is not", () => {
    expect(changedPrices({ priceCents: 2000, compareAtCents: 2500 }, { kind: "amount", cents: 2400 })).toEqual({ priceCents: 2400, compareAtCents: 2500 });
    expect(changedPrices({ priceCents: 2000, compareAtCents: 2500 }, { kind: "amount", cents: 2500 })).toEqual({ priceCents: 2500, compareAtCents: null });
    expect(changedPrices({ priceCents: 2000, compareAtCents: null }, { kind: "amount", cents: 100 })).toEqual({ priceCents: 100, compareAtCents: null });
  });

  it("describes the change for the audit log", () => {
    expect(describeChange({ kind: "percent", hundredths: -1500 })).toBe("-15%");
    expect(describeChange({ kind: "percent", hundredths: 1250 })).toBe("+12.5%");
    expect(describeChange({ kind: "percent", hundredths: -1 })).toBe("-0.01%");
    expect(describeChange({ kind: "amount", cents: 2000 })).toBe("set to $20.00");
  });
});
