import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Plugin } from "vite";
import { chakraSerializedOnce } from "../web/vite.config";

// The renderer's build has Chakra's factory keep Emotion's serialisation of an element's styles by the
// style object (web/vite.config.ts): what it renders must be what Chakra's own factory renders.
const FACTORY = path.resolve(import.meta.dirname, "../node_modules/@chakra-ui/react/dist/esm/styled-system/factory.js");
// Beside the original, so that its relative imports (Chakra's provider among them) are the same modules.
const PATCHED = FACTORY.replace(/factory\.js$/, `factory.serialized-once-${process.pid}.test.mjs`);

type Transform = (this: unknown, code: string, id: string) => string | null;
const transform = (code: string) =>
  ((chakraSerializedOnce() as Plugin & { transform: Transform }).transform).call(
    {
      error(message: string): never {
        throw new Error(message);
      },
    },
    code,
    FACTORY,
  );

describe("Chakra's factory with Emotion's serialisation kept (the renderer's build)", () => {
  afterAll(() => fs.rmSync(PATCHED, { force: true }));

  it("renders the markup and CSS of Chakra's own factory, serialising through the kept answers", async () => {
    const code = transform(fs.readFileSync(FACTORY, "utf8"))!;
    // The element's one call now goes through the memo, whose misses are Emotion's serializeStyles.
    expect(code.match(/serializedOnce\(/g)).toHaveLength(1);
    expect(code.match(/serializeStyles\(styles, registered, props\)/g)).toHaveLength(2);
    fs.writeFileSync(PATCHED, code);
    const React = await import("react");
    const { renderToString } = await import("react-dom/server");
    const { CacheProvider } = await import("@emotion/react");
    const createCache = (await import("@emotion/cache")).default;
    const { ChakraProvider, createSystem, defaultConfig } = await import("@chakra-ui/react");
    const system = createSystem(defaultConfig);
    const factories = {
      patched: (await import(pathToFileURL(PATCHED).href)).chakra,
      original: (await import(pathToFileURL(FACTORY).href)).chakra,
    };
    const page = (chakra: (tag: string, config?: object) => React.ElementType) => {
      const Box = chakra("div");
      const Tag = chakra("span", { base: { fontWeight: "bold" }, variants: { tone: { loud: { color: "red.500" } } } });
      const cache = createCache({ key: "css" });
      cache.compat = true;
      const h = React.createElement;
      const content = h(
        Box,
        { p: "4", color: "fg" },
        h(Box, { p: "4", color: "fg" }),
        h(Tag, { tone: "loud" }, "one"),
        h(Tag, { tone: "loud", className: "plain" }, "two"),
        h(Box, { className: "css-unknown", md: { m: "2" }, _hover: { bg: "gray.100" } }),
      );
      const html = renderToString(h(CacheProvider, { value: cache }, h(ChakraProvider, { value: system, children: content })));
      return { html, css: Object.values(cache.inserted).filter((rules) => typeof rules === "string").sort() };
    };
    const patched = page(factories.patched);
    expect(patched).toEqual(page(factories.original));
    expect(patched.html).toContain('class="plain css-');
    // A second page from the patched factory: the kept serialisations give the same classes.
    expect(page(factories.patched)).toEqual(patched);
  });

  it("stops the build when Chakra's factory no longer serialises as expected", () => {
    expect(() => transform("const createStyled = () => {};")).toThrow(/chakraSerializedOnce/);
  });
});
