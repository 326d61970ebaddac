import { toMoney } from "../shared/money.js";
import { designFileUrl } from "../designs/design.records.js";
import type { AdminOrderRecord } from "./order-admin.service.js";
import type { AdminOrder } from "./order-admin.types.js";
import { OrderFulfillmentStatus } from "./order.types.js";
import { orderStatusUrl } from "./order.view.js";

/** An order as the shop's side sees it (GraphQL's AdminOrder). */
export function toAdminOrder({ order, customerName, history, designs }: AdminOrderRecord, publicUrl: string): AdminOrder {
  return {
    id: order.id,
    orderNumber: order.orderNumber,
    email: order.email,
    customerName,
    processedAt: order.processedAt,
    financialStatus: order.financialStatus,
    fulfillmentStatus: OrderFulfillmentStatus[order.fulfillmentStatus],
    shippingAddress: order.shippingAddress,
    shippingMethod: order.shippingMethod,
    lineItems: order.lines.map((line) => {
      const designId = designs.get(line.id);
      return {
        id: line.id,
        title: line.productTitle,
        variantTitle: line.variantTitle,
        variantId: line.variantId,
        productHandle: line.productHandle,
        quantity: line.quantity,
        originalUnitPrice: toMoney(line.unitPriceCents),
        originalTotalPrice: toMoney(line.lineTotalCents),
        image: line.imageUrl ? { id: `${line.id}:image`, url: line.imageUrl, altText: line.productTitle } : null,
        design: designId ? { id: designId, previewUrl: designFileUrl(designId, "preview"), printFileUrl: designFileUrl(designId, "print") } : null,
      };
    }),
    subtotalPrice: toMoney(order.subtotalCents),
    totalShippingPrice: toMoney(order.shippingCents),
    totalPrice: toMoney(order.totalCents),
    payment: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    tracking: order.tracking,
    cancelReason: order.cancelReason,
    cancelledAt: order.cancelledAt,
    history,
    statusUrl: orderStatusUrl(publicUrl, order.statusToken),
  };
}
