import createCache from "@emotion/cache";
import { afterEach, describe, expect, it } from "vitest";
import { createEmotionCache } from "./emotion";
import { adoptServerClassStyles, classNamesIn } from "./serverStyles";

// The page's class CSS is left where the gateway put it (an Emotion cache that found it
// would re-insert it into <head>, and the browser would recompute the whole page's style), and the
// shop's cache still knows its classes, so rendering them inserts nothing.
describe("the server-rendered page's class styles", () => {
  afterEach(() => document.head.replaceChildren());

  function serverPage(classTag = '<style data-emotion="css-server" data-s="">.css-abc{color:red;}@media (min-width:48em){.css-def:hover{color:blue;}}</style>') {
    document.head.innerHTML =
      '<style data-emotion="css-global m5qtrg" data-s="">@layer reset{html{line-height:1.5;}}</style>' +
      classTag +
      '<link rel="modulepreload" href="/assets/a.js">';
    return [...document.head.children];
  }

  it("are not Emotion's, whose caches then move no tag, and are adopted by the shop's cache, names read from the CSS", () => {
    const before = serverPage();
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

  it("take the names the attribute lists when it lists them (the CSS mentions a class it does not hold)", () => {
    serverPage('<style data-emotion="css-server abc" data-s="">.css-abc .css-other{color:red;}</style>');
    const cache = adoptServerClassStyles(createEmotionCache());
    expect(cache.inserted.abc).toBe(true);
    expect(cache.inserted.other).toBeUndefined();
  });

  it("in Emotion's own format, Emotion's cache would move the tag (what the name avoids)", () => {
    serverPage('<style data-emotion="css abc" data-s="">.css-abc{color:red;}</style>');
    const tag = document.head.querySelector('style[data-emotion^="css "]')!;
    createCache({ key: "css" });
    expect(document.head.lastElementChild).toBe(tag);
  });

  it("refuse a cache of another key, whose classes are not the page's", () => {
    serverPage();
    expect(() => adoptServerClassStyles(createCache({ key: "other" }))).toThrow(/key "css"/);
  });

  it("name each class its CSS mentions once, in order", () => {
    expect(classNamesIn(".css-a1{x:1}.css-b_2:hover{x:2}@layer recipes{.css-a1 > *{x:3}}")).toEqual(["a1", "b_2"]);
  });
});
