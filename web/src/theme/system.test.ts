import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Issue 13: on a page the gateway rendered, the browser adopts the page's global CSS (Chakra's
// reset, global styles and tokens) instead of building and inserting it again.
describe("the shop's Chakra system in the browser", () => {
  beforeEach(() => vi.resetModules());
  afterEach(() => document.head.replaceChildren());

  it("hands <Global> the server's global style tag, by its name and text, when the page has one", async () => {
    document.head.innerHTML =
      '<style data-emotion="css-global ad1llf" data-s="">@layer reset,base,tokens,recipes;</style>' +
      '<style data-emotion="css-global m5qtrg" data-s="">@layer reset{html{line-height:1.5;}}</style>' +
      '<style data-emotion="css abc" data-s="">.css-abc{color:red;}</style>';
    const { getSystem } = await import("./system");
    const system = getSystem();
    expect(system._global).toEqual({ name: "m5qtrg", styles: "@layer reset{html{line-height:1.5;}}", next: undefined });
    // Looked up once: Emotion renames the tag it adopted, and a later render must not build the CSS after all.
    document.head.replaceChildren();
    expect(system._global).toEqual({ name: "m5qtrg", styles: "@layer reset{html{line-height:1.5;}}", next: undefined });
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
    const global = getSystem()._global as unknown[];
    expect(Array.isArray(global)).toBe(true);
    expect(document.head.querySelector("link")).toBeNull();
    expect(JSON.stringify(global)).toContain("--chakra-colors-brand-solid");
  });

  it("is created once, and answers style props in one order whichever order they came in", async () => {
    const { getSystem } = await import("./system");
    expect(getSystem()).toBe(getSystem());
    // The first css() call of a fresh system: without the sorting, padding would come first.
    expect(Object.keys(getSystem().css({ p: "2", color: "fg" }))).toEqual(["color", "padding"]);
  });
});
