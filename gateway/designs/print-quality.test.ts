import { describe, expect, it } from "vitest";
import { designIdOf, linePicture } from "./design.records.js";
import { BLURRY_PRINT_WARNING, MAX_RECORDED_DPI, MIN_PRINT_DPI, PRINT_DPI, effectiveDpi, printPixels, printWarningFor } from "./print-quality.js";

describe("the print-quality rule", () => {
  it.each([
    ["no picture", null, null],
    ["1 DPI", 1, BLURRY_PRINT_WARNING],
    ["just below the least", MIN_PRINT_DPI - 1, BLURRY_PRINT_WARNING],
    ["the least", MIN_PRINT_DPI, null],
    ["a print file's own", PRINT_DPI, null],
  ])("warns about %s: %s DPI", (_what, dpi, warning) => {
    expect(printWarningFor(dpi)).toBe(warning);
  });

  it.each([
    // pixels, inches, dpi
    [1800, 12, 150],
    [1799, 12, 149], // rounded down: the warning errs on the side of saying
    [3600, 12, 300],
    [10_000_000, 1, MAX_RECORDED_DPI],
  ])("measures %s px over %s in as %s DPI", (pixels, inches, dpi) => {
    expect(effectiveDpi(pixels, inches)).toBe(dpi);
  });

  it.each([
    [0, 12],
    [1800, 0],
    [Number.NaN, 12],
    [-5, 12],
  ])("measures nothing for %s px over %s in", (pixels, inches) => {
    expect(effectiveDpi(pixels, inches)).toBeNull();
  });

  it("makes a 12-inch print area 3600 pixels wide", () => {
    expect(printPixels(12)).toBe(3600);
  });
});

describe("the picture of a line", () => {
  const tee = "/media/products/tee.svg";
  it("is the design's mock-up for a custom design's line, whatever the product's photo", () => {
    const attributes = [
      { key: "memeId", value: "m-1" },
      { key: "designId", value: "abc123" },
    ];
    expect(designIdOf(attributes)).toBe("abc123");
    expect(linePicture(attributes, tee)).toEqual({ url: "/designs/abc123/preview", designId: "abc123" });
    expect(linePicture(attributes, null)).toEqual({ url: "/designs/abc123/preview", designId: "abc123" });
  });

  it("is the product's image for any other line, and none without one", () => {
    expect(linePicture([{ key: "memeId", value: "m-1" }], tee)).toEqual({ url: tee, designId: null });
    expect(linePicture([], tee)).toEqual({ url: tee, designId: null });
    expect(linePicture([], null)).toBeNull();
    expect(designIdOf([])).toBeNull();
  });
});
