import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import type { Plugin } from "vite";
import ts from "typescript";
import { chakraElementsOnce, chakraSerializedOnce } from "../web/vite.config";

// The renderer's build has Chakra's factory keep Emotion's serialisation of an element's styles by the
// style object (web/vite.config.ts): what it renders must be what Chakra's own factory renders.
const FACTORY = path.resolve(import.meta.dirname, "../node_modules/@chakra-ui/react/dist/esm/styled-system/factory.js");
// Beside the original, so that its relative imports (Chakra's provider among them) are the same modules.
const PATCHED = FACTORY.replace(/factory\.js$/, `factory.serialized-once-${process.pid}.test.mjs`);

type Transform = (this: unknown, code: string, id: string) => string | null;
/** The plugin's transform of the factory's code, as the build runs it (its errors thrown). */
const transformWith = (plugin: Plugin) => (code: string) =>
  ((plugin as Plugin & { transform: Transform }).transform).call(
    {
      error(message: string): never {
        throw new Error(message);
      },
    },
    code,
    FACTORY,
  );
const transform = transformWith(chakraSerializedOnce());

/**
 * React and Chakra (a system of Chakra's defaults) as the renderer uses them: `render(content)` is
 * the markup of a server render into a fresh Emotion cache in compat mode, and the CSS it inserted.
 */
async function serverRenderer() {
  const React = await import("react");
  const { renderToString } = await import("react-dom/server");
  const { CacheProvider } = await import("@emotion/react");
  const createCache = (await import("@emotion/cache")).default;
  const { ChakraProvider, createSystem, defaultConfig } = await import("@chakra-ui/react");
  const system = createSystem(defaultConfig);
  const render = (content: React.ReactNode) => {
    const cache = createCache({ key: "css" });
    cache.compat = true;
    const html = renderToString(React.createElement(CacheProvider, { value: cache }, React.createElement(ChakraProvider, { value: system, children: content })));
    return { html, css: Object.values(cache.inserted).filter((rules) => typeof rules === "string").sort() };
  };
  return { React, renderToString, ChakraProvider, system, render };
}

