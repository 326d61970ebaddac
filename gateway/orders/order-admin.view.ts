import { designFileUrl } from "../designs/design.records.js";
import { printWarningFor } from "../designs/print-quality.js";
import type { AdminOrderRecord } from "./order-admin.service.js";
import type { AdminOrder } from "./order-admin.types.js";
import { toOrderType } from "./order.view.js";

/**
 * An order as the shop's side sees it (GraphQL's AdminOrder): the customer's view of it (one
 * mapping of prices, lines and status) plus who bought it, the payment, the designs to print and
 * the history.
 */
export function toAdminOrder({ order, customerName, history, designs }: AdminOrderRecord, publicUrl: string): AdminOrder {
  const customerView = toOrderType(order, publicUrl);
  return {
    ...customerView,
    customerName,
    accountDeletion: order.accountDeletion,
    lineItems: customerView.lineItems.map((line) => {
      const design = designs.get(line.id);
      return {
        ...line,
        design: design
          ? {
              id: design.id,
              previewUrl: designFileUrl(design.id, "preview"),
              printFileUrl: designFileUrl(design.id, "print"),
              printDpi: design.printDpi,
              printWarning: printWarningFor(design.printDpi),
            }
          : null,
      };
    }),
    cancelReason: order.cancelReason,
    cancelCustomerMessage: order.cancelCustomerMessage,
    payment: order.cardBrand && order.cardLast4 ? { brand: order.cardBrand, last4: order.cardLast4 } : null,
    history,
  };
}
