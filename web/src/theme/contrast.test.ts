import { describe, expect, it } from "vitest";
import { getSystem } from "./system";

// The theme's colours checked the way WCAG measures them, in both themes: text 4.5:1, a focus
// ring or a control's edge 3:1.
type Mode = "_light" | "_dark";
const NAMED: Record<string, string> = { white: "#ffffff", black: "#000000" };

function resolve(name: string, mode: Mode): string {
  const token = getSystem().tokens.getByName(name);
  if (!token) throw new Error(`No token ${name}`);
  const conditions = token.extensions?.conditions as Record<string, string> | undefined;
  const raw = String(conditions?.[mode] ?? conditions?.base ?? token.originalValue ?? token.value);
  const reference = /^\{(.+)\}$/.exec(raw);
  if (reference) return resolve(reference[1]!, mode);
  return NAMED[raw] ?? raw;
}

function rgb(hex: string): number[] {
  const digits = hex.replace("#", "");
  return [0, 2, 4].map((i) => parseInt(digits.slice(i, i + 2), 16) / 255);
}

function luminance(hex: string): number {
  const [r, g, b] = rgb(hex).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (high! + 0.05) / (low! + 0.05);
}

function saturation(hex: string): number {
  const channels = rgb(hex);
  const max = Math.max(...channels);
  const min = Math.min(...channels);
  const lightness = (max + min) / 2;
  return max === min ? 0 : (max - min) / (1 - Math.abs(2 * lightness - 1));
}

const BACKGROUNDS = ["colors.bg", "colors.bg.panel", "colors.bg.subtle", "colors.bg.muted"];
const MODES: Mode[] = ["_light", "_dark"];

describe("the theme's contrast", () => {
  it.each(MODES)("rings focus in the brand's colour, 3:1 or more on every background, whatever the palette (%s)", (mode) => {
    for (const palette of ["gray", "brand", "red", "green", "orange", "blue"]) {
      const ring = resolve(`colors.${palette}.focusRing`, mode);
      expect(ring, palette).toBe(resolve("colors.brand.focusRing", mode));
      for (const background of BACKGROUNDS) expect(contrast(ring, resolve(background, mode)), `${palette} on ${background}`).toBeGreaterThanOrEqual(3);
    }
  });

  it.each(MODES)("writes a primary button's label 4.5:1 on it, and the button stands 3:1 from the page (%s)", (mode) => {
    const solid = resolve("colors.brand.solid", mode);
    expect(contrast(resolve("colors.brand.contrast", mode), solid)).toBeGreaterThanOrEqual(4.5);
    for (const background of BACKGROUNDS) expect(contrast(solid, resolve(background, mode)), background).toBeGreaterThanOrEqual(3);
  });

  it("gives the dark theme's primary button a saturated colour, not a pale one that reads as disabled", () => {
    const solid = resolve("colors.brand.solid", "_dark");
    expect(saturation(solid)).toBeGreaterThan(0.5);
    expect(luminance(solid)).toBeLessThan(0.25);
  });
});
