import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  tabsSlotRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";

// Chakra's colour palettes the shop never names (its own is `brand`; gray, red, green and orange
// show prices, errors and toasts; blue is the info status). Each palette is 11 colour tokens and 7
// light/dark semantic ones: CSS variables in every page's <head> and work for createSystem() before
// hydration (issue 13).
const UNUSED_PALETTES = new Set(["yellow", "teal", "cyan", "purple", "pink"]);
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

// Chakra's default theme minus the recipes of components the shop does not use: the full set costs
// a first visit ~12 kB gzip more. A component whose recipe is missing renders unstyled, so add its
// recipe here when a screen starts using one (Accordion, Menu, Select…).
const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens: { ...tokens, colors: withoutUnusedPalettes(tokens.colors ?? {}) },
    semanticTokens: { ...semanticTokens, colors: withoutUnusedPalettes(semanticTokens.colors ?? {}) },
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      table: tableSlotRecipe,
      tabs: tabsSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

// The shop's look: a newspaper-ish serif for headings, navy ("brand") for the shell and primary
// actions, Chakra's red for sale badges. Light is the default; `.dark` on <html> switches
// (theme/colorMode.tsx and the colour-mode script inline in index.html put it there).
const config = defineConfig({
  globalCss: {
    "html, body": { bg: "bg", color: "fg" },
    body: { minHeight: "100dvh" },
    "::selection": { bg: "brand.muted" },
  },
  theme: {
    tokens: {
      fonts: {
        heading: { value: "Georgia, Cambria, 'Times New Roman', Times, serif" },
        body: { value: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif" },
      },
      colors: {
        brand: {
          50: { value: "#eef2f9" },
          100: { value: "#d5deee" },
          200: { value: "#aebfdc" },
          300: { value: "#7f97c2" },
          400: { value: "#5673a8" },
          500: { value: "#3c5a91" },
          600: { value: "#2e4675" },
          700: { value: "#24375d" },
          800: { value: "#1b2a4a" },
          900: { value: "#131e36" },
          950: { value: "#0b1222" },
        },
      },
    },
    semanticTokens: {
      colors: {
        bg: {
          DEFAULT: { value: { _light: "#faf8f4", _dark: "#0e1320" } },
          panel: { value: { _light: "white", _dark: "#161d2e" } },
          subtle: { value: { _light: "#f2efe8", _dark: "#131a29" } },
          muted: { value: { _light: "#ebe7de", _dark: "#1c2436" } },
        },
        // Chakra's red.500 error text is under 4.5:1 on white; sale prices and "Price error" use it.
        fg: {
          error: { value: { _light: "{colors.red.700}", _dark: "{colors.red.300}" } },
        },
        border: {
          DEFAULT: { value: { _light: "#e2ddd2", _dark: "#2a3348" } },
        },
        brand: {
          solid: { value: { _light: "{colors.brand.800}", _dark: "{colors.brand.200}" } },
          contrast: { value: { _light: "white", _dark: "{colors.brand.950}" } },
          fg: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.200}" } },
          muted: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.800}" } },
          subtle: { value: { _light: "{colors.brand.50}", _dark: "{colors.brand.900}" } },
          emphasized: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.700}" } },
          focusRing: { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.300}" } },
        },
      },
    },
    slotRecipes: {
      // Chakra's solid toasts put white on green.600 / orange.600 (3.3:1 and 3.6:1) and dim the
      // description to 80%: under the 4.5:1 text needs (axe color-contrast). A shade darker, full opacity.
      toast: {
        slots: toastSlotRecipe.slots,
        base: {
          root: {
            "&[data-type=success]": { bg: "green.700", color: "white" },
            "&[data-type=warning]": { bg: "orange.700", color: "white" },
            "&[data-type=error]": { bg: "red.700", color: "white" },
          },
          description: { opacity: "1" },
        },
      },
    },
  },
});

type ShopSystem = ReturnType<typeof createSystem>;

function sortedKeys(styles: Record<string, unknown>): Record<string, unknown> {
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(styles).sort()) sorted[key] = styles[key];
  return sorted;
}

