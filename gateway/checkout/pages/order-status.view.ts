import { financialLabel, fulfillmentLabel, lineSubtotalCents, type OrderRecord } from "../../orders/order.records.js";
import { customerCancelMessage } from "../../orders/order.view.js";
import { formatMoney } from "../../shared/money.js";
import { formatDate, html } from "./html.js";
import { layout, lineList, lineWarning } from "./layout.js";

// spec §4: FULFILLED → Shipped, IN_PROGRESS → Processing, CANCELLED → Cancelled,
// anything else Pending. The timeline marks each step reached; "Order Confirmed" is reached by
// every paid order. A cancelled order shows why instead of a timeline.
function timeline(order: OrderRecord) {
  if (order.fulfillmentStatus === "CANCELLED") {
    return html`<p class="cancelled">This order was cancelled${order.cancelledAt ? html` on ${formatDate(order.cancelledAt)}` : ""}${
      customerCancelMessage(order) ? html`: ${customerCancelMessage(order)!}` : "."
    }</p>`;
  }
  const label = fulfillmentLabel(order.fulfillmentStatus);
  const reached = label === "Shipped" ? 3 : label === "Processing" ? 2 : 1;
  const steps = ["Order Confirmed", "Processing", "Shipped"];
  return html`<ol class="timeline" aria-label="Order progress">
${steps.map(
  (step, i) => html`<li class="step${i < reached ? " done" : ""}"${i === reached - 1 ? html` aria-current="step"` : ""}>
<span class="dot" aria-hidden="true">${i < reached ? "✓" : i + 1}</span>
<span class="step-label">${step}</span><span class="sr-only">${i < reached ? " (done)" : " (not yet)"}</span>
</li>`,
)}
</ol>`;
}

/** The carrier and tracking number of a shipped order, linked to the carrier's page when given. */
function tracking(order: OrderRecord) {
  const t = order.tracking;
  if (!t) return "";
  const number = t.trackingUrl ? html`<a href="${t.trackingUrl}" rel="noopener noreferrer">${t.trackingNumber}</a>` : html`<strong>${t.trackingNumber}</strong>`;
  const delivered = t.deliveredAt ? html` · Delivered ${formatDate(t.deliveredAt)}` : "";
  return html`<p class="tracking">Shipped ${formatDate(t.shippedAt)} with <strong>${t.carrier}</strong> · Tracking number ${number}${delivered}</p>`;
}

/**
 * The public order status page behind the order's unguessable token. It shows no email, name,
 * street, phone or card: only what the order is and where it stands, and the city, state or
 * province (its code) and country it ships to. `printWarnings`: its designs' print-quality warnings, by design id.
 */
export function orderStatusPage(order: OrderRecord, printWarnings: ReadonlyMap<string, string>): string {
  const status = fulfillmentLabel(order.fulfillmentStatus);
  return layout(
    `Order #${order.orderNumber}`,
    html`<div class="order-head">
<h1>Order #${order.orderNumber}</h1>
<p class="muted">Placed ${formatDate(order.processedAt)} · <span class="status-badge">${status}</span></p>
</div>
<div class="order-grid">
<section class="card" aria-labelledby="progress-title">
<h2 id="progress-title">Progress</h2>
${timeline(order)}
${tracking(order)}
<p class="muted small">Ships to ${[order.shippingAddress.city, order.shippingAddress.provinceCode, order.shippingAddress.country].filter(Boolean).join(", ")} · ${order.shippingMethod}</p>
<p class="muted small">Payment: ${financialLabel(order.financialStatus)}${order.refundedCents > 0 ? html` · Refunded ${formatMoney(order.refundedCents)} of ${formatMoney(order.totalCents)}` : ""}</p>
</section>
<section class="card" aria-labelledby="items-title">
<h2 id="items-title">Items</h2>
${lineList(
  order.lines.map((l) => ({
    title: l.productTitle,
    variantTitle: l.variantTitle,
    imageUrl: l.imageUrl,
    quantity: l.quantity,
    unitPriceCents: l.unitPriceCents,
    lineTotalCents: lineSubtotalCents(l),
    customAttributes: l.customAttributes,
    printWarning: lineWarning(printWarnings, l.customAttributes),
  })),
)}
<dl class="totals">
<div><dt>Subtotal</dt><dd>${formatMoney(order.subtotalCents)}</dd></div>
${order.discountCode ? html`<div id="discount"><dt>Discount · ${order.discountCode}</dt><dd>${order.discountCents > 0 ? `−${formatMoney(order.discountCents)}` : "Free shipping"}</dd></div>` : ""}
<div><dt>Shipping</dt><dd>${order.shippingCents === 0 ? "Free" : formatMoney(order.shippingCents)}</dd></div>
<div class="grand"><dt>Total</dt><dd>${formatMoney(order.totalCents)} <span class="muted small">${order.currencyCode}</span></dd></div>
</dl>
</section>
</div>
<div class="actions"><a class="button" href="/shop">Continue Shopping</a></div>`,
    { headerNote: "Order status" },
  );
}
