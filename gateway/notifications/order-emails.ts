import { formatMoney } from "../shared/money.js";
import type { OrderRecord } from "../orders/order.records.js";
import { orderStatusUrl } from "../orders/order.view.js";

type EmailOrder = OrderRecord;

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

function lineText(order: EmailOrder): string[] {
  return order.lines.map((l) => `  ${l.quantity} × ${l.productTitle}${l.variantTitle ? ` (${l.variantTitle})` : ""} — ${formatMoney(l.lineTotalCents)}`);
}

function lineHtml(order: EmailOrder): string {
  const rows = order.lines
    .map(
      (l) =>
        `<tr><td>${l.quantity} × ${escape(l.productTitle)}${l.variantTitle ? ` (${escape(l.variantTitle)})` : ""}</td><td style="text-align:right">${escape(formatMoney(l.lineTotalCents))}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="4">${rows}</table>`;
}

function address(order: EmailOrder): string[] {
  const a = order.shippingAddress;
  return [a.name, a.address1, `${a.postalCode} ${a.city}`, a.country];
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body style="font-family:sans-serif">${body}</body></html>`;

/** Sent when the order is paid. */
export function orderConfirmationEmail(order: EmailOrder, publicUrl: string): RenderedEmail {
  const statusUrl = orderStatusUrl(publicUrl, order.statusToken);
  const subject = `Order #${order.orderNumber} confirmed`;
  const text = [
    `Thank you for your order #${order.orderNumber}. We have your payment and are getting it printed.`,
    "",
    ...lineText(order),
    "",
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    `Shipping (${order.shippingMethod}): ${formatMoney(order.shippingCents)}`,
    `Total: ${formatMoney(order.totalCents)}`,
    "",
    "Shipping to:",
    ...address(order).map((l) => `  ${l}`),
    "",
    `Follow your order: ${statusUrl}`,
  ].join("\n");
  const html = page(
    subject,
    `<h1>${escape(subject)}</h1><p>Thank you for your order. We have your payment and are getting it printed.</p>${lineHtml(order)}` +
      `<p>Subtotal: ${escape(formatMoney(order.subtotalCents))}<br>Shipping (${escape(order.shippingMethod)}): ${escape(formatMoney(order.shippingCents))}<br><strong>Total: ${escape(formatMoney(order.totalCents))}</strong></p>` +
      `<p>Shipping to:<br>${address(order).map(escape).join("<br>")}</p><p><a href="${escape(statusUrl)}">Follow your order</a></p>`,
  );
  return { subject, text, html };
}

/** Sent when the order is fulfilled, with its tracking. */
export function shippingNotificationEmail(order: EmailOrder, publicUrl: string): RenderedEmail {
  const statusUrl = orderStatusUrl(publicUrl, order.statusToken);
  const tracking = order.tracking;
  const subject = `Order #${order.orderNumber} has shipped`;
  const trackingText = tracking
    ? [`Carrier: ${tracking.carrier}`, `Tracking number: ${tracking.trackingNumber}`, ...(tracking.trackingUrl ? [`Track it: ${tracking.trackingUrl}`] : [])]
    : [];
  const text = [`Good news: order #${order.orderNumber} is on its way.`, "", ...trackingText, "", ...lineText(order), "", `Order status: ${statusUrl}`].join("\n");
  const trackingHtml = tracking
    ? `<p>Carrier: ${escape(tracking.carrier)}<br>Tracking number: ${escape(tracking.trackingNumber)}${
        tracking.trackingUrl ? `<br><a href="${escape(tracking.trackingUrl)}">Track your package</a>` : ""
      }</p>`
    : "";
  const html = page(subject, `<h1>${escape(subject)}</h1><p>Good news: your order is on its way.</p>${trackingHtml}${lineHtml(order)}<p><a href="${escape(statusUrl)}">Order status</a></p>`);
  return { subject, text, html };
}
