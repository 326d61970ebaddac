import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it } from "vitest";
import { CART_MARK_SCRIPT, CartMark } from "./CartMark";
import { CART_STORAGE_KEY, parseCart } from "./localCart";

// The cart page's own inline script marks <html data-cart> where the stored cart has lines; the
// page's HTML shows its empty state or its lines' places by that mark until it has hydrated
// (routes/CartRoute.tsx). It must read the stored cart exactly as parseCart does: a wrong "empty"
// would show a cart with lines as empty for a moment.
const markup = renderToString(<CartMark />);
const inline = [...markup.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]!);

function runInlineScript() {
  // (The page's own script, as the browser runs it while parsing the page.)
  for (const script of inline) new Function(script)();
}

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute("data-cart");
});

describe("the cart page's mark of a stored cart with lines", () => {
  it("is one inline script, its text as written (the gateway's CSP allows it by the hash of the page's markup)", () => {
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
    const getItem = Storage.prototype.getItem;
    Storage.prototype.getItem = () => {
      throw new Error("SecurityError");
    };
    try {
      expect(() => runInlineScript()).not.toThrow();
      expect(document.documentElement.hasAttribute("data-cart")).toBe(false);
    } finally {
      Storage.prototype.getItem = getItem;
    }
  });
});
