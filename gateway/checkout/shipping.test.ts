import { describe, expect, it } from "vitest";
import { SHIPPING_METHODS, quoteShipping, shippingRates } from "./shipping.js";

const STANDARD = 599;
const EXPEDITED = 1499;

describe("shippingRates: the two methods, in the order the page offers them", () => {
  it.each([0, 5000, 7500, 10_000])("free standard shipping from a threshold of %i cents", (threshold) => {
    expect(shippingRates({ freeShippingThresholdCents: threshold })).toEqual([
      { method: "standard", title: "Standard", deliveryEstimate: "5–7 business days", priceCents: STANDARD, freeAtOrAboveCents: threshold },
      { method: "expedited", title: "Expedited", deliveryEstimate: "3–5 business days", priceCents: EXPEDITED, freeAtOrAboveCents: null },
    ]);
    expect(shippingRates({ freeShippingThresholdCents: threshold }).map((r) => r.method)).toEqual(SHIPPING_METHODS);
  });
});

describe.each([
  // The default threshold ($75), a lower one, and none (every order ships free by standard).
  {
    threshold: 7500,
    cases: [
      [0, STANDARD],
      [1, STANDARD],
      [7498, STANDARD],
      [7499, STANDARD],
      [7500, 0],
      [7501, 0],
      [99_999_999, 0],
    ],
  },
  {
    threshold: 5000,
    cases: [
      [4999, STANDARD],
      [5000, 0],
      [7499, 0],
    ],
  },
  {
    threshold: 0,
    cases: [
      [0, 0],
      [1, 0],
    ],
  },
])("quoteShipping with free standard shipping at $threshold cents", ({ threshold, cases }) => {
  it.each(cases)("a subtotal of %i cents: standard costs %i, expedited always 1499", (subtotal, standard) => {
    const [standardQuote, expeditedQuote] = quoteShipping([{ unitPriceCents: subtotal, quantity: 1 }], { freeShippingThresholdCents: threshold });
    expect(standardQuote).toMatchObject({ pricing: { shippingCents: standard, totalCents: subtotal + standard }, label: "Standard (5–7 business days)" });
    expect(standardQuote!.rate.method).toBe("standard");
    expect(expeditedQuote).toMatchObject({ pricing: { shippingCents: EXPEDITED, totalCents: subtotal + EXPEDITED }, label: "Expedited (3–5 business days)" });
    expect(expeditedQuote!.rate.method).toBe("expedited");
  });
});
