import { centsToDecimalString } from "../shared/money.js";
import type { OrderRecord } from "../orders/order.records.js";
import { DESIGN_ATTRIBUTE } from "../designs/design.records.js";
import type { WebhookOrderPayload } from "./webhook.service.js";

/** The order as a webhook's body carries it (docs/api.md "Outbound webhooks"): amounts as decimal strings in `currencyCode`. */
export function webhookOrderPayload(order: OrderRecord): WebhookOrderPayload {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    email: order.email,
    processedAt: order.processedAt.toISOString(),
    financialStatus: order.financialStatus,
    fulfillmentStatus: order.fulfillmentStatus,
    currencyCode: order.currencyCode,
    subtotalPrice: centsToDecimalString(order.subtotalCents),
    totalDiscountPrice: centsToDecimalString(order.discountCents),
    discountCode: order.discountCode,
    totalShippingPrice: centsToDecimalString(order.shippingCents),
    totalPrice: centsToDecimalString(order.totalCents),
    shippingMethod: order.shippingMethod,
    shippingAddress: order.shippingAddress,
    lineItems: order.lines.map((l) => ({
      title: l.productTitle,
      variantTitle: l.variantTitle,
      variantId: l.variantId,
      productHandle: l.productHandle,
      quantity: l.quantity,
      unitPrice: centsToDecimalString(l.unitPriceCents),
      totalPrice: centsToDecimalString(l.lineTotalCents),
      designId: l.customAttributes.find((a) => a.key === DESIGN_ATTRIBUTE)?.value ?? null,
    })),
    tracking: order.tracking
      ? { ...order.tracking, shippedAt: order.tracking.shippedAt.toISOString(), deliveredAt: order.tracking.deliveredAt?.toISOString() ?? null }
      : null,
    refundedPrice: centsToDecimalString(order.refundedCents),
    cancelReason: order.cancelReason,
    cancelledAt: order.cancelledAt?.toISOString() ?? null,
  };
}
