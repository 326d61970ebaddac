import createCache from "@emotion/cache";
import { afterEach, describe, expect, it } from "vitest";
import { createEmotionCache } from "./emotion";
import { adoptServerClassStyles, holdServerClassStyles } from "./serverStyles";

// The page's class CSS is left where the gateway put it (an Emotion cache that found it
// would re-insert it into <head>, and the browser would recompute the whole page's style), and the
// shop's cache still knows its classes, so rendering them inserts nothing.
describe("the server-rendered page's class styles", () => {
  afterEach(() => document.head.replaceChildren());

  function serverPage() {
    document.head.innerHTML =
      '<style data-emotion="css-global m5qtrg" data-s="">@layer reset{html{line-height:1.5;}}</style>' +
      '<style data-emotion="css abc def" data-s="">.css-abc{color:red;}.css-def{color:blue;}</style>' +
      '<link rel="modulepreload" href="/assets/a.js">';
    return [...document.head.children];
  }

  it("are hidden from Emotion's caches, which then move no tag, and adopted by the shop's cache", () => {
    const before = serverPage();
    holdServerClassStyles();
    const moved: Node[] = [];
    const observer = new MutationObserver((records) => records.forEach((record) => moved.push(...record.removedNodes)));
    observer.observe(document.head, { childList: true });
    const defaultCache = createCache({ key: "css" });
    const cache = adoptServerClassStyles(createEmotionCache());
    observer.takeRecords().forEach((record) => moved.push(...record.removedNodes));
    observer.disconnect();

    expect(moved).toEqual([]);
    expect([...document.head.children]).toEqual(before);
    expect(defaultCache.sheet.tags).toEqual([]);
    expect(cache.sheet.tags).toEqual([]);
    expect(cache.inserted).toMatchObject({ abc: true, def: true });
    expect(document.head.querySelector('style[data-emotion="css-global m5qtrg"]')).not.toBeNull();
  });

  it("without holding, Emotion's cache would move the tag (what holding avoids)", () => {
    serverPage();
    const tag = document.head.querySelector('style[data-emotion^="css "]')!;
    createCache({ key: "css" });
    expect(document.head.lastElementChild).toBe(tag);
  });

  it("refuse a cache of another key, whose classes are not the page's", () => {
    serverPage();
    holdServerClassStyles();
    expect(() => adoptServerClassStyles(createCache({ key: "other" }))).toThrow(/key "css"/);
  });
});
