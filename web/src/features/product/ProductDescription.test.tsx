import { describe, expect, it } from "vitest";
import { sanitizeDescription } from "./ProductDescription";

describe("the product description is sanitised before it reaches the page", () => {
  it.each([
    ['<p>Hi</p><script>alert("x")</script>', "<p>Hi</p>"],
    ['<img src="/media/a.svg" onerror="alert(1)">', '<img src="/media/a.svg">'],
    ['<a href="javascript:alert(1)">click</a>', "<a>click</a>"],
    ['<p style="position:fixed">styled</p>', "<p>styled</p>"],
    ['<iframe src="https://evil.example"></iframe><form action="/x"><input name="card"></form>', ""],
    ["<ul><li>100% cotton</li></ul>", "<ul><li>100% cotton</li></ul>"],
  ])("%s → %s", (html, expected) => {
    expect(sanitizeDescription(html)).toBe(expected);
  });
});
