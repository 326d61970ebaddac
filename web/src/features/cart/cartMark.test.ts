import fs from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CART_STORAGE_KEY, parseCart } from "./localCart";

// index.html's inline script marks <html data-cart> before the first paint where the stored cart
// has lines; the cart page's HTML shows its empty state or its lines' places by that mark until it
// has hydrated (routes/CartRoute.tsx). It must read the stored cart exactly as parseCart does: a
// wrong "empty" would show a cart with lines as empty for a moment.
const html = fs.readFileSync(path.resolve(import.meta.dirname, "../../../index.html"), "utf8");
const inline = [...html.replace(/<!--[\s\S]*?-->/g, "").matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

function runInlineScript() {
  // (The page's own script, run as the browser runs it before the first paint.)
  for (const script of inline) new Function(script)();
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute("data-cart");
});

describe("index.html's mark of a stored cart with lines", () => {
  it("is one inline script (the CSP allows it by its hash)", () => {
    expect(inline).toHaveLength(1);
  });

  it.each([
    ["nothing stored", null],
    ["an empty list", "[]"],
    ["one line", JSON.stringify([{ id: "v-tee", title: "Tee", image: "", price: 24.99, quantity: 1 }])],
    ["a line after entries that are not lines", JSON.stringify([null, 5, "x", [], { title: "no id" }, { id: "" }, { id: "v-mug", quantity: 2 }])],
    ["only entries that are not lines", JSON.stringify([null, { id: 7 }, { id: "" }, [{ id: "nested" }], { title: "Tee" }])],
    ["an object", JSON.stringify({ id: "v-tee" })],
    ["an object with a `some`", '{"some":1}'],
    ["a string", '"v-tee"'],
    ["a number", "3"],
    ["not JSON", "[{id:"],
    ["an empty string", ""],
  ])("%s: marked exactly when parseCart finds lines", (_case, stored) => {
    if (stored !== null) localStorage.setItem(CART_STORAGE_KEY, stored);
    runInlineScript();
    expect(document.documentElement.hasAttribute("data-cart")).toBe(parseCart(stored).length > 0);
  });

  it("marks a cart with lines, and leaves the colour mode's work as it was", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: "v-tee", quantity: 1 }]));
    localStorage.setItem("theme", "dark");
    runInlineScript();
    expect(document.documentElement.hasAttribute("data-cart")).toBe(true);
    expect(document.documentElement.classList.contains("dark")).toBe(true);
  });
});
