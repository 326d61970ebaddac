import { createSystem, defaultBaseConfig, defineConfig } from "@chakra-ui/react";
import { serializeStyles } from "@emotion/serialize";
import { keptRecipes } from "./keptRecipes";
import {
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  fieldSlotRecipe,
  globalCss,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  menuSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  spinnerRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from "@chakra-ui/react/theme";

// Chakra's colour palettes the shop never names (its own is `brand`; gray, red, green and orange
// show prices, errors and toasts; blue is the info status). Each palette is 11 colour tokens and 7
// light/dark semantic ones: CSS variables in every page's <head> and work for createSystem() before
// hydration.
const UNUSED_PALETTES = new Set(["yellow", "teal", "cyan", "purple", "pink"]);
const withoutUnusedPalettes = <T extends Record<string, unknown>>(colors: T): T =>
  Object.fromEntries(Object.entries(colors).filter(([name]) => !UNUSED_PALETTES.has(name))) as T;

// Chakra's default theme minus the recipes of components the shop does not use: the full set costs
// a first visit ~12 kB gzip more. A component whose recipe is missing renders unstyled, so add its
// recipe here when a screen of a first visit starts using one (Accordion, Select…). Components no
// first visit shows (Alert, Breadcrumb, Fieldset, NativeSelect, Progress, Table, Tabs) bring their
// recipe in their own chunk instead (components/ui/recipes/): ~3 kB gzip less on a first
// visit. The overlays (Dialog, Drawer, Menu) keep theirs here: given through the `recipe` prop, the
// cart drawer's content kept moving under Playwright's clicks in the browser journeys (its opening
// animation restarting), which the system's recipe does not do.
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
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      field: fieldSlotRecipe,
      menu: menuSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

/**
 * The focus ring, whatever the element's colour palette: 3:1 or more against every background of
 * its theme (light: 5.6:1 on bg.muted to 6.9:1 on white; dark: 5.3:1 on bg.muted to 6.3:1 on the
 * page). Sections on navy (hero, newsletter, footer) ring in white instead (theme/onNavy.ts).
 */
const FOCUS_RING = { value: { _light: "{colors.brand.500}", _dark: "{colors.brand.300}" } };

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
          // The dark theme's primary action: a saturated blue that reads as active on the navy page
          // (white text 4.9:1, the button 3.2:1 or more against every dark background), where brand.200
          // looked disabled.
          vivid: { value: "#4169e1" },
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
          solid: { value: { _light: "{colors.brand.800}", _dark: "{colors.brand.vivid}" } },
          contrast: { value: { _light: "white", _dark: "white" } },
          fg: { value: { _light: "{colors.brand.700}", _dark: "{colors.brand.200}" } },
          muted: { value: { _light: "{colors.brand.100}", _dark: "{colors.brand.800}" } },
          subtle: { value: { _light: "{colors.brand.50}", _dark: "{colors.brand.900}" } },
          emphasized: { value: { _light: "{colors.brand.200}", _dark: "{colors.brand.700}" } },
          focusRing: FOCUS_RING,
        },
        // Every palette's focus ring is the brand's (Chakra's gray one, #a1a1aa, is 2.4:1 on the page).
        ...Object.fromEntries(["gray", "red", "green", "orange", "blue"].map((palette) => [palette, { focusRing: FOCUS_RING }])),
      },
    },
    slotRecipes: {
      // Chakra's backdrop, black at 50%, halves a light page but barely darkens the dark theme's
      // near-black one: there it is darker, so the page behind a dialog reads as dimmed in both.
      dialog: { slots: dialogSlotRecipe.slots, base: { backdrop: { _dark: { bg: "blackAlpha.800" } } } },
      drawer: { slots: drawerSlotRecipe.slots, base: { backdrop: { _dark: { bg: "blackAlpha.800" } } } },
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
 * A page the gateway rendered holds the system's global CSS already: the layer order,
 * then Chakra's reset, the global styles and every token as a CSS variable (~30 kB), in two
 * `<style data-emotion="css-global NAME">` tags (entry-server.tsx), light and dark alike.
 * `<ChakraProvider>` hands each to an Emotion `<Global>`, and a `<Global>` that finds its tag in
 * the page "adopts" it by inserting it into <head> again: a DOM move, which takes the style sheet
 * out and puts it back, so the browser recomputes the style of the whole page during hydration
 * (≈ 10–20 ms unthrottled on the home page, ×4 on Lighthouse's phone). A `<Global>` whose styles are
 * empty finds no tag and inserts nothing: on such a page both get that, and the page's tags stay as
 * they are. The client build computes `_global` only when asked (web/vite.config.ts,
 * `chakraLazyGlobalCss`), so the browser never builds it on such a page.
 */
const ALREADY_IN_PAGE: SerializedGlobal = { name: "server-rendered", styles: "", next: undefined };

function pageHasGlobalCss(): boolean {
  return typeof document !== "undefined" && document.head.querySelector('style[data-emotion^="css-global "]') !== null;
}

/**
 * A page the gateway rendered holds only the token variables its own CSS uses, and names
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
  if (pageHasGlobalCss()) {
    Object.defineProperty(system, "_global", { enumerable: true, value: ALREADY_IN_PAGE });
    system.layers = { ...created.layers, atRule: ALREADY_IN_PAGE as unknown as string };
  } else if (import.meta.env.SSR) {
    // The gateway renders the same global style on every page: `<Global>` serialised it (~30 kB
    // of reset, base and token rules, walked and hashed) at each render, ~1.2 ms of a product
    // page's. Serialised once here, it is the form `<Global>` takes as it is (no theme reaches it:
    // ChakraProvider gives it none). Same name, same rules (tests/server-global-style.test.ts).
    Object.defineProperty(system, "_global", { enumerable: true, value: serializeStyles([created._global], undefined, {}) });
  }
  /**
   * The gateway's class names must be the browser's. Chakra memoises `css()` by its
   * arguments with their keys sorted, and answers with the properties in the order of whoever asked
   * first: `<Text color fontSize>` after `<Text fontSize color>` gets the other's order, so another
   * Emotion class, depending on which pages the process (gateway or tab) rendered before. The style
   * props (css()'s last argument) are handed over in one order, so the same props make the same
   * class wherever and whenever they are rendered. (Alphabetical order puts a shorthand before its
   * longhands: `p` before `pt`, `m` before `mt`.)
   */
  const css = created.css as (...args: unknown[]) => unknown;
  const ordered = (styles: unknown[]) => {
    const last = styles[styles.length - 1];
    if (last && typeof last === "object" && !Array.isArray(last)) styles[styles.length - 1] = sortedKeys(last as Record<string, unknown>);
    return styles;
  };
  system.css = (import.meta.env.SSR ? keptCss(css, ordered) : (...styles: unknown[]) => css(...ordered(styles))) as ShopSystem["css"];
  if (import.meta.env.SSR) {
    system.cva = keptRecipes(created.cva);
    system.sva = keptRecipes(created.sva);
  }
  return system;
}

/** How many answers of css() the gateway keeps (the oldest go first). */
const KEPT_CSS = 5_000;

/**
 * The gateway's css(): Chakra's answer kept by a key made cheaply. Chakra keys its own memo by a
 * hash it builds of every argument, key by key with the keys sorted: a recipe's styles (the first
 * or second argument of every element with a recipe) are hashed in full at every element of every
 * page, ~8 % of a product page's render. Here an argument already seen (a recipe's styles, which
 * Chakra answers with the same object each time) is named by a number, and a new one (the
 * element's own style props) by its JSON; Chakra is asked only for what it was not asked before.
 * Style values are strings, numbers and objects of them (never functions, which JSON would drop).
 */
function keptCss(css: (...args: unknown[]) => unknown, ordered: (styles: unknown[]) => unknown[]) {
  const seen = new WeakMap<object, number>();
  let named = 0;
  const answers = new Map<string, unknown>();
  const keyOf = (arg: unknown, index: number, args: unknown[]): string => {
    if (arg === null || typeof arg !== "object") return JSON.stringify(arg) ?? "u";
    const number = seen.get(arg);
    if (number !== undefined) return `#${number}`;
    // The last is the element's own style props, a new object every time: not worth remembering.
    if (index < args.length - 1) seen.set(arg, ++named);
    return JSON.stringify(arg);
  };
  return (...styles: unknown[]) => {
    const args = ordered(styles);
    const key = args.map(keyOf).join("|");
    let answer = answers.get(key);
    if (answer === undefined) {
      answer = css(...args);
      if (answers.size >= KEPT_CSS) answers.delete(answers.keys().next().value!);
      answers.set(key, answer);
    }
    return answer;
  };
}

let shopSystem: ShopSystem | undefined;

/** What the client build adds to Chakra's createSystem (web/vite.config.ts, chakraSystemInSteps). */
type PreparableCreateSystem = typeof createSystem & { prepare?: (...configs: Parameters<typeof createSystem>) => void };

/**
 * A step of creating the shop's system ahead of getSystem(), one per call (merging the
 * configs, then building the token dictionary), for the browser to run each in a task of its own:
 * the one long task (≈ 30 ms unthrottled on the product page) becomes three. Does nothing where
 * Chakra has no `prepare` (the gateway, tests) or the system exists already.
 */
export function prepareSystem(): void {
  if (!shopSystem) (createSystem as PreparableCreateSystem).prepare?.(defaultBaseConfig, chakraTheme, config);
}

/**
 * The shop's Chakra system, created on first use rather than when this module is evaluated: the
 * browser creates it in a task of its own (start.tsx), not inside the one that evaluates the
 * shop's code.
 */
export function getSystem(): ShopSystem {
  return (shopSystem ??= createShopSystem());
}

