import { describe, expect, it } from "vitest";
import { allocate, partsAddUp, percentOf, priceOrder, type PricingDiscount, type PricingLine, type ShippingCharge } from "./pricing.js";

// docs/promotions.md's rules, on 10,000 carts and promotions drawn from one seed: whatever the
// lines, the discount and the shipping, the parts add up to the total to the cent, nothing is ever
// below zero, a code never makes shipping cost more, and the recorded order passes partsAddUp.

/** mulberry32: a small seeded generator, so a failure names the seed that reproduces it. */
function generator(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return { next, int, pick: <T>(items: readonly T[]) => items[int(0, items.length - 1)]! };
}

const SEED = 20261126;
const CARTS = 10_000;

/** Prices that exercise the corners: free items, cents, ordinary prices, the catalog's highest. */
function randomPrice(r: ReturnType<typeof generator>): number {
  return r.pick([() => 0, () => r.int(1, 99), () => r.int(100, 9_999), () => r.int(10_000, 500_000), () => 99_999_999])();
}

function randomDiscount(r: ReturnType<typeof generator>): PricingDiscount | null {
  return r.pick<() => PricingDiscount | null>([
    () => null,
    () => ({ kind: "percentage", percentOff: r.int(1, 100) }),
    () => ({ kind: "fixed_amount", amountOffCents: r.pick([r.int(1, 100), r.int(100, 10_000), r.int(10_000, 100_000_000)]) }),
    () => ({ kind: "free_shipping" }),
  ])();
}

function randomShipping(r: ReturnType<typeof generator>): ShippingCharge | null {
  return r.pick<() => ShippingCharge | null>([
    () => null,
    () => ({ priceCents: 599, freeAtOrAboveCents: r.pick([0, 5000, 7500, r.int(0, 1_000_000)]), freeWithCode: true }),
    () => ({ priceCents: 1499, freeAtOrAboveCents: null, freeWithCode: false }),
  ])();
}

describe("priceOrder on 10,000 random carts and promotions (seed 20261126)", () => {
  it("adds up to the cent, never below zero, and a code never makes shipping cost more", () => {
    const r = generator(SEED);
    for (let n = 0; n < CARTS; n += 1) {
      const lines: PricingLine[] = Array.from({ length: r.int(1, 12) }, () => ({
        unitPriceCents: randomPrice(r),
        quantity: r.pick([1, 1, 2, 3, r.int(1, 99_999)]),
        discountable: r.next() < 0.8,
      }));
      const shipping = randomShipping(r);
      const discount = randomDiscount(r);
      const at = `cart ${n} of seed ${SEED}`;
      const p = priceOrder(lines, shipping, discount);
      const without = priceOrder(lines, shipping, null);

      // The parts add up.
      expect(p.lines.reduce((s, l) => s + l.subtotalCents, 0), at).toBe(p.subtotalCents);
      expect(p.lines.reduce((s, l) => s + l.discountCents, 0), at).toBe(p.discountCents);
      expect(p.lines.reduce((s, l) => s + l.totalCents, 0), at).toBe(p.subtotalCents - p.discountCents);
      expect(p.totalCents, at).toBe(p.subtotalCents - p.discountCents + p.shippingCents + p.taxCents);
      expect(Number.isSafeInteger(p.totalCents), at).toBe(true);

      // Nothing below zero; a line's discount never above what it costs; only lines it may reach get any.
      for (const [i, l] of p.lines.entries()) {
        expect(l.discountCents, at).toBeGreaterThanOrEqual(0);
        expect(l.totalCents, at).toBeGreaterThanOrEqual(0);
        if (lines[i]!.discountable === false) expect(l.discountCents, at).toBe(0);
      }
      expect(p.shippingCents, at).toBeGreaterThanOrEqual(0);
      expect(p.totalCents, at).toBeGreaterThanOrEqual(0);

      // What each kind takes.
      const reachable = p.lines.reduce((s, l, i) => s + (lines[i]!.discountable === false ? 0 : l.subtotalCents), 0);
      if (discount?.kind === "percentage") expect(p.discountCents, at).toBe(percentOf(reachable, discount.percentOff));
      if (discount?.kind === "fixed_amount") expect(p.discountCents, at).toBe(Math.min(discount.amountOffCents, reachable));
      if (discount === null || discount.kind === "free_shipping") expect(p.discountCents, at).toBe(0);

      // Shipping: judged on the subtotal before the code, so never more with a code than without;
      // free shipping never stacks into anything below the rate's nothing.
      expect(p.subtotalCents, at).toBe(without.subtotalCents);
      expect(p.shippingCents, at).toBeLessThanOrEqual(without.shippingCents);
      if (discount?.kind !== "free_shipping") expect(p.shippingCents, at).toBe(without.shippingCents);
      if (shipping) expect([0, shipping.priceCents], at).toContain(p.shippingCents);

      // The order checkout would record from it passes the order's own check.
      const recorded = {
        subtotalCents: p.subtotalCents,
        discountCents: p.discountCents,
        shippingCents: p.shippingCents,
        totalCents: p.totalCents,
        lines: p.lines.map((l) => ({ unitPriceCents: l.unitPriceCents, quantity: l.quantity, discountCents: l.discountCents, lineTotalCents: l.totalCents })),
      };
      expect(partsAddUp(recorded), at).toBe(true);
    }
  });

  it("the same carts give the same answers (deterministic, remainder to the largest share, the earlier line on a tie)", () => {
    const first = generator(SEED);
    const again = generator(SEED);
    expect(Array.from({ length: 50 }, () => first.next())).toEqual(Array.from({ length: 50 }, () => again.next()));
    expect(allocate(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(allocate(2, [1, 1, 1])).toEqual([1, 1, 0]);
    expect(allocate(10, [0, 0])).toEqual([0, 0]);
    expect(allocate(7, [2, 5])).toEqual([2, 5]);
    expect(allocate(500, [2499, 599])).toEqual([403, 97]);
  });

  it("partsAddUp refuses an order whose parts do not add up", () => {
    const good = { subtotalCents: 2499, discountCents: 500, shippingCents: 599, totalCents: 2598, lines: [{ unitPriceCents: 2499, quantity: 1, discountCents: 500, lineTotalCents: 1999 }] };
    expect(partsAddUp(good)).toBe(true);
    expect(partsAddUp({ ...good, totalCents: 2599 })).toBe(false);
    expect(partsAddUp({ ...good, discountCents: 400 })).toBe(false);
    expect(partsAddUp({ ...good, lines: [{ ...good.lines[0]!, lineTotalCents: 2000 }] })).toBe(false);
    expect(partsAddUp({ ...good, lines: [{ ...good.lines[0]!, discountCents: 2600, lineTotalCents: -101 }], discountCents: 2600, totalCents: 498 })).toBe(false);
  });
});
