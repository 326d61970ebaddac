// spec §9: standard 5–7 business days, expedited 3–5; free standard shipping at or above the
// free-shipping rule in force (promotions/free-shipping.service.ts: the standing threshold staff set,
// default $75, or a running offer's lower one), which every place that mentions it reads from there.
import { priceOrder, type Pricing, type PricingDiscount, type PricingLine } from "../shared/pricing.js";

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

/** What the order comes to with each method and the cart's discount (the pricing function decides when shipping is free). */
export function quoteShipping(lines: readonly PricingLine[], settings: ShippingSettings, discount: PricingDiscount | null = null): ShippingQuote[] {
  return shippingRates(settings).map((rate) => ({
    rate,
    // A free-shipping code makes Standard free, as the threshold does; Expedited still costs.
    pricing: priceOrder(lines, { priceCents: rate.priceCents, freeAtOrAboveCents: rate.freeAtOrAboveCents, freeWithCode: rate.method === "standard" }, discount),
    label: `${rate.title} (${rate.deliveryEstimate})`,
  }));
}
