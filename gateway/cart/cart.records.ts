// Carts as the domain sees them: records mapped from rows in one place (cart.repository.ts).
import type { CartStatusValue, ProductStatusValue } from "../db/schema.js";

export type CartStatus = CartStatusValue;

export interface CustomAttribute {
  key: string;
  value: string;
}

/** The variant a line holds, read from the catalog each time the cart is read (prices are never stored). */
export interface CartMerchandise {
  variantId: string;
  /** The catalog's variant title; "Default Title" for a product without options. */
  variantTitle: string;
  priceCents: number;
  compareAtCents: number | null;
  selectedOptions: { name: string; value: string }[];
  productId: string;
  productHandle: string;
  productTitle: string;
  imageUrl: string | null;
  /** Staff have not taken the variant off sale (variants.available_for_sale); whether it may be bought is `unavailableReason` (cart.rules.ts). */
  forSale: boolean;
  /** Removed by staff after it was sold: kept for its orders, offered no more. */
  archived: boolean;
  /** Only ACTIVE products exist for shoppers. */
  productStatus: ProductStatusValue;
}

/** What decides whether a variant may be bought now, and names it when it may not. */
export type MerchandiseSale = Pick<CartMerchandise, "productTitle" | "variantTitle" | "forSale" | "archived" | "productStatus">;

export interface CartLineRecord {
  id: string;
  quantity: number;
  customAttributes: CustomAttribute[];
  merchandise: CartMerchandise;
}

export interface CartRecord {
  id: string;
  checkoutToken: string;
  customerId: string | null;
  status: CartStatus;
  createdAt: Date;
  updatedAt: Date;
  touchedAt: Date;
  /** A payment page has been begun for this cart (checkout then hears of its changes). */
  paymentStarted: boolean;
  lines: CartLineRecord[];
}

/** A line with what it costs at the catalog's current price. */
export interface PricedCartLine extends CartLineRecord {
  totalCents: number;
}

/** A cart with the totals the shop shows: prices from the catalog, at the moment of reading. */
export interface PricedCart extends CartRecord {
  lines: PricedCartLine[];
  totalQuantity: number;
  subtotalCents: number;
  /** spec §9: before checkout the total equals the subtotal (shipping is calculated at checkout). */
  totalCents: number;
}

/** A cart's identity, state and how many units it holds, without its lines (for an answer that shows none). */
export interface CartSummary extends Omit<CartRecord, "lines"> {
  totalQuantity: number;
}

/** A line as a caller asks for it (REST items[], GraphQL CartLineInput, the local-cart sync). */
export interface CartLineRequest {
  variantId: string;
  quantity: number;
  customAttributes: CustomAttribute[];
  /** Only the local-cart sync sends it: the title the shopper saw, used to name the line in errors. */
  title?: string | null;
}

export interface CartLineUpdate {
  lineId: string;
  quantity: number;
}

/** A line ready to be written: checked, merged and keyed. */
export interface CartLineWrite {
  variantId: string;
  quantity: number;
  customAttributes: CustomAttribute[];
  attributesKey: string;
  /** Where the (first) request for this line was, for errors. */
  field: string;
  /** The title a sync gave, if any (errors name the line by it). */
  title: string | null;
}

/** A purchasable variant as the cart service checks it before writing. */
export interface PurchasableVariant extends MerchandiseSale {
  variantId: string;
  priceCents: number | null;
}

// spec §3: "Default Title" (a product without options) is shown with no variant title.
const DEFAULT_VARIANT_TITLE = "Default Title";

export function displayVariantTitle(variantTitle: string): string | null {
  return variantTitle === DEFAULT_VARIANT_TITLE ? null : variantTitle;
}
