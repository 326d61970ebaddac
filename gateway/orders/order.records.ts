import type { FulfillmentStatusValue } from "../db/schema.js";

export type FulfillmentStatus = FulfillmentStatusValue;

interface CustomAttribute {
  key: string;
  value: string;
}

export interface OrderLineRecord {
  id: string;
  productId: string | null;
  variantId: string | null;
  productHandle: string;
  productTitle: string;
  /** null for a product without options ("Default Title" is never shown, spec §3). */
  variantTitle: string | null;
  imageUrl: string | null;
  quantity: number;
  unitPriceCents: number;
  lineTotalCents: number;
  customAttributes: CustomAttribute[];
}

export interface ShippingAddress {
  name: string;
  address1: string;
  city: string;
  postalCode: string;
  country: string;
}

export interface OrderRecord {
  id: string;
  orderNumber: number;
  customerId: string | null;
  cartId: string | null;
  email: string;
  financialStatus: "PAID" | "REFUNDED";
  fulfillmentStatus: FulfillmentStatus;
  currencyCode: string;
  subtotalCents: number;
  shippingCents: number;
  totalCents: number;
  shippingMethod: string;
  shippingAddress: ShippingAddress;
  cardBrand: string | null;
  cardLast4: string | null;
  statusToken: string;
  processedAt: Date;
  lines: OrderLineRecord[];
}

/** What checkout hands over: every price and title already copied from the catalog by the server. */
export type NewOrder = Omit<
  OrderRecord,
  "id" | "orderNumber" | "financialStatus" | "fulfillmentStatus" | "currencyCode" | "statusToken" | "processedAt" | "lines"
> & { lines: Omit<OrderLineRecord, "id">[] };

/** spec §4: FULFILLED shows "Shipped", IN_PROGRESS "Processing", anything else "Pending". */
export function fulfillmentLabel(status: FulfillmentStatus): "Shipped" | "Processing" | "Pending" {
  if (status === "FULFILLED") return "Shipped";
  if (status === "IN_PROGRESS") return "Processing";
  return "Pending";
}
