import { afterEach, describe, expect, it } from "vitest";
import { inlineScriptsOf, whileStorageThrows } from "../../../tests/inlineScripts";
import { CART_STORAGE_KEY, loadCart, saveCart } from "../cart/localCart";
import { ORDER_PLACED_SCRIPT, OrderPlacedScript } from "./OrderPlacedScript";

// The success page of a placed order empties the stored cart while the browser parses it, before
// the shop's code runs (which empties it again, the same way, once hydrated).
const { texts: inline, run: runInlineScript } = inlineScriptsOf(<OrderPlacedScript />);

afterEach(() => localStorage.clear());

describe("the placed order's script", () => {
  it("is one inline script, its text as written (the gateway's CSP allows it by its hash)", () => {
    expect(inline).toEqual([ORDER_PLACED_SCRIPT]);
    expect(ORDER_PLACED_SCRIPT).not.toMatch(/\n|<\//);
  });

  it("leaves the stored cart as saveCart([]) leaves it", () => {
    localStorage.setItem(CART_STORAGE_KEY, JSON.stringify([{ id: "v-tee", title: "Tee", image: "", price: 24.99, quantity: 2 }]));
    expect(loadCart()).toHaveLength(1);
    runInlineScript();
    const emptied = localStorage.getItem(CART_STORAGE_KEY);
    saveCart([]);
    expect(emptied).toBe(localStorage.getItem(CART_STORAGE_KEY));
    expect(loadCart()).toEqual([]);
  });

  it("throws nothing where storage cannot be written", () => {
    whileStorageThrows("setItem", () => expect(() => runInlineScript()).not.toThrow());
  });
});
