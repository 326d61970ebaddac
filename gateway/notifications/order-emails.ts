import { formatMoney } from "../shared/money.js";
import { addressLines } from "../shared/address.js";
import { lineSubtotalCents, type OrderRecord } from "../orders/order.records.js";
import { orderStatusUrl } from "../orders/order.view.js";
import { PermanentJobError } from "../jobs/job.records.js";
import { linePicture } from "../designs/design.records.js";
import { absoluteRasterImageUrl } from "../shared/image-urls.js";
import type { EmailRequest, EmailTemplate, RenderedEmail } from "./email.service.js";

type EmailOrder = OrderRecord;

/** The customer's order emails: a confirmation when an order is paid, a notice when it ships. */
const ORDER_EMAILS = {
  confirmation: "order_confirmation",
  shipping: "shipping_notification",
} as const;
type OrderEmail = keyof typeof ORDER_EMAILS;

/**
 * The email job of one order email: to the order's address, once per order and kind, or once per
 * `occasion` for one sent again on request (a resent shipping email).
 */
export function orderEmail(kind: OrderEmail, order: Pick<OrderRecord, "id" | "email" | "orderNumber">, occasion: string | null = null): EmailRequest {
  const key = `order-${order.orderNumber}-${kind}${occasion ? `-${occasion}` : ""}`;
  return { to: order.email, template: ORDER_EMAILS[kind], data: { orderId: order.id }, idempotencyKey: key };
}

export interface OrderEmailDeps {
  publicUrl: string;
  /** The order as it is when the email is sent (a shipping notice carries the tracking given since). */
  findOrder(orderId: string): Promise<OrderRecord | null>;
}

/** The order emails' templates, rendered from the order as it is when the job runs. */
export function orderEmailTemplates(deps: OrderEmailDeps): Record<string, EmailTemplate> {
  const template = (render: (order: OrderRecord, publicUrl: string) => RenderedEmail): EmailTemplate => ({
    async render(data) {
      const order = await deps.findOrder(String(data.orderId));
      if (!order) throw new PermanentJobError(`Order ${String(data.orderId)} does not exist`);
      return render(order, deps.publicUrl);
    },
  });
  return {
    [ORDER_EMAILS.confirmation]: template(orderConfirmationEmail),
    [ORDER_EMAILS.shipping]: template(shippingNotificationEmail),
  };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

function lineText(order: EmailOrder): string[] {
  return order.lines.map((l) => `  ${l.quantity} × ${l.productTitle}${l.variantTitle ? ` (${l.variantTitle})` : ""} — ${formatMoney(lineSubtotalCents(l))}`);
}

function discountHtml(order: EmailOrder): string {
  if (!order.discountCode) return "";
  return `Discount (${escape(order.discountCode)}): ${order.discountCents > 0 ? escape(`−${formatMoney(order.discountCents)}`) : "free shipping"}<br>`;
}

/**
 * A line's picture in the email (linePicture: a custom design's mock-up, else the product's image):
 * absolute, a PNG copy for an SVG (mail readers show none), 64 px square; an empty cell without one.
 */
function linePictureHtml(line: EmailOrder["lines"][number], publicUrl: string): string {
  const picture = linePicture(line.customAttributes, line.imageUrl);
  const src = picture && absoluteRasterImageUrl(publicUrl, picture.url);
  if (!src) return `<td style="width:64px"></td>`;
  const alt = picture.designId ? `Your custom design on ${line.productTitle}` : line.productTitle;
  return `<td style="width:64px"><img src="${escape(src)}" alt="${escape(alt)}" width="64" height="64" style="display:block;width:64px;height:64px;object-fit:cover;border-radius:6px"></td>`;
}

function lineHtml(order: EmailOrder, publicUrl: string): string {
  const rows = order.lines
    .map(
      (l) =>
        `<tr>${linePictureHtml(l, publicUrl)}<td>${l.quantity} × ${escape(l.productTitle)}${l.variantTitle ? ` (${escape(l.variantTitle)})` : ""}</td><td style="text-align:right">${escape(formatMoney(lineSubtotalCents(l)))}</td></tr>`,
    )
    .join("");
  return `<table cellpadding="4">${rows}</table>`;
}

/** The address as the label will read, and the phone the courier gets (the buyer's own, to check). */
function address(order: EmailOrder): string[] {
  const a = order.shippingAddress;
  return [...addressLines(a), ...(a.phone ? [`Phone: ${a.phone}`] : [])];
}

const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body style="font-family:sans-serif">${body}</body></html>`;

/** Sent when the order is paid. */
function orderConfirmationEmail(order: EmailOrder, publicUrl: string): RenderedEmail {
  const statusUrl = orderStatusUrl(publicUrl, order.statusToken);
  const subject = `Order #${order.orderNumber} confirmed`;
  const text = [
    `Thank you for your order #${order.orderNumber}. We have your payment and are getting it printed.`,
    "",
    ...lineText(order),
    "",
    `Subtotal: ${formatMoney(order.subtotalCents)}`,
    ...(order.discountCode ? [`Discount (${order.discountCode}): ${order.discountCents > 0 ? `−${formatMoney(order.discountCents)}` : "free shipping"}`] : []),
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
    `<h1>${escape(subject)}</h1><p>Thank you for your order. We have your payment and are getting it printed.</p>${lineHtml(order, publicUrl)}` +
      `<p>Subtotal: ${escape(formatMoney(order.subtotalCents))}<br>${discountHtml(order)}Shipping (${escape(order.shippingMethod)}): ${escape(formatMoney(order.shippingCents))}<br><strong>Total: ${escape(formatMoney(order.totalCents))}</strong></p>` +
      `<p>Shipping to:<br>${address(order).map(escape).join("<br>")}</p><p><a href="${escape(statusUrl)}">Follow your order</a></p>`,
  );
  return { subject, text, html };
}

/** Sent when the order is fulfilled, with its tracking. */
function shippingNotificationEmail(order: EmailOrder, publicUrl: string): RenderedEmail {
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
  const html = page(subject, `<h1>${escape(subject)}</h1><p>Good news: your order is on its way.</p>${trackingHtml}${lineHtml(order, publicUrl)}<p><a href="${escape(statusUrl)}">Order status</a></p>`);
  return { subject, text, html };
}
