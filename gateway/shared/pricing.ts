// The one place money is added up. Every total the shop shows, records or charges — the cart, the
// checkout page, the order, the amount asked of the payment provider, the emails — is a part of
// what priceOrder answers, in integer cents; nothing else multiplies or sums prices.

/** A line as priced now: the catalog's unit price (cart) or the price paid (order). */
export interface PricingLine {
  unitPriceCents: number;
  quantity: number;
}

/** The shipping method chosen, as its rate states it. */
export interface ShippingCharge {
  priceCents: number;
  /** The subtotal at and above which this rate costs nothing; null when it never does. */
  freeAtOrAboveCents: number | null;
}

interface LinePricing {
  unitPriceCents: number;
  quantity: number;
  /** Unit price × quantity. */
  subtotalCents: number;
  /** What promotions take off this line (none exist yet). */
  discountCents: number;
  /** What the line costs: subtotal less discount. */
  totalCents: number;
}

export interface Pricing {
  /** One per input line, in the same order. */
  lines: LinePricing[];
  /** The lines' totals. */
  subtotalCents: number;
  /** Taken off the order as a whole (none yet). */
  discountCents: number;
  /** 0 until a method is chosen, and when the subtotal reaches the rate's free threshold. */
  shippingCents: number;
  /** Sales tax (none collected yet). */
  taxCents: number;
  /** subtotal − discount + shipping + tax: what the shopper pays. */
  totalCents: number;
}

/**
 * Every part of a total from its lines and the shipping chosen (null: not chosen yet, as in the
 * cart, whose total is its subtotal — spec §9). Prices and quantities are whole numbers; so is
 * every part of the answer.
 */
export function priceOrder(lines: readonly PricingLine[], shipping: ShippingCharge | null): Pricing {
  const priced = lines.map((line) => {
    const subtotalCents = line.unitPriceCents * line.quantity;
    return { unitPriceCents: line.unitPriceCents, quantity: line.quantity, subtotalCents, discountCents: 0, totalCents: subtotalCents };
  });
  const subtotalCents = priced.reduce((sum, line) => sum + line.totalCents, 0);
  const discountCents = 0;
  const shippingCents = shipping === null || (shipping.freeAtOrAboveCents !== null && subtotalCents >= shipping.freeAtOrAboveCents) ? 0 : shipping.priceCents;
  const taxCents = 0;
  return { lines: priced, subtotalCents, discountCents, shippingCents, taxCents, totalCents: subtotalCents - discountCents + shippingCents + taxCents };
}
