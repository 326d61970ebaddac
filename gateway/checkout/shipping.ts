// spec §9: standard 5–7 business days, expedited 3–5; free standard shipping at or above one
// threshold (FREE_SHIPPING_THRESHOLD, default $75), which every place that mentions it reads from here.
import { priceOrder, type Pricing, type PricingLine } from "../shared/pricing.js";

export type ShippingMethod = "standard" | "expedited";
export const SHIPPING_METHODS: readonly ShippingMethod[] = ["standard", "expedited"];

export interface ShippingRate {
  method: ShippingMethod;
  title: string;
  deliveryEstimate: string;
  priceCents: number;
  /** The subtotal at and above which this rate is free; null when it never is. */
  freeAtOrAboveCents: number | null;
}

export interface ShippingSettings {
  freeShippingThresholdCents: number;
}

/** Our flat prices: the issue leaves them to us. */
const STANDARD_SHIPPING_CENTS = 599;
const EXPEDITED_SHIPPING_CENTS = 1499;

export function shippingRates(settings: ShippingSettings): ShippingRate[] {
  return [
    {
      method: "standard",
      title: "Standard",
      deliveryEstimate: "5–7 business days",
      priceCents: STANDARD_SHIPPING_CENTS,
      freeAtOrAboveCents: settings.freeShippingThresholdCents,
    },
    { method: "expedited", title: "Expedited", deliveryEstimate: "3–5 business days", priceCents: EXPEDITED_SHIPPING_CENTS, freeAtOrAboveCents: null },
  ];
}

export interface ShippingQuote {
  rate: ShippingRate;
  /** The order's whole price with this method (its shipping part included). */
  pricing: Pricing;
  /** How the order records it, e.g. "Standard (5–7 business days)". */
  label: string;
}

/** What the order comes to with each method (the pricing function decides when shipping is free). */
export function quoteShipping(lines: readonly PricingLine[], settings: ShippingSettings): ShippingQuote[] {
  return shippingRates(settings).map((rate) => ({
    rate,
    pricing: priceOrder(lines, { priceCents: rate.priceCents, freeAtOrAboveCents: rate.freeAtOrAboveCents }),
    label: `${rate.title} (${rate.deliveryEstimate})`,
  }));
}
