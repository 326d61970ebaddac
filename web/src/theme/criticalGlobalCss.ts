// Issue 13: the gateway's pages carry only the part of Chakra's global CSS that their own CSS uses.
// It declares every token as a CSS variable (~21 kB of a page's ~80 kB critical CSS, the same on
// every page) in its `@layer tokens{…}`, and ~30 animations' @keyframes in its `@layer base{…}`; a
// page's markup and classes use a hundred or so of the ~400 variables and one or two animations.
// The rest would only be bytes in the HTML's first round trip (and custom properties every element
// inherits). The browser gets all of it after the first paint, as a stylesheet the build writes
// (tokenStylesheet in entry-server.tsx; theme/system.ts links it), before anything it renders
// itself can need what the page left out. Used by the gateway's renderer only.

const TOKEN_LAYER = "@layer tokens{";
const BASE_LAYER = "@layer base{";

/** Where the top-level block that starts with `opening` starts and ends (after its closing brace) in a stylesheet, or null. */
function blockBounds(css: string, opening: string): { start: number; end: number } | null {
  const start = css.indexOf(opening);
  if (start < 0) return null;
  const end = blockEnd(css, start + opening.length);
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

const VARIABLE = /--(?:[\w-]|\\.)+/g;
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
  const roots = new Set(markup.match(VARIABLE) ?? []);
  const declared = new Map<string, string[]>();
  for (const [, property, value] of css.matchAll(DECLARATION)) {
    const named = value.match(VARIABLE) ?? [];
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

/** The base layer's @keyframes blocks, with their names. */
function keyframesOf(globalCss: string): { name: string; css: string }[] {
  const base = blockBounds(globalCss, BASE_LAYER);
  if (!base) return [];
  const found: { name: string; css: string }[] = [];
  for (const match of globalCss.slice(base.start, base.end).matchAll(/@keyframes\s+([\w-]+)\s*\{/g)) {
    const start = base.start + match.index;
    const end = blockEnd(globalCss, start + match[0].length);
    if (end > 0) found.push({ name: match[1], css: globalCss.slice(start, end) });
  }
  return found;
}

/**
 * `globalCss` (Chakra's global style: reset, base and tokens layers) with only the token variables
 * and @keyframes that `otherCss` (the page's other styles), the rest of `globalCss` and `markup`
 * use. Everything else stays as it is.
 */
export function pruneGlobalCss(globalCss: string, otherCss: string, markup: string): string {
  let css = globalCss;
  const tokens = blockBounds(css, TOKEN_LAYER);
  if (tokens) {
    // The token layer holds only declarations of variables: it adds no roots, only chains (a
    // semantic token naming a palette shade).
    const needed = neededVariables(`${css}\n${otherCss}`, markup);
    const keep = (declaration: string) => {
      const name = declaration.slice(0, declaration.indexOf(":")).trim();
      return !name.startsWith("--") || needed.has(name);
    };
    const body = pruneRules(css.slice(tokens.start + TOKEN_LAYER.length, tokens.end - 1), keep);
    css = `${css.slice(0, tokens.start)}${TOKEN_LAYER}${body}}${css.slice(tokens.end)}`;
  }
  const keyframes = keyframesOf(css);
  let rest = css;
  for (const { css: block } of keyframes) rest = rest.replace(block, "");
  // An animation is named in a declaration's value: `animation`, `animation-name`, or a variable
  // (a kept `--chakra-animations-spin: spin 1s …`, a recipe's `--animation-name`).
  const values = [...`${rest}\n${otherCss}`.matchAll(DECLARATION)].map(([, , value]) => value).join(" ") + markup;
  const used = (name: string) => new RegExp(`(?<![\\w-])${name}(?![\\w-])`).test(values);
  for (const { name, css: block } of keyframes) if (!used(name)) css = css.replace(block, "");
  return css;
}

/**
 * What a page may have left out of Chakra's global CSS: the whole token layer and the base layer's
 * @keyframes (the stylesheet the browser links after the first paint), or null without a token layer.
 */
export function deferredGlobalCss(globalCss: string): string | null {
  const tokens = blockBounds(globalCss, TOKEN_LAYER);
  if (!tokens) return null;
  const keyframes = keyframesOf(globalCss).map(({ css }) => css).join("");
  return `${keyframes ? `${BASE_LAYER}${keyframes}}` : ""}${globalCss.slice(tokens.start, tokens.end)}`;
}
