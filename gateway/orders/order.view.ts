import { MONEY_JSON, toMoney } from "../shared/money.js";
import { addressLines } from "../shared/address.js";
import { lineSubtotalCents, type OrderLineRecord, type OrderRecord } from "./order.records.js";
import { linePicture } from "../designs/design.records.js";
import { OrderFulfillmentStatus, type Order, type OrderLineItem, type PublicOrder } from "./order.types.js";

// Orders reshaped for the edge in one place: GraphQL's Order and REST's JSON (spec §3 Order).

/** The public status page of an order. */
export function orderStatusUrl(publicUrl: string, statusToken: string): string {
  return `${publicUrl}/store/orders/${statusToken}`;
}

/** What the customer reads about a cancellation: the message staff wrote for them, never the internal reason; null without one. */
export function customerCancelMessage(order: OrderRecord): string | null {
  return order.cancelCustomerMessage?.trim() ? order.cancelCustomerMessage.trim() : null;
}

export function toOrderType(order: OrderRecord, publicUrl: string): Order {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    processedAt: order.processedAt,
    email: order.email,
    financialStatus: order.financialStatus,
    fulfillmentStatus: OrderFulfillmentStatus[order.fulfillmentStatus],
    subtotalPrice: toMoney(order.subtotalCents),
    totalDiscountPrice: toMoney(order.discountCents),
    discountCode: order.discountCode,
    totalShippingPrice: toMoney(order.shippingCents),
    totalPrice: toMoney(order.totalCents),
    refundedPrice: toMoney(order.refundedCents),
    shippingMethod: order.shippingMethod,
    shippingAddress: { ...order.shippingAddress, formatted: addressLines(order.shippingAddress) },
    statusUrl: orderStatusUrl(publicUrl, order.statusToken),
    tracking: order.tracking,
    cancelReason: customerCancelMessage(order),
    cancelledAt: order.cancelledAt,
    lineItems: toLineItems(order),
  };
}

/**
 * The line's picture (linePicture): the customer's design for a custom design's line, whatever
 * image was recorded with it (an order placed before checkout recorded the design's has the product's).
 */
function lineImage(line: OrderLineRecord): OrderLineItem["image"] {
  const picture = linePicture(line.customAttributes, line.imageUrl);
  if (!picture) return null;
  return { id: `${line.id}:image`, url: picture.url, altText: picture.designId ? `Your custom design on ${line.productTitle}` : line.productTitle };
}

function toLineItems(order: OrderRecord): OrderLineItem[] {
  return order.lines.map((line) => ({
    id: line.id,
    title: line.productTitle,
    variantTitle: line.variantTitle,
    productHandle: line.productHandle,
    variantId: line.variantId,
    quantity: line.quantity,
    originalUnitPrice: toMoney(line.unitPriceCents),
    originalTotalPrice: toMoney(lineSubtotalCents(line)),
    discountedTotalPrice: toMoney(line.lineTotalCents),
    image: lineImage(line),
    customAttributes: line.customAttributes,
  }));
}

/**
 * An order as its status link shows it to anyone holding the link: what /store/orders/{token}
 * shows, and the street lines of its address (not the name, the phone, the email or the card).
 */
/**
 * How long after payment a status link shows the street: long enough for the checkout success page
 * to show where the order goes (and a typo to be caught before it prints); afterwards, as on the
 * status page, the city line and the country only. A status link can be had with an order's number
 * and email (orderStatusLookup), so the street of an old order is not handed to whoever knows both.
 */
const STREET_SHOWN_FOR_MS = 60 * 60 * 1000;

export function toPublicOrder(order: OrderRecord, now: Date = new Date()): PublicOrder {
  // The label's lines after the first, the recipient's name; the street ones only while fresh.
  const lines = addressLines(order.shippingAddress).slice(1);
  const fresh = now.getTime() - order.processedAt.getTime() < STREET_SHOWN_FOR_MS;
  return {
    orderNumber: order.orderNumber,
    processedAt: order.processedAt,
    financialStatus: order.financialStatus,
    fulfillmentStatus: OrderFulfillmentStatus[order.fulfillmentStatus],
    subtotalPrice: toMoney(order.subtotalCents),
    totalDiscountPrice: toMoney(order.discountCents),
    discountCode: order.discountCode,
    totalShippingPrice: toMoney(order.shippingCents),
    totalPrice: toMoney(order.totalCents),
    refundedPrice: toMoney(order.refundedCents),
    shippingMethod: order.shippingMethod,
    shippingAddress: { lines: fresh ? lines : lines.slice(-2) },
    lineItems: toLineItems(order),
    tracking: order.tracking,
    cancelReason: customerCancelMessage(order),
    cancelledAt: order.cancelledAt,
  };
}

function linePictureJson(line: OrderLineRecord): { url: string } | null {
  const picture = linePicture(line.customAttributes, line.imageUrl);
  return picture ? { url: picture.url } : null;
}

export function toOrderJson(order: OrderRecord, publicUrl: string) {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    processedAt: order.processedAt.toISOString(),
    fulfillmentStatus: order.fulfillmentStatus,
    financialStatus: order.financialStatus,
    subtotalPrice: toMoney(order.subtotalCents),
    totalDiscountPrice: toMoney(order.discountCents),
    discountCode: order.discountCode,
    totalShippingPrice: toMoney(order.shippingCents),
    totalPrice: toMoney(order.totalCents),
    refundedPrice: toMoney(order.refundedCents),
    lineItems: order.lines.map((line) => ({
      id: line.id,
      title: line.productTitle,
      variantTitle: line.variantTitle,
      quantity: line.quantity,
      price: toMoney(line.unitPriceCents),
      total: toMoney(line.lineTotalCents),
      discount: toMoney(line.discountCents),
      image: linePictureJson(line),
      customAttributes: line.customAttributes,
    })),
    statusUrl: orderStatusUrl(publicUrl, order.statusToken),
  };
}

const text = { type: "string" };
const object = (properties: Record<string, unknown>) => ({ type: "object", required: Object.keys(properties), additionalProperties: false, properties });

/** toOrderJson's shape as JSON Schema (the REST API's description). */
export const ORDER_JSON = {
  title: "Order",
  description: "A placed order (spec §3 Order): prices as Money, and the public status page behind an unguessable token.",
  ...object({
    id: text,
    orderNumber: { type: "integer" },
    processedAt: { type: "string", format: "date-time" },
    fulfillmentStatus: { enum: ["UNFULFILLED", "IN_PROGRESS", "FULFILLED", "CANCELLED"] },
    financialStatus: { enum: ["PAID", "PARTIALLY_REFUNDED", "REFUNDED"] },
    subtotalPrice: MONEY_JSON,
    totalDiscountPrice: MONEY_JSON,
    discountCode: { type: ["string", "null"], description: "The discount code the order was paid with; null without one." },
    totalShippingPrice: MONEY_JSON,
    totalPrice: MONEY_JSON,
    refundedPrice: MONEY_JSON,
    lineItems: {
      type: "array",
      items: object({
        id: text,
        title: text,
        variantTitle: { type: ["string", "null"] },
        quantity: { type: "integer", minimum: 1 },
        price: MONEY_JSON,
        total: MONEY_JSON,
        discount: MONEY_JSON,
        image: { anyOf: [object({ url: text }), { type: "null" }] },
        customAttributes: { type: "array", items: object({ key: text, value: text }) },
      }),
    },
    statusUrl: text,
  }),
};
