import path from "node:path";
import React from "react";
import { renderToString } from "react-dom/server";
import { CacheProvider, Global } from "@emotion/react";
import createCache from "@emotion/cache";
import { createSystem } from "@chakra-ui/react";
import { describe, expect, it } from "vitest";

// On the gateway the shop's system holds its global style (Chakra's reset, base styles and token
// variables) already serialised for Emotion, once per process, instead of <Global> serialising the
// ~30 kB of rules at every render (web/src/theme/system.ts): it must insert exactly what Chakra's own
// global style inserts.

// Imported by its path: the client's module is typed against the DOM, which the gateway's tsconfig leaves out.
const SYSTEM_MODULE = path.resolve(import.meta.dirname, "../web/src/theme/system.ts");
const { getSystem } = (await import(SYSTEM_MODULE)) as { getSystem(): { _global: unknown; _config: Parameters<typeof createSystem>[0] } };
function inserted(styles: unknown): Record<string, string | true | undefined> {
  const cache = createCache({ key: "css" });
  cache.compat = true;
  renderToString(React.createElement(CacheProvider, { value: cache }, React.createElement(Global, { styles: styles as never })));
  return cache.inserted;
}

describe("the gateway's global style", () => {
  it("is Emotion's serialised form, inserting the very rules of Chakra's own global style for the same config", () => {
    const system = getSystem();
    expect(Array.isArray(system._global)).toBe(false);
    const own = createSystem(system._config)._global;
    expect(Array.isArray(own)).toBe(true);
    const rules = inserted(system._global);
    expect(rules).toEqual(inserted(own));
    expect(Object.values(rules).join("")).toMatch(/^@layer reset\{/);
    expect(Object.values(rules).join("")).toContain("--chakra-colors-");
  });
});
