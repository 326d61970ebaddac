import { afterEach, describe, expect, it } from "vitest";
import { inlineScriptsOf, whileStorageThrows } from "../../../tests/inlineScripts";
import { CART_MARK_SCRIPT, CartMark } from "./CartMark";
import { CART_STORAGE_KEY, parseCart } from "./localCart";

// The cart page's own inline script marks <html data-cart> where the stored cart has lines; the
// page's HTML shows its empty state or its lines' places by that mark until it has hydrated
// (routes/CartRoute.tsx). It must read the stored cart exactly as parseCart does: a wrong "empty"
// would show a cart with lines as empty for a moment.
const { texts: inline, run: runInlineScript } = inlineScriptsOf(<CartMark />);

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute("data-cart");
});

describe("the cart page's mark of a stored cart with lines", () => {
  it("is one inline script, its text as written (the gateway's CSP allows it by its hash)", () => {
    expect(inline).toEqual([CART_MARK_SCRIPT]);
    expect(CART_MARK_SCRIPT).not.toMatch(/\n|<\//);
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

  it("leaves <html> as it was where storage cannot be read", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: "v-tee", quantity: 1 }]));
    whileStorageThrows("getItem", () => expect(() => runInlineScript()).not.toThrow());
    expect(document.documentElement.hasAttribute("data-cart")).toBe(false);
  });
});
