// Carts as the domain sees them: records mapped from rows in one place (cart.repository.ts).
import type { Transaction } from "kysely";
import type { CartStatusValue, Database, ProductStatusValue } from "../db/schema.js";
import type { PricingDiscount } from "../shared/pricing.js";

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
  /** The discount code the shopper applied (one per cart); null without one. */
  discountCodeId: string | null;
  lines: CartLineRecord[];
}

/** Why a code on the cart gives nothing now (promotions/promotion.rules.ts names and words them). */
type CartDiscountReason = "UNKNOWN" | "NOT_STARTED" | "ENDED" | "MINIMUM_NOT_MET" | "NOT_ELIGIBLE" | "USED_UP" | "ALREADY_USED";

/** The code a cart holds, and what it does for the cart now. */
export interface CartDiscount {
  codeId: string;
  promotionId: string;
  /** As staff wrote it. */
  code: string;
  /** Whether it gives anything now; when not, `reason` and `message` say why (it stays on the cart). */
  applicable: boolean;
  reason: CartDiscountReason | null;
  message: string | null;
  /** What it gives the pricing function when applicable (a free-shipping code shows at checkout). */
  pricing: PricingDiscount;
}

/** A cart's code as judged now, and per line whether the code may reach it. */
export interface JudgedDiscount {
  discount: CartDiscount;
  eligible: boolean[];
}

/** How a cart's code is judged: the promotions feature answers (cart.service.ts calls it only for a cart that holds one). */
export interface CartDiscounts {
  /** The cart's code judged now, and per line whether the code may reach it; null when the code is gone. */
  judge(cart: CartRecord): Promise<JudgedDiscount | null>;
  /** The same, inside the caller's transaction (a cart locked for payment). */
  judgeInTransaction(cart: CartRecord, trx: Transaction<Database>): Promise<JudgedDiscount | null>;
}

/** A line with what it costs at the catalog's current price. */
export interface PricedCartLine extends CartLineRecord {
  /** Unit price × quantity. */
  subtotalCents: number;
  /** Whether the cart's code may reach this line (its products or collections); true without a code. */
  discountable: boolean;
  /** The line's share of the code's discount. */
  discountCents: number;
  /** Subtotal less discount. */
  totalCents: number;
}

/** A cart with the totals the shop shows: prices from the catalog, at the moment of reading. */
export interface PricedCart extends CartRecord {
  lines: PricedCartLine[];
  totalQuantity: number;
  subtotalCents: number;
  /** The code on the cart, applicable or not; null without one. */
  discount: CartDiscount | null;
  /** What the code takes off (0 without an applicable one). */
  discountCents: number;
  /** spec §9: before checkout the total equals the subtotal (shipping is calculated at checkout), less the code's discount when one applies. */
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