/** Emotion's already-serialised form of a style: `<Global>` uses it as it is. */
interface SerializedGlobal {
  name: string;
  styles: string;
  next: undefined;
}

/**
 * Issue 13: the system's global CSS (Chakra's reset, the global styles and every token as a CSS
 * variable: ~30 kB) is what a browser spends most of createSystem on, two thirds of it building
 * the tokens' CSS, and a page the gateway rendered already holds it in a
 * `<style data-emotion="css-global NAME">` (entry-server.tsx). Handed to `<ChakraProvider>`'s
 * `<Global>` as that tag's name and text, Emotion adopts the tag (it looks it up by name) instead
 * of serialising and inserting the CSS again; the client build computes `_global` only when asked
 * (web/vite.config.ts, `chakraLazyGlobalCss`), so the browser never builds it on such a page. The
 * tag is the one whose CSS starts with the reset layer: `_global` is [preflight, globalCss,
 * tokens], each wrapped in its layer, and the shop's config turns preflight on. Looked up once,
 * before Emotion renames the tag it adopted.
 */
function serverGlobalCss(): SerializedGlobal | null {
  if (typeof document === "undefined") return null;
  for (const tag of document.head.querySelectorAll<HTMLStyleElement>('style[data-emotion^="css-global "]')) {
    const css = tag.textContent ?? "";
    if (!css.startsWith("@layer reset{")) continue;
    const name = tag.getAttribute("data-emotion")!.slice("css-global ".length);
    return { name, styles: css, next: undefined };
  }
  return null;
}

/**
 * Issue 13: a page the gateway rendered holds only the token variables its own CSS uses, and names
 * the stylesheet with all of them on its global style tag (`data-tokens`, entry-server.tsx). Linked
 * when the system is created, before hydration: it arrives while the page hydrates, before
 * anything the browser renders itself (the header's session parts, dialogs, menus, other screens)
 * can need a variable the page left out. After the first paint, so the page's paint never waits
 * for it.
 */
function linkFullTokens(): void {
  // Once per page: the system is created once (getSystem).
  const href = typeof document === "undefined" ? undefined : document.querySelector<HTMLElement>("style[data-tokens]")?.dataset.tokens;
  if (href) document.head.append(Object.assign(document.createElement("link"), { rel: "stylesheet", href }));
}

function createShopSystem(): ShopSystem {
  linkFullTokens();
  const created = createSystem(defaultBaseConfig, chakraTheme, config);
  // Copied with its descriptors, not spread: spreading would call the lazy `_global` getter.
  const system = Object.defineProperties({}, Object.getOwnPropertyDescriptors(created)) as ShopSystem;
  let global: ShopSystem["_global"] | undefined;
  Object.defineProperty(system, "_global", {
    enumerable: true,
    get: () => (global ??= (serverGlobalCss() as unknown as ShopSystem["_global"] | null) ?? created._global),
  });
  /**
   * Issue 13: the gateway's class names must be the browser's. Chakra memoises `css()` by its
   * arguments with their keys sorted, and answers with the properties in the order of whoever asked
   * first: `<Text color fontSize>` after `<Text fontSize color>` gets the other's order, so another
   * Emotion class, depending on which pages the process (gateway or tab) rendered before. The style
   * props (css()'s last argument) are handed over in one order, so the same props make the same
   * class wherever and whenever they are rendered. (Alphabetical order puts a shorthand before its
   * longhands: `p` before `pt`, `m` before `mt`.)
   */
  system.css = ((...styles: unknown[]) => {
    const last = styles[styles.length - 1];
    if (last && typeof last === "object" && !Array.isArray(last)) styles[styles.length - 1] = sortedKeys(last as Record<string, unknown>);
    return (created.css as (...args: unknown[]) => unknown)(...styles);
  }) as ShopSystem["css"];
  return system;
}

let shopSystem: ShopSystem | undefined;

/**
 * The shop's Chakra system, created on first use rather than when this module is evaluated: the
 * browser creates it in a task of its own (start.tsx), not inside the one that evaluates the
 * shop's code (issue 13).
 */
export function getSystem(): ShopSystem {
  return (shopSystem ??= createShopSystem());
}
