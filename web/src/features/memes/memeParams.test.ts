import { describe, expect, it } from "vitest";
import { memesHref, parseMemeParams } from "./memeParams";

describe("the meme gallery's address", () => {
  it.each([
    ["", { tab: "all", page: 1 }],
    ["page=2", { tab: "all", page: 2 }],
    ["page=0", { tab: "all", page: 1 }],
    ["page=-3", { tab: "all", page: 1 }],
    ["page=1.5", { tab: "all", page: 1 }],
    ["page=abc", { tab: "all", page: 1 }],
    ["tab=featured", { tab: "featured", page: 1 }],
    ["tab=whatever&page=3", { tab: "all", page: 3 }],
  ])("?%s → %j", (query, expected) => {
    expect(parseMemeParams(new URLSearchParams(query))).toEqual(expected);
  });

  it("leaves the defaults out, and a page number off the featured tab", () => {
    expect(memesHref({})).toBe("/memes");
    expect(memesHref({ page: 1 })).toBe("/memes");
    expect(memesHref({ page: 2 })).toBe("/memes?page=2");
    expect(memesHref({ tab: "featured", page: 2 })).toBe("/memes?tab=featured");
  });
});
