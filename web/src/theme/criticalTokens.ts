// The gateway's pages carry only the token variables their CSS uses. Chakra's global CSS
// declares every token as a CSS variable (~21 kB of a page's ~80 kB critical CSS, the same on every
// page), in its `@layer tokens{…}`; a page's markup and classes use a hundred or so of the ~400. The
// rest would only be bytes in the HTML's first round trip, and custom properties every element of
// the page inherits. The browser gets the whole layer after the first paint, as a stylesheet the
// build writes (tokenStylesheet in entry-server.tsx; theme/system.ts links it), before anything it
// renders itself can need a variable the page left out. Used by the gateway's renderer only.

const TOKEN_LAYER = "@layer tokens{";

/** Where `@layer tokens{…}` starts and ends (after its closing brace) in a stylesheet, or null. */
function tokenLayerBounds(css: string): { start: number; end: number } | null {
  const start = css.indexOf(TOKEN_LAYER);
  if (start < 0) return null;
  const end = blockEnd(css, start + TOKEN_LAYER.length);
  return end < 0 ? null : { start, end };
}

/** The index after the brace that closes the block whose body starts at `from`, or -1. Skips quoted text. */
function blockEnd(css: string, from: number): number {
  let depth = 1;
  let quote = "";
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i + 1;
  }
  return -1;
}

/** `body` cut at the semicolons that end declarations (not those inside quotes or parentheses). */
function declarations(body: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quote = "";
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    const c = body[i];
    if (quote) {
      if (c === "\\") i++;
      else if (c === quote) quote = "";
    } else if (c === '"' || c === "'") quote = c;
    else if (c === "(") depth++;
    else if (c === ")") depth--;
    else if (c === ";" && depth === 0) {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  if (body.slice(start).trim()) parts.push(body.slice(start));
  return parts.filter((part) => part.trim() !== "");
}

/** A CSS variable's name wherever it is named. */
export const CSS_VARIABLE = /--(?:[\w-]|\\.)+/g;
/** A declaration in any stylesheet: its property and value (selectors that look like one only add names). */
const DECLARATION = /[{;]\s*((?:[\w-]|\\.)+)\s*:([^;{}]*)/g;

/**
 * The variables a page needs: every one its markup (inline styles) or an ordinary property of its
 * CSS names, and, following var() chains, every one those variables' declarations name (wherever
 * they are declared: a token, or a class setting `--colors-color-palette-*`). Declarations are
 * matched by name, not by the elements they apply to: a variable may be kept that no element
 * resolves, never the reverse.
 */
function neededVariables(css: string, markup: string): Set<string> {
  const roots = new Set(markup.match(CSS_VARIABLE) ?? []);
  const declared = new Map<string, string[]>();
  for (const [, property, value] of css.matchAll(DECLARATION)) {
    const named = value.match(CSS_VARIABLE) ?? [];
    if (property.startsWith("--")) {
      const list = declared.get(property);
      if (list) list.push(...named);
      else declared.set(property, [...named]);
    } else {
      for (const name of named) roots.add(name);
    }
  }
  const needed = new Set<string>();
  const pending = [...roots];
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (needed.has(name)) continue;
    needed.add(name);
    pending.push(...(declared.get(name) ?? []));
  }
  return needed;
}

/** The rules of a block's body (`selector{…}` in a row), each with only the declarations `keep` accepts; empty rules dropped. */
function pruneRules(body: string, keep: (declaration: string) => boolean): string {
  let out = "";
  let at = 0;
  while (at < body.length) {
    const open = body.indexOf("{", at);
    if (open < 0) break;
    const end = blockEnd(body, open + 1);
    if (end < 0) break;
    const prelude = body.slice(at, open);
    const inner = body.slice(open + 1, end - 1);
    // A nested block (an @media around token rules) is pruned the same way inside.
    const kept = inner.includes("{") ? pruneRules(inner, keep) : declarations(inner).filter(keep).join(";");
    if (kept) out += `${prelude}{${kept}}`;
    at = end;
  }
  return out;
}

/**
 * `globalCss` (Chakra's global style: reset, base and tokens layers) with its token layer reduced
 * to the variables that `otherCss` (the page's other styles), the rest of `globalCss` and `markup`
 * use; unchanged when it has no token layer. Declarations other than custom properties stay.
 */
export function pruneTokenLayer(globalCss: string, otherCss: string, markup: string): string {
  const bounds = tokenLayerBounds(globalCss);
  if (!bounds) return globalCss;
  // The token layer holds only declarations of variables: it adds no roots, only chains (a
  // semantic token naming a palette shade).
  const needed = neededVariables(`${globalCss}\n${otherCss}`, markup);
  const keep = (declaration: string) => {
    const name = declaration.slice(0, declaration.indexOf(":")).trim();
    return !name.startsWith("--") || needed.has(name);
  };
  const body = pruneRules(globalCss.slice(bounds.start + TOKEN_LAYER.length, bounds.end - 1), keep);
  return `${globalCss.slice(0, bounds.start)}${TOKEN_LAYER}${body}}${globalCss.slice(bounds.end)}`;
}

/** The whole `@layer tokens{…}` of Chakra's global CSS (what the browser links after the first paint), or null. */
export function tokenLayer(globalCss: string): string | null {
  const bounds = tokenLayerBounds(globalCss);
  return bounds ? globalCss.slice(bounds.start, bounds.end) : null;
}

const KEYFRAMES = /@keyframes\s+([\w-]+)\s*\{/g;
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * `globalCss` without the `@keyframes` blocks whose name `named` never mentions as a whole word.
 * `named`: the text of everything that may start an animation on the page or later in the browser
 * (the theme's recipes and animation styles, the page's own CSS). Chakra's theme declares 33
 * keyframes and every page's global style carried them all (~0.2 kB brotli of keyframes no
 * component of the shop names: the circular progress', collapsible's, marquee's, `ping`, `bounce`).
 * They stay in the page rather than wait for a stylesheet, since Zag's presence waits for the
 * `animationend` of a drawer's or dialog's animation. A name also found in an unrelated place (a
 * property called `position`) only keeps a block.
 */
export function pruneKeyframes(globalCss: string, named: string): string {
  let out = "";
  let at = 0;
  for (const match of globalCss.matchAll(KEYFRAMES)) {
    const start = match.index;
    if (start < at) continue;
    const end = blockEnd(globalCss, start + match[0].length);
    if (end < 0) break;
    if (!new RegExp(`(^|[^\\w-])${escapeRegExp(match[1]!)}($|[^\\w-])`).test(named)) {
      out += globalCss.slice(at, start);
      at = end;
    }
  }
  return out + globalCss.slice(at);
}

/**
 * What may name a keyframe on any screen, whether the gateway or the browser renders it: the theme's
 * recipes, slot recipes and animation styles, as text for pruneKeyframes. (The shop's own keyframes
 * are declared in its class CSS, which is kept whole, and none of its styles names Chakra's.)
 */
export function animationNames(theme: { recipes?: unknown; slotRecipes?: unknown; animationStyles?: unknown } | undefined): string {
  return JSON.stringify([theme?.recipes, theme?.slotRecipes, theme?.animationStyles]);
}
