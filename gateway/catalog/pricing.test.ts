import { describe, expect, it } from "vitest";
import { effectiveCompareAtCents } from "./pricing.js";

describe("effectiveCompareAtCents: a compare-at price counts only above the price", () => {
  it.each<[number, number | null, number | null]>([
    [2499, null, null],
    [2499, 2999, 2999],
    [2499, 2500, 2500],
    [2499, 2499, null],
    [2499, 2498, null],
    [2499, 0, null],
    [0, null, null],
    [0, 0, null],
    [0, 1, 1],
    [99_999_998, 99_999_999, 99_999_999],
  ])("price %i, compare-at %j → %j", (price, compareAt, counted) => {
    expect(effectiveCompareAtCents(price, compareAt)).toBe(counted);
  });
});
