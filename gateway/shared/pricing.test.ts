import { describe, expect, it } from "vitest";
import { MAX_CART_LINES, MAX_LINE_QUANTITY } from "../cart/cart.rules.js";
import { priceOrder, type PricingLine, type ShippingCharge } from "./pricing.js";

/** The highest price the catalog takes ($999,999.99, a CHECK on the variants' price). */
const MAX_PRICE_CENTS = 99_999_999;
const STANDARD: ShippingCharge = { priceCents: 599, freeAtOrAboveCents: 7500 };
const EXPEDITED: ShippingCharge = { priceCents: 1499, freeAtOrAboveCents: null };
const line = (unitPriceCents: number, quantity: number): PricingLine => ({ unitPriceCents, quantity });

describe("priceOrder: each line is unit price × quantity", () => {
  it.each([
    [2499, 1, 2499],
    [2499, 3, 7497],
    [0, 5, 0],
    [1, MAX_LINE_QUANTITY, 99_999],
    [MAX_PRICE_CENTS, 1, MAX_PRICE_CENTS],
    [MAX_PRICE_CENTS, MAX_LINE_QUANTITY, 9_999_899_900_001],
  ])("%i × %i = %i", (unit, quantity, total) => {
    const [priced] = priceOrder([line(unit, quantity)], null).lines;
    expect(priced).toEqual({ unitPriceCents: unit, quantity, subtotalCents: total, discountCents: 0, totalCents: total });
  });

  it("stays an exact integer for a full cart at the highest price and quantity", () => {
    const pricing = priceOrder(Array.from({ length: MAX_CART_LINES }, () => line(MAX_PRICE_CENTS, MAX_LINE_QUANTITY)), EXPEDITED);
    expect(Number.isSafeInteger(pricing.totalCents)).toBe(true);
    expect(pricing.totalCents).toBe(MAX_CART_LINES * 9_999_899_900_001 + 1499);
  });
});

describe("priceOrder: every part of the total", () => {
  it.each<[string, PricingLine[], ShippingCharge | null, { subtotal: number; shipping: number; total: number }]>([
    ["an empty cart", [], null, { subtotal: 0, shipping: 0, total: 0 }],
    ["a cart: no shipping chosen, total = subtotal (spec §9)", [line(2499, 2), line(1599, 1)], null, { subtotal: 6597, shipping: 0, total: 6597 }],
    ["standard below the free threshold", [line(2499, 2), line(1599, 1)], STANDARD, { subtotal: 6597, shipping: 599, total: 7196 }],
    ["standard one cent below the threshold", [line(7499, 1)], STANDARD, { subtotal: 7499, shipping: 599, total: 8098 }],
    ["standard exactly at the threshold is free", [line(7500, 1)], STANDARD, { subtotal: 7500, shipping: 0, total: 7500 }],
    ["standard above the threshold is free", [line(2500, 4)], STANDARD, { subtotal: 10000, shipping: 0, total: 10000 }],
    ["expedited is never free", [line(2500, 4)], EXPEDITED, { subtotal: 10000, shipping: 1499, total: 11499 }],
    ["a threshold of zero makes the rate free", [line(1, 1)], { priceCents: 599, freeAtOrAboveCents: 0 }, { subtotal: 1, shipping: 0, total: 1 }],
    ["shipping alone when the lines cost nothing", [line(0, 3)], EXPEDITED, { subtotal: 0, shipping: 1499, total: 1499 }],
  ])("%s", (_name, lines, shipping, expected) => {
    const pricing = priceOrder(lines, shipping);
    expect(pricing).toMatchObject({
      subtotalCents: expected.subtotal,
      discountCents: 0,
      shippingCents: expected.shipping,
      taxCents: 0,
      totalCents: expected.total,
    });
    // The parts always add up to the total, and the lines to the subtotal.
    expect(pricing.subtotalCents - pricing.discountCents + pricing.shippingCents + pricing.taxCents).toBe(pricing.totalCents);
    expect(pricing.lines.reduce((sum, l) => sum + l.totalCents, 0)).toBe(pricing.subtotalCents);
  });

  it("answers one line per input line, in order", () => {
    const pricing = priceOrder([line(100, 1), line(200, 2), line(300, 3)], null);
    expect(pricing.lines.map((l) => l.totalCents)).toEqual([100, 400, 900]);
  });
});
