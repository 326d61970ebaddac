import { escapeCell } from "../catalog/catalog-csv-format.js";
import { centsToDecimalString } from "../shared/money.js";
import type { AdminOrderRecord } from "./order-admin.service.js";

// A selection of orders as CSV rows (pure): one row per line item, the order's own fields repeated
// on each of its lines, for a spreadsheet or a courier's import. Cells a spreadsheet would run as a
// formula are escaped as the catalog export's are.

export const ORDERS_CSV_COLUMNS = [
  "order_number",
  "date",
  "email",
  "customer_name",
  "status",
  "financial_status",
  "ship_to_name",
  "ship_to_address1",
  "ship_to_address2",
  "ship_to_city",
  "ship_to_region",
  "ship_to_postal_code",
  "ship_to_country",
  "ship_to_phone",
  "product",
  "variant",
  "quantity",
  "unit_price",
  "line_total",
  "order_total",
  "carrier",
  "tracking_number",
] as const;

/** The rows of these orders, each line of each order (in the order given), as strings. */
export function ordersCsvRows(records: readonly AdminOrderRecord[]): string[][] {
  return records.flatMap(({ order, customerName }) => {
    const a = order.shippingAddress;
    const orderCells = [
      String(order.orderNumber),
      order.processedAt.toISOString(),
      order.email,
      customerName ?? a.name,
      order.fulfillmentStatus,
      order.financialStatus,
      a.name,
      a.address1,
      a.address2 ?? "",
      a.city,
      a.provinceCode ?? a.province ?? "",
      a.postalCode,
      a.countryCode,
      a.phone ?? "",
    ];
    const trackingCells = [order.tracking?.carrier ?? "", order.tracking?.trackingNumber ?? ""];
    return order.lines.map((line) =>
      [
        ...orderCells,
        line.productTitle,
        line.variantTitle ?? "",
        String(line.quantity),
        centsToDecimalString(line.unitPriceCents),
        centsToDecimalString(line.lineTotalCents),
        centsToDecimalString(order.totalCents),
        ...trackingCells,
      ].map(escapeCell),
    );
  });
}
