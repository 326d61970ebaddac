import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// On a page the gateway rendered, the page's global CSS (layer order, Chakra's reset,
// global styles and tokens) is left where it is: <ChakraProvider>'s <Global>s get empty styles, so
// they neither move the page's tags (a whole-page style recalculation) nor build and insert the CSS.
describe("the shop's Chakra system in the browser", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => document.head.replaceChildren());

  it("hands both <Global>s an empty style, matching no tag of the page, when the page has its global CSS", async () => {
    document.head.innerHTML =
      '<style data-emotion="css-global ad1llf" data-s="">@layer reset,base,tokens,recipes;</style>' +
      '<style data-emotion="css-global m5qtrg" data-s="">@layer reset{html{line-height:1.5;}}</style>' +
      '<style data-emotion="css abc" data-s="">.css-abc{color:red;}</style>';
    const { getSystem } = await import("./system");
    const system = getSystem();
    for (const styles of [system._global, system.layers.atRule] as unknown as { name: string; styles: string }[]) {
      expect(styles.styles).toBe("");
      expect(document.head.querySelector(`style[data-emotion="css-global ${styles.name}"]`)).toBeNull();
    }
    // The rest of the layers' helpers are Chakra's own.
    expect(system.layers.wrap("base", { color: "red" })).toEqual({ "@layer base": { color: "red" } });
  });

  it("links the stylesheet with every token variable that the page's global style tag names", async () => {
    document.head.innerHTML =
      '<style data-emotion="css-global m5qtrg" data-s="" data-tokens="/assets/chakra-tokens-abc.css">@layer reset{html{line-height:1.5;}}</style>';
    const { getSystem } = await import("./system");
    getSystem();
    const links = [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')].map((link) => link.getAttribute("href"));
    expect(links).toEqual(["/assets/chakra-tokens-abc.css"]);
  });

  it("builds Chakra's own global CSS where the page has none (screens the browser renders alone)", async () => {
    const { getSystem } = await import("./system");
    const system = getSystem();
    const global = system._global as unknown[];
    expect(Array.isArray(global)).toBe(true);
    expect(system.layers.atRule).toBe("@layer reset, base, tokens, recipes;");
    expect(document.head.querySelector("link")).toBeNull();
    expect(JSON.stringify(global)).toContain("--chakra-colors-brand-solid");
  });

  it("is created once, and answers style props in one order whichever order they came in", async () => {
    const { getSystem } = await import("./system");
    expect(getSystem()).toBe(getSystem());
    // The first css() call of a fresh system: without the sorting, padding would come first.
    expect(Object.keys(getSystem().css({ p: "2", color: "fg" }))).toEqual(["color", "padding"]);
  });

  it("keeps the gateway's recipe functions, one per recipe, answering as Chakra's own, and a merge once per pair", async () => {
    const { createSystem, defaultConfig } = await import("@chakra-ui/react");
    const { keptRecipes } = await import("./keptRecipes");
    const chakras = createSystem(defaultConfig);
    const cva = keptRecipes(chakras.cva);
    const sva = keptRecipes(chakras.sva);
    const config = { base: { display: "flex" }, variants: { size: { sm: { p: "1" }, lg: { p: "4" } } } };
    const recipe = cva(config);
    expect(cva(config)).toBe(recipe);
    expect(recipe({ size: "lg" })).toEqual(chakras.cva(config)({ size: "lg" }));
    // A config with other contents is another recipe, even one shaped like it.
    expect(cva({ ...config })).not.toBe(recipe);
    const other = cva({ base: { color: "red" } });
    expect(recipe.merge(other)).toBe(recipe.merge(other));
    expect(recipe.merge(other)({ size: "sm" })).toEqual(chakras.cva(config).merge(chakras.cva({ base: { color: "red" } }))({ size: "sm" }));
    const slots = { slots: ["root", "label"], base: { root: { display: "flex" }, label: { fontWeight: "bold" } } };
    expect(sva(slots)).toBe(sva(slots));
    expect(sva(slots)({})).toEqual(chakras.sva(slots)({}));
  });
});
