// Colours: named product colours, the house palette, and contrast helpers.

export const HOUSE = {
  navy: "#1f2a48",
  ink: "#1b1b1f",
  red: "#b8323a",
  brightRed: "#e0474f",
  gold: "#e8b23a",
  cream: "#f6f0e3",
  paper: "#fbf9f4",
  white: "#ffffff",
  grey: "#8a8f98",
  wood: "#7a4b2a",
  darkWood: "#5a3520",
  sky: "#dce7f2",
} as const;

/** Named product colours as shown in option values. */
const PRODUCT_COLORS: Record<string, string> = {
  Black: "#202024",
  Navy: "#22304f",
  "Heather Grey": "#a3a7ad",
  White: "#f7f7f4",
  Red: "#b0282f",
  Maroon: "#6d2131",
  Charcoal: "#3c3f45",
  Sand: "#d9c9a6",
  "Royal Blue": "#2c4f9e",
  "Forest Green": "#2f4b3b",
  Khaki: "#bfae85",
  Olive: "#5d6236",
  Stone: "#d8d2c4",
  Cream: "#f1e8d2",
  Natural: "#eadfc8",
  "Sky Blue": "#9fc3e6",
  Mustard: "#d4a23a",
  Cork: "#c49a6c",
  Slate: "#4a4f57",
  Coir: "#c9a46a",
};

export function colorHex(name: string): string {
  const hex = PRODUCT_COLORS[name];
  if (!hex) throw new Error(`Unknown product colour: ${name}`);
  return hex;
}

function parse(hex: string): [number, number, number] {
  const h = hex.replace("#", "");
  return [parseInt(h.slice(0, 2), 16), parseInt(h.slice(2, 4), 16), parseInt(h.slice(4, 6), 16)];
}

function toHex(rgb: [number, number, number]): string {
  return "#" + rgb.map((c) => Math.max(0, Math.min(255, Math.round(c))).toString(16).padStart(2, "0")).join("");
}

/** Linear mix of two colours; t = 0 gives a, t = 1 gives b. */
function mix(a: string, b: string, t: number): string {
  const pa = parse(a);
  const pb = parse(b);
  return toHex([pa[0] + (pb[0] - pa[0]) * t, pa[1] + (pb[1] - pa[1]) * t, pa[2] + (pb[2] - pa[2]) * t]);
}

/** Darken (amount < 0) or lighten (amount > 0) a colour. */
export function shade(hex: string, amount: number): string {
  return amount < 0 ? mix(hex, "#000000", -amount) : mix(hex, "#ffffff", amount);
}

function luminance(hex: string): number {
  const [r, g, b] = parse(hex).map((c) => {
    const v = c / 255;
    return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function isDark(hex: string): boolean {
  return luminance(hex) < 0.28;
}

export interface InkSet {
  ink: string;
  accent: string;
}

/** Print colours that read well on a given base colour. */
export function inksFor(base: string): InkSet {
  if (isDark(base)) return { ink: "#fbf7ee", accent: HOUSE.gold };
  const red = luminance(base) > 0.5 ? HOUSE.red : "#7d1620";
  return { ink: HOUSE.navy, accent: red };
}

/** Soft studio backgrounds for product photos. */
export const BACKGROUNDS = ["#f3eee4", "#e6edf4", "#f4e8e2", "#e7efe8", "#ece8f2", "#f5efd9"] as const;
