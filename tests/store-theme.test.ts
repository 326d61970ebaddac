import path from "node:path";
import { describe, expect, it } from "vitest";
import { STORE_CSS, STORE_FONTS, STORE_PALETTE } from "../gateway/checkout/pages/store.css.js";

// The store pages (the gateway's own HTML) wear the storefront's colours and typefaces: each value
// of their stylesheet is the client's token (web/src/theme/system.ts over Chakra's theme), in light
// and in dark. A token changed in the client fails here until the store pages follow.

type Mode = "light" | "dark";
interface Token {
  value: unknown;
  originalValue?: unknown;
  extensions?: { conditions?: Record<string, string> };
}
// Imported by its path: the client's module is typed against the DOM, which the gateway's tsconfig leaves out.
const SYSTEM_MODULE = path.resolve(import.meta.dirname, "../web/src/theme/system.ts");
const { getSystem } = (await import(SYSTEM_MODULE)) as { getSystem(): { tokens: { getByName(name: string): Token | undefined } } };
const system = getSystem();
const NAMED: Record<string, string> = { white: "#ffffff", black: "#000000" };

/** A token's value in a colour mode, references ({colors.gray.600}) followed to the colour. */
function resolve(name: string, mode: Mode): string {
  const token = system.tokens.getByName(name);
  if (!token) throw new Error(`no token ${name}`);
  const conditions = token.extensions?.conditions;
  const value = String(conditions?.[`_${mode}`] ?? conditions?.base ?? token.originalValue ?? token.value);
  const reference = /^\{(.+)\}$/.exec(value);
  if (reference) return resolve(reference[1]!, mode);
  return (NAMED[value] ?? value).toLowerCase();
}

describe("the store pages' stylesheet", () => {
  it.each(Object.entries(STORE_PALETTE))("%s is the storefront's %s in light and dark", (_variable, colour) => {
    expect({ light: colour.light, dark: colour.dark }).toEqual({ light: resolve(colour.token, "light"), dark: resolve(colour.token, "dark") });
  });

  it("uses the storefront's typefaces", () => {
    for (const font of Object.values(STORE_FONTS)) expect(font.value).toBe(system.tokens.getByName(font.token)?.value);
    expect(STORE_CSS).toContain(`font: 16px/1.5 ${STORE_FONTS.body.value};`);
    expect(STORE_CSS).toContain(`h1, h2, legend { font-family: ${STORE_FONTS.heading.value}; }`);
  });

  it("is light unless the shopper chose dark in the shop (.dark) or, having chosen nothing, the system is dark", () => {
    const declarations = (mode: Mode) =>
      Object.entries(STORE_PALETTE)
        .map(([name, colour]) => `${name}: ${colour[mode]};`)
        .join(" ");
    expect(STORE_CSS).toContain(`:root { color-scheme: light; ${declarations("light")} }`);
    expect(STORE_CSS).toContain(`@media (prefers-color-scheme: dark) {\n  :root:not(.light) { color-scheme: dark; ${declarations("dark")} }\n}`);
    expect(STORE_CSS).toContain(`:root.dark { color-scheme: dark; ${declarations("dark")} }`);
  });
});
