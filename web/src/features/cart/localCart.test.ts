import { describe, expect, it, vi } from "vitest";
import {
  addLine,
  CART_STORAGE_KEY,
  CART_UPDATED_EVENT,
  displayVariantTitle,
  firstLineWithoutPrice,
  itemCount,
  loadCart,
  parseCart,
  removeLine,
  saveCart,
  setLineQuantity,
  subscribeToCart,
  subtotalCents,
  usablePrice,
  type LocalCartLine,
} from "./localCart";

const tee: LocalCartLine = { id: "v-tee-m", title: "Subcommittee Tee", variantTitle: "M / Black", image: "/media/tee.svg", price: 24.99, quantity: 1 };
const mug: LocalCartLine = { id: "v-mug", title: "Filibuster Fuel Mug", image: "/media/mug.svg", price: 16.99, quantity: 2 };

describe("reading the stored cart (spec §3/§4: a value that is not a list of lines is an empty cart)", () => {
  it.each([
    ["nothing stored", null],
    ["unparseable JSON", "{not json"],
    ["an object", JSON.stringify({ id: "v-tee-m", quantity: 1 })],
    ["a number", "42"],
    ["a string", JSON.stringify("cart")],
    ["null", "null"],
  ])("%s → empty cart", (_label, raw) => {
    expect(parseCart(raw)).toEqual([]);
  });

  it("keeps the lines of a list and drops entries that are not lines", () => {
    const raw = JSON.stringify([tee, 7, null, "x", { title: "no id" }, mug]);
    expect(parseCart(raw).map((l) => l.id)).toEqual(["v-tee-m", "v-mug"]);
  });

  it("keeps a line without a usable price, with price null", () => {
    const [line] = parseCart(JSON.stringify([{ ...tee, price: "abc" }]));
    expect(line).toMatchObject({ id: "v-tee-m", price: null });
  });

  it.each([
    [24.99, 24.99],
    ["24.99", 24.99],
    [{ amount: "12.50" }, 12.5],
    [undefined, null],
    [Number.NaN, null],
  ])("reads the price %j as %j", (price, expected) => {
    expect(parseCart(JSON.stringify([{ ...tee, price }]))[0].price).toBe(expected);
  });

  it("treats a stored quantity that is not a whole number ≥ 1 as 1", () => {
    const lines = parseCart(JSON.stringify([{ ...tee, quantity: 0 }, { ...mug, quantity: "three" }]));
    expect(lines.map((l) => l.quantity)).toEqual([1, 1]);
  });

  it('drops "Default Title" as a variant title', () => {
    expect(displayVariantTitle("Default Title")).toBeUndefined();
    expect(displayVariantTitle("M / Black")).toBe("M / Black");
  });
});

describe("changing the cart (spec §4)", () => {
  it("adding the same variant raises its quantity; another variant is appended", () => {
    let lines = addLine([], tee);
    lines = addLine(lines, { ...tee, quantity: 3 });
    lines = addLine(lines, mug);
    expect(lines.map((l) => [l.id, l.quantity])).toEqual([
      ["v-tee-m", 4],
      ["v-mug", 2],
    ]);
  });

  it.each([0, -1, 0.5, Number.NaN])("ignores a quantity of %s (never below 1)", (quantity) => {
    const lines = [tee];
    expect(setLineQuantity(lines, tee.id, quantity)).toBe(lines);
  });

  it("has no upper bound", () => {
    expect(setLineQuantity([tee], tee.id, 5000)[0].quantity).toBe(5000);
  });

  it("removes a line", () => {
    expect(removeLine([tee, mug], tee.id)).toEqual([mug]);
  });

  it("counts items and adds up the lines that have a price", () => {
    const broken = { ...mug, id: "v-broken", price: null };
    expect(itemCount([tee, mug, broken])).toBe(5);
    expect(subtotalCents([tee, mug, broken])).toBe(5897);
    expect(firstLineWithoutPrice([tee, broken, mug])).toBe(broken);
    expect(firstLineWithoutPrice([tee, mug])).toBeUndefined();
  });
});

describe("the store's bound on one line (`shop.maxLineQuantity`, passed in, never assumed)", () => {
  it.each([
    ["fits under the bound", 5, 1, 3, 4, 3],
    ["stops at the bound", 5, 4, 3, 5, 1],
    ["a bound other than the gateway's default", 1200, 999, 5, 1004, 5],
    ["is refused at the bound", 5, 5, 1, 5, 0],
  ])("adding %s: max %i, holding %i, adding %i → %i (added %i)", (_label, max, held, adding, after, added) => {
    const lines = [{ ...tee, quantity: held }];
    const next = addLine(lines, { ...tee, quantity: adding }, max);
    expect(next[0]!.quantity).toBe(after);
    expect(next[0]!.quantity - held).toBe(added);
    if (added === 0) expect(next).toBe(lines);
  });

  it.each([
    [5, 40, 5],
    [5, 3, 3],
    [1200, 1100, 1100],
  ])("setting a quantity with max %i: %i → %i", (max, quantity, expected) => {
    expect(setLineQuantity([tee], tee.id, quantity, max)[0]!.quantity).toBe(expected);
  });
});

describe("a usable price (spec §5: a positive number to add, sync or check out)", () => {
  it.each([
    [24.99, 24.99],
    ["24.99", 24.99],
    ["0.01", 0.01],
    [0, null],
    ["0.00", null],
    [-5, null],
    ["abc", null],
    [Number.NaN, null],
    [null, null],
    [undefined, null],
  ])("%j → %j", (value, expected) => {
    expect(usablePrice(value)).toBe(expected);
  });

  it("is the rule the cart applies to its lines", () => {
    expect(firstLineWithoutPrice([tee, { ...mug, price: 0 }])).toMatchObject({ id: "v-mug" });
  });
});

describe("storage", () => {
  it("saves under `cart` and fires cart-updated", () => {
    const heard = vi.fn();
    window.addEventListener(CART_UPDATED_EVENT, heard);
    saveCart([tee]);
    window.removeEventListener(CART_UPDATED_EVENT, heard);
    expect(JSON.parse(window.localStorage.getItem(CART_STORAGE_KEY)!)).toEqual([tee]);
    expect(heard).toHaveBeenCalledTimes(1);
    expect(loadCart()).toEqual([tee]);
  });

  it("hears changes from this tab (cart-updated) and from other tabs (storage)", () => {
    const onChange = vi.fn();
    const unsubscribe = subscribeToCart(onChange);
    window.dispatchEvent(new Event(CART_UPDATED_EVENT));
    window.dispatchEvent(new StorageEvent("storage", { key: CART_STORAGE_KEY }));
    window.dispatchEvent(new StorageEvent("storage", { key: "theme" }));
    unsubscribe();
    window.dispatchEvent(new Event(CART_UPDATED_EVENT));
    expect(onChange).toHaveBeenCalledTimes(2);
  });
});
