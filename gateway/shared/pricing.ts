// The one place money is added up. Every total the shop shows, records or charges — the cart, the
// checkout page, the order, the amount asked of the payment provider, the emails, the refunds — is
// a part of what priceOrder answers, in integer cents; nothing else multiplies or sums prices.
// docs/promotions.md states these rules in words; tests/pricing.property.test.ts checks them on
// 10,000 random carts.

/** A line as priced now: the catalog's unit price (cart) or the price paid (order). */
export interface PricingLine {
  unitPriceCents: number;
  quantity: number;
  /** Whether the discount applied may reach this line (its product or collection is in the promotion's list); true when absent. */
  discountable?: boolean;
}

/** The shipping method chosen, as its rate states it. */
export interface ShippingCharge {
  priceCents: number;
  /**
   * The subtotal at and above which this rate costs nothing (the free-shipping rule in force: the
   * standing threshold or a running offer's lower one); null when it never does. Judged on the
   * subtotal before any code, so a code never makes shipping cost more.
   */
  freeAtOrAboveCents: number | null;
  /** Whether a free-shipping code makes this rate free (Standard's does; Expedited still costs). True when absent. */
  freeWithCode?: boolean;
}

/** What a discount code gives, once the promotion's conditions (dates, minimum, limits) have been met. */
export type PricingDiscount =
  | { kind: "percentage"; percentOff: number }
  | { kind: "fixed_amount"; amountOffCents: number }
  | { kind: "free_shipping" };

interface LinePricing {
  unitPriceCents: number;
  quantity: number;
  /** Unit price × quantity. */
  subtotalCents: number;
  /** This line's share of the discount. */
  discountCents: number;
  /** What the line costs: subtotal less discount (never below zero). */
  totalCents: number;
}

export interface Pricing {
  /** One per input line, in the same order. */
  lines: LinePricing[];
  /** The lines' subtotals: what the goods cost before any code. */
  subtotalCents: number;
  /** What the code takes off the goods: the lines' discounts summed. */
  discountCents: number;
  /** 0 until a method is chosen, when the subtotal reaches the free-shipping rule, and with a free-shipping code. */
  shippingCents: number;
  /** Whether shipping is free by a free-shipping code rather than by the threshold (what the order names). */
  freeShippingByCode: boolean;
  /** Sales tax (none collected yet). */
  taxCents: number;
  /** subtotal − discount + shipping + tax: what the shopper pays. */
  totalCents: number;
}

/**
 * `totalCents` split over `weights` in proportion, in whole cents, the parts adding up to it exactly:
 * each part is rounded down, and the cents left over go one each to the parts with the largest
 * remainders (the earlier part first on a tie). Weights are non-negative; all zero gives all zero.
 */
export function allocate(totalCents: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0);
  if (sum === 0 || totalCents === 0) return weights.map(() => 0);
  // BigInt: a subtotal of 10^8 cents times a total of 10^8 is beyond 2^53.
  const big = BigInt(totalCents);
  const bigSum = BigInt(sum);
  const parts = weights.map((w) => {
    const product = big * BigInt(w);
    return { share: Number(product / bigSum), remainder: product % bigSum };
  });
  let left = totalCents - parts.reduce((a, p) => a + p.share, 0);
  const order = parts.map((_, i) => i).sort((a, b) => (parts[b]!.remainder > parts[a]!.remainder ? 1 : parts[b]!.remainder < parts[a]!.remainder ? -1 : a - b));
  for (const i of order) {
    if (left === 0) break;
    parts[i]!.share += 1;
    left -= 1;
  }
  return parts.map((p) => p.share);
}

/** `percent`% of `cents`, rounded half up to the cent. */
export function percentOf(cents: number, percent: number): number {
  return Number((BigInt(cents) * BigInt(percent) * 2n + 100n) / 200n);
}

/**
 * Every part of a total from its lines, the shipping chosen (null: not chosen yet, as in the cart,
 * whose total is its subtotal less its discount — spec §9) and the discount the cart's code gives
 * (null: none, or it does not apply). A percentage is taken of the lines it may reach and an amount
 * off the order is at most what they cost; either way the discount is one sum, allocated to those
 * lines by allocate(). Free shipping never stacks: shipping is either its price or nothing, never
 * below it. Prices and quantities are whole numbers; so is every part of the answer.
 */
export function priceOrder(lines: readonly PricingLine[], shipping: ShippingCharge | null, discount: PricingDiscount | null = null): Pricing {
  const subtotals = lines.map((line) => line.unitPriceCents * line.quantity);
  const subtotalCents = subtotals.reduce((sum, s) => sum + s, 0);
  const reachable = lines.map((line, i) => (line.discountable === false ? 0 : subtotals[i]!));
  const reachableCents = reachable.reduce((sum, s) => sum + s, 0);

  let discountCents = 0;
  if (discount?.kind === "percentage") discountCents = percentOf(reachableCents, Math.min(100, Math.max(0, discount.percentOff)));
  if (discount?.kind === "fixed_amount") discountCents = Math.min(reachableCents, Math.max(0, discount.amountOffCents));
  const shares = allocate(discountCents, reachable);

  const priced = lines.map((line, i) => ({
    unitPriceCents: line.unitPriceCents,
    quantity: line.quantity,
    subtotalCents: subtotals[i]!,
    discountCents: shares[i]!,
    totalCents: subtotals[i]! - shares[i]!,
  }));

  const freeByThreshold = shipping !== null && shipping.freeAtOrAboveCents !== null && subtotalCents >= shipping.freeAtOrAboveCents;
  const freeShippingByCode =
    shipping !== null && !freeByThreshold && discount?.kind === "free_shipping" && shipping.freeWithCode !== false && shipping.priceCents > 0;
  const shippingCents = shipping === null || freeByThreshold || freeShippingByCode ? 0 : Math.max(0, shipping.priceCents);
  const taxCents = 0;
  return {
    lines: priced,
    subtotalCents,
    discountCents,
    shippingCents,
    freeShippingByCode,
    taxCents,
    totalCents: subtotalCents - discountCents + shippingCents + taxCents,
  };
}

/** An order's recorded parts, as checkout copied them from priceOrder's answer. */
export interface RecordedOrderParts {
  subtotalCents: number;
  discountCents: number;
  shippingCents: number;
  totalCents: number;
  lines: readonly { unitPriceCents: number; quantity: number; discountCents: number; lineTotalCents: number }[];
}

/**
 * Whether an order's parts add up as priceOrder adds them: each line's total is its price × quantity
 * less its discount (never below zero), the subtotal is the lines' before discounts, the discount
 * theirs summed, and the total subtotal − discount + shipping (no tax collected yet).
 */
export function partsAddUp(order: RecordedOrderParts): boolean {
  const priced = priceOrder(order.lines, { priceCents: order.shippingCents, freeAtOrAboveCents: null });
  const linesAgree = order.lines.every((l, i) => l.discountCents >= 0 && l.discountCents <= priced.lines[i]!.subtotalCents && priced.lines[i]!.subtotalCents - l.discountCents === l.lineTotalCents);
  const discount = order.lines.reduce((sum, l) => sum + l.discountCents, 0);
  return (
    linesAgree &&
    order.shippingCents >= 0 &&
    priced.subtotalCents === order.subtotalCents &&
    discount === order.discountCents &&
    order.subtotalCents - order.discountCents + order.shippingCents === order.totalCents
  );
}
