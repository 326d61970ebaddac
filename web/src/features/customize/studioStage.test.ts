import { describe, expect, it } from "vitest";
import { fitAspect, placedDpi, stageFor, type PrintAreaSpec } from "./studioStage";

// A tee's blank: 800×800, its print area 33%–67% across and 29%–69% down, 11 × 13 in (3300 × 3900 px at 300 DPI).
const TEE: PrintAreaSpec = { x: 0.3275, y: 0.29, width: 0.345, height: 0.4, widthInches: 11, heightInches: 13, printWidthPx: 3300, printHeightPx: 3900 };

describe("the stage: the blank, the print area on it, the print file's size", () => {
  it("gives the design the whole canvas and a 3600×3600 print while no product with a print area is chosen", () => {
    for (const stage of [stageFor(null, null), stageFor({ width: 800, height: 800 }, null)]) {
      expect(stage.area).toEqual({ x: 0, y: 0, width: 600, height: 600 });
      expect(stage.inches).toBeNull();
      expect(stage.print).toEqual({ width: 3600, height: 3600 });
    }
  });

  it("draws a square blank over the whole canvas and places the print area on it in the print's own proportions", () => {
    const stage = stageFor({ width: 800, height: 800 }, TEE);
    expect(stage.mockup).toEqual({ x: 0, y: 0, width: 600, height: 600 });
    // The rectangle is 207 × 240 canvas units; 11:13 fits it 203.08 wide, centred across it.
    expect(stage.area.height).toBeCloseTo(240);
    expect(stage.area.width).toBeCloseTo((240 * 11) / 13);
    expect(stage.area.y).toBeCloseTo(174);
    expect(stage.area.x + stage.area.width / 2).toBeCloseTo(0.3275 * 600 + 207 / 2);
    expect(stage.inches).toEqual({ width: 11, height: 13 });
    expect(stage.print).toEqual({ width: 3300, height: 3900 });
  });

  it("places the print area on a blank that is not square where the blank is drawn", () => {
    // A 1200×600 blank is drawn 600×300, 150 down; a rectangle of its left half's middle.
    const stage = stageFor({ width: 1200, height: 600 }, { ...TEE, x: 0, y: 0.25, width: 0.5, height: 0.5, widthInches: 4, heightInches: 2 });
    expect(stage.mockup).toEqual({ x: 0, y: 150, width: 600, height: 300 });
    expect(stage.area).toEqual({ x: 0, y: 225, width: 300, height: 150 });
  });

  it("places a print area on a square blank filling the canvas while the product has no blank", () => {
    expect(stageFor(null, TEE).area.y).toBeCloseTo(174);
    expect(stageFor(null, TEE).mockup).toBeNull();
  });

  it("fits a rectangle of the wanted shape inside a box, centred", () => {
    expect(fitAspect({ x: 0, y: 0, width: 200, height: 100 }, 1)).toEqual({ x: 50, y: 0, width: 100, height: 100 });
    expect(fitAspect({ x: 10, y: 10, width: 100, height: 200 }, 2)).toEqual({ x: 10, y: 85, width: 100, height: 50 });
  });
});

describe("the picture's resolution at its printed size", () => {
  const stage = stageFor({ width: 800, height: 800 }, { ...TEE, x: 0.25, y: 0.25, width: 0.5, height: 0.5, widthInches: 10, heightInches: 10 });

  it("is its pixels across over the inches it covers", () => {
    // The area is 300 units for 10 inches: a layer 150 units wide is printed 5 inches wide.
    expect(stage.area.width).toBe(300);
    expect(placedDpi(stage, 1000, 150)).toBe(200);
    expect(placedDpi(stage, 1000, 300)).toBe(100);
  });

  it("crosses 150 DPI where the picture's printed width crosses its pixels ÷ 150", () => {
    // 750 px at 5 inches is exactly 150 DPI; a hair wider is below it.
    expect(placedDpi(stage, 750, 150)).toBe(150);
    expect(placedDpi(stage, 750, 150.01)!).toBeLessThan(150);
    expect(placedDpi(stage, 750, 149.99)!).toBeGreaterThan(150);
  });

  it("is not known while nothing is printed (no print area)", () => {
    expect(placedDpi(stageFor(null, null), 1000, 300)).toBeNull();
  });
});