describe("Chakra's factory with Emotion's serialisation kept (the renderer's build)", () => {
  afterAll(() => fs.rmSync(PATCHED, { force: true }));

  it("renders the markup and CSS of Chakra's own factory, serialising through the kept answers", async () => {
    const code = transform(fs.readFileSync(FACTORY, "utf8"))!;
    // The element's one call now goes through the memo, whose misses are Emotion's serializeStyles.
    expect(code.match(/serializedOnce\(/g)).toHaveLength(1);
    expect(code.match(/serializeStyles\(styles, registered, props\)/g)).toHaveLength(2);
    fs.writeFileSync(PATCHED, code);
    const { React, render } = await serverRenderer();
    const factories = {
      patched: (await import(pathToFileURL(PATCHED).href)).chakra,
      original: (await import(pathToFileURL(FACTORY).href)).chakra,
    };
    const page = (chakra: (tag: string, config?: object) => React.ElementType) => {
      const Box = chakra("div");
      const Tag = chakra("span", { base: { fontWeight: "bold" }, variants: { tone: { loud: { color: "red.500" } } } });
      const h = React.createElement;
      const content = h(
        Box,
        { p: "4", color: "fg" },
        h(Box, { p: "4", color: "fg" }),
        h(Tag, { tone: "loud" }, "one"),
        h(Tag, { tone: "loud", className: "plain" }, "two"),
        h(Box, { className: "css-unknown", md: { m: "2" }, _hover: { bg: "gray.100" } }),
      );
      return render(content);
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

describe("Chakra's factory with each element's answer kept (the renderer's build)", () => {
  // The build's order: the serialisation memo, then the kept elements. The patched factory imports
  // web/src/theme/keptElements.ts, which this test hands it compiled, beside it.
  const KEPT = PATCHED.replace(/\.test\.mjs$/, ".kept-elements.test.mjs");
  afterAll(() => {
    fs.rmSync(PATCHED.replace(/\.test\.mjs$/, ".elements.test.mjs"), { force: true });
    fs.rmSync(KEPT, { force: true });
  });

  const transformElements = transformWith(chakraElementsOnce());

  it("writes every element as Chakra's own factory does, from the kept answer once it has one", async () => {
    const source = path.resolve(import.meta.dirname, "../web/src/theme/keptElements.ts");
    fs.writeFileSync(KEPT, ts.transpileModule(fs.readFileSync(source, "utf8"), { compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 } }).outputText);
    const code = transformElements(transform(fs.readFileSync(FACTORY, "utf8"))!)!.replace(JSON.stringify(source), JSON.stringify(KEPT));
    const file = PATCHED.replace(/\.test\.mjs$/, ".elements.test.mjs");
    fs.writeFileSync(file, code);
    const { React, renderToString, ChakraProvider, system, render } = await serverRenderer();
    let propertyChecks = 0;
    const isValidProperty = system.isValidProperty;
    system.isValidProperty = (prop: string) => {
      propertyChecks++;
      return isValidProperty(prop);
    };
    type Chakra = (tag: unknown, config?: object, options?: object) => React.ElementType;
    const make = (chakra: Chakra) => ({
      Box: chakra("div"),
      Tag: chakra("span", { base: { fontWeight: "bold" }, variants: { tone: { loud: { color: "red.500" }, quiet: { color: "gray.500" } } } }),
      Img: chakra("img"),
      Svg: chakra("svg"),
      Circle: chakra("circle"),
      Group: chakra("div", {}, { defaultProps: { role: "group", p: "2" } }),
      Anchor: chakra("a"),
    });
    const kinds = { patched: make((await import(pathToFileURL(file).href)).chakra), original: make((await import(pathToFileURL(FACTORY).href)).chakra) };
    const Plain = React.forwardRef<HTMLElement, { children?: React.ReactNode }>((props, ref) => React.createElement("section", { ...props, ref, "data-plain": "" }));
    const Other = React.forwardRef<HTMLElement, { children?: React.ReactNode }>((props, ref) => React.createElement("article", { ...props, ref }));
    const LARGE = { "& a": { color: "red.500", textDecoration: "underline" }, "& p": { marginBottom: "2", lineHeight: "tall" }, "&:hover": { bg: "gray.100" } };
    const page = (kind: keyof typeof kinds, round: number, lateClass = "") => {
      const { Box, Tag, Img, Svg, Circle, Group, Anchor } = kinds[kind];
      const h = React.createElement;
      const content = h(
        Box,
        { p: "4", color: "fg" },
        h(Box, { p: "4", color: "fg", id: `first-${round}` }, "text"),
        h(Box, { p: round === 1 ? "4" : "5", color: "fg", id: "second" }),
        h(Tag, { tone: "loud" }, "one"),
        h(Tag, { tone: round === 1 ? "loud" : "quiet", className: "plain" }, "two"),
        h(Tag, { tone: "loud", className: round === 1 ? "plain" : "plainer" }, "two and a half"),
        h(Box, { colorPalette: round === 1 ? "red" : "blue", bg: "colorPalette.500" }),
        h(Tag, { tone: "loud", className: undefined, title: `t${round}` }, "three"),
        h(Box, { className: "css-unknown", md: { m: "2" }, _hover: { bg: "gray.100" } }),
        h(Img, { htmlWidth: 800, htmlHeight: 600, width: "full", src: `/a-${round}.png`, alt: "" }),
        h(Box, { as: "button", onClick: () => round, "aria-label": `Zoom ${round}`, "data-side": "start", cursor: "pointer" }),
        h(Box, { as: round === 1 ? Plain : Other, p: "1" }, "as a component"),
        h(Box, { as: Plain, p: "1", id: "same component" }),
        h(Box, { css: { "& a": { color: "red.500" } }, px: { base: "4", md: "6" }, style: { order: round } }),
        // Large style objects are named by their content: the same object, a copy, another content.
        h(Box, { css: LARGE }),
        h(Box, { css: { ...LARGE }, id: "copy" }),
        h(Box, { css: round === 1 ? LARGE : { ...LARGE, "& em": { color: "blue.500" } }, id: "changed" }),
        h(Box, { asChild: true, color: "red.500" }, h("a", { href: `/to-${round}` }, "link")),
        h(Anchor, { href: "/x", asChild: false, textDecoration: "underline" }, "anchor"),
        h(Svg, { viewBox: "0 0 10 10", width: "4" }, h(Circle, { cx: "5", cy: "5", r: "4", fill: "red" })),
        h(Group, { p: undefined, "aria-label": "group" }),
        h(Group, { p: "3", id: undefined }),
        // A class named in className: a plain class on the first page, one of this page's Emotion
        // classes (whose styles Chakra merges in) on the next.
        round > 1 ? h(Box, { color: "red.600" }) : null,
        lateClass ? h(Box, { className: lateClass, m: "1" }, "merged") : null,
        // Names that would run together; a value JSON cannot write.
        h(Box, { "data-x;p": "1" }),
        h(Box, { "data-x": "1", p: "4" }),
        h(Box, { zIndex: { base: BigInt(1) } }),
        h(Box, { p: "4", color: "fg", ref: () => undefined }, h("span", null, "child")),
      );
      return render(content);
    };
    const lateClass = /class="(css-[a-z0-9]+)"[^>]*><\/div>$/.exec(
      renderToString(React.createElement(ChakraProvider, { value: system, children: React.createElement(kinds.original.Box, { color: "red.600" }) })),
    )![1]!;
    const checks: number[] = [];
    for (const round of [1, 2, 3]) {
      const before = propertyChecks;
      const patched = page("patched", round, lateClass);
      checks.push(propertyChecks - before);
      expect(patched).toEqual(page("original", round, lateClass));
    }
    // The third page's elements were all seen before: Chakra's factory asks whether a prop is a style
    // property only for those it cannot keep (asChild, a component as `as`, a class of the page merged in).
    expect(checks[2]).toBeLessThan(checks[0]! / 4);
    expect(page("patched", 2).html).toContain('width="800"');
  });

  it("stops the build when Chakra's factory no longer works out its elements as expected", () => {
    expect(() => transformElements("const createStyled = () => {};")).toThrow(/chakraElementsOnce/);
  });
});
