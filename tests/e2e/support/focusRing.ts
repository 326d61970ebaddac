import type { Page } from "playwright-core";

/** A focus ring the browser drew, and the colour behind it. */
export interface FocusRing {
  element: string;
  outline: string;
  width: number;
  color: string;
  behind: string;
  contrast: number;
  /**
   * The ring the theme draws where the element stands (its colour palette's focus ring: the brand's,
   * or white in a section on navy), in the form of `color`: a ring of another colour is the
   * browser's own or one drawn by hand.
   */
  themeRing: string;
  /** The theme's focus colour (`brand.focusRing`), in the form of `color`. */
  brandRing: string;
  /** Where the element is: "header", "article" (a product card), "footer" or "main". */
  within: string;
}

// Runs in the page: what the focused element's ring looks like and how it stands out from the
// colour around it, that of the nearest ancestor with an opaque background (translucent ones
// blended onto what is under them). WCAG 1.4.11 asks 3:1 of a focus indicator.
const MEASURE_FOCUSED = `(() => {
  const el = document.activeElement;
  if (!el || el === document.body) return null;
  const parse = (css) => {
    const m = css.match(/rgba?\\(([^)]+)\\)/);
    if (!m) return null;
    const [r, g, b, a = "1"] = m[1].split(/[ ,/]+/).filter(Boolean);
    return [Number(r), Number(g), Number(b), Number(a)];
  };
  const over = (top, bottom) => [0, 1, 2].map((i) => top[i] * top[3] + bottom[i] * (1 - top[3])).concat(1);
  const behind = (start) => {
    const layers = [];
    for (let node = start; node; node = node.parentElement) {
      const c = parse(getComputedStyle(node).backgroundColor);
      if (c && c[3] > 0) { layers.push(c); if (c[3] >= 1) break; }
    }
    let colour = [255, 255, 255, 1];
    for (const layer of layers.reverse()) colour = over(layer, colour);
    return colour;
  };
  const luminance = ([r, g, b]) => {
    const lin = (v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; };
    return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
  };
  const style = getComputedStyle(el);
  const ring = parse(style.outlineColor) ?? [0, 0, 0, 0];
  // An outline drawn outside the element lies on its parent's background, one drawn inside it on
  // its own; one on its border (offset 0) lies between the two: the weaker of the two counts.
  const offset = parseFloat(style.outlineOffset) || 0;
  const backs = offset > 0 ? [behind(el.parentElement)] : offset < 0 ? [behind(el)] : [behind(el.parentElement), behind(el)];
  const ringOnBack = (back) => over(ring, back);
  const ratios = backs.map((back) => {
    const [l1, l2] = [luminance(ringOnBack(back)), luminance(back)].sort((x, y) => y - x);
    return (l1 + 0.05) / (l2 + 0.05);
  });
  const worst = ratios.indexOf(Math.min(...ratios));
  // A token's value as the browser computes a colour (rgb(…)), by way of the element's own outline.
  const asComputed = (value) => {
    const saved = el.style.getPropertyValue("outline-color");
    const priority = el.style.getPropertyPriority("outline-color");
    el.style.setProperty("outline-color", value.trim(), "important");
    const colour = getComputedStyle(el).outlineColor;
    el.style.setProperty("outline-color", saved, priority);
    return colour;
  };
  const paletteRing = getComputedStyle(el.parentElement).getPropertyValue("--chakra-colors-color-palette-focus-ring");
  const brandRing = getComputedStyle(document.documentElement).getPropertyValue("--chakra-colors-brand-focus-ring");
  const name = el.getAttribute("aria-label") || (el.textContent || "").trim().slice(0, 40) || el.getAttribute("name") || "";
  return {
    element: el.tagName.toLowerCase() + (name ? " " + JSON.stringify(name) : ""),
    outline: style.outlineStyle,
    width: parseFloat(style.outlineWidth) || 0,
    color: style.outlineColor,
    behind: "rgb(" + backs[worst].slice(0, 3).map(Math.round).join(", ") + ")",
    contrast: Math.round(ratios[worst] * 100) / 100,
    themeRing: paletteRing ? asComputed(paletteRing) : "none",
    brandRing: brandRing ? asComputed(brandRing) : "none",
    within: el.closest("header") ? "header" : el.closest("article") ? "article" : el.closest("footer") ? "footer" : "main",
  };
})()`;

/** Tabs through the page from its start and measures the ring of each element focused on the way (at most `limit`). */
export async function focusRingsOf(page: Page, limit: number): Promise<FocusRing[]> {
  const rings: FocusRing[] = [];
  await page.evaluate("document.activeElement?.blur(); window.scrollTo(0, 0)");
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press("Tab");
    const ring = (await page.evaluate(MEASURE_FOCUSED)) as FocusRing | null;
    if (!ring) break;
    if (rings.some((seen) => seen.element === ring.element && seen.color === ring.color && seen.behind === ring.behind)) continue;
    rings.push(ring);
  }
  return rings;
}
