import { formatMoney } from "../shared/money.js";
import type { OrderRecord } from "../orders/order.records.js";
import type { EmailRequest, EmailTemplate, RenderedEmail } from "../notifications/email.service.js";
import type { DisputeRecord, RefundRecord } from "./refund.records.js";

// The emails of money given back and orders cancelled: the customer's refund and cancellation
// emails, and the owners' notice of a dispute. Each is a job of the generic email job, rendered
// from the order as it is when the job runs (the payload holds ids, never a status link).

const TEMPLATES = { refund: "refund_issued", cancellation: "order_cancelled", dispute: "dispute_opened" } as const;

export function refundEmail(order: Pick<OrderRecord, "id" | "email">, refund: Pick<RefundRecord, "id" | "amountCents">): EmailRequest {
  return { to: order.email, template: TEMPLATES.refund, data: { orderId: order.id, amountCents: refund.amountCents }, idempotencyKey: `refund-${refund.id}` };
}

export function cancellationEmail(order: Pick<OrderRecord, "id" | "email">): EmailRequest {
  return { to: order.email, template: TEMPLATES.cancellation, data: { orderId: order.id }, idempotencyKey: `order-${order.id}-cancelled` };
}

export function disputeEmail(ownerEmail: string, order: Pick<OrderRecord, "id">, dispute: Pick<DisputeRecord, "id" | "providerDisputeId">): EmailRequest {
  return { to: ownerEmail, template: TEMPLATES.dispute, data: { orderId: order.id, disputeId: dispute.id }, idempotencyKey: `dispute-${dispute.providerDisputeId}-${ownerEmail}` };
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);
const paragraphs = (lines: string[]) => lines.filter((l) => l !== "").map((l) => `<p>${escape(l)}</p>`).join("");
const page = (title: string, body: string) =>
  `<!doctype html><html><head><meta charset="utf-8"><title>${escape(title)}</title></head><body style="font-family:sans-serif"><h1>${escape(title)}</h1>${body}</body></html>`;

function email(subject: string, lines: string[], link: { label: string; url: string }): RenderedEmail {
  return {
    subject,
    text: [...lines, "", `${link.label}: ${link.url}`].join("\n"),
    html: page(subject, `${paragraphs(lines)}<p><a href="${escape(link.url)}">${escape(link.label)}</a></p>`),
  };
}

interface Deps {
  publicUrl: string;
  findOrder(orderId: string): Promise<OrderRecord | null>;
  findDispute(orderId: string, disputeId: string): Promise<DisputeRecord | null>;
  statusUrl(publicUrl: string, statusToken: string): string;
}

/** The templates, by name, for EmailService.register. */
export function refundEmailTemplates(deps: Deps): Record<string, EmailTemplate> {
  const orderOf = async (data: Record<string, unknown>) => {
    const order = await deps.findOrder(String(data.orderId));
    if (!order) throw new Error(`order ${String(data.orderId)} does not exist`);
    return order;
  };
  return {
    [TEMPLATES.refund]: {
      async render(data) {
        const order = await orderOf(data);
        const amount = formatMoney(Number(data.amountCents));
        const whole = order.financialStatus === "REFUNDED";
        return email(
          `Refund of ${amount} for order #${order.orderNumber}`,
          [
            `We have refunded ${amount} for your order #${order.orderNumber} at Satire Supply Co., to the card you paid with.`,
            whole ? `Your order is now refunded in full (${formatMoney(order.refundedCents)}).` : `Refunded so far: ${formatMoney(order.refundedCents)} of ${formatMoney(order.totalCents)}.`,
            "Banks usually show a refund within 5–10 business days.",
          ],
          { label: "Order status", url: deps.statusUrl(deps.publicUrl, order.statusToken) },
        );
      },
    },
    [TEMPLATES.cancellation]: {
      async render(data) {
        const order = await orderOf(data);
        const message = order.cancelCustomerMessage?.trim() ?? "";
        return email(
          `Order #${order.orderNumber} was cancelled`,
          [
            `We are sorry: your order #${order.orderNumber} at Satire Supply Co. was cancelled.`,
            message,
            order.financialStatus === "PAID" ? "" : "Any money we give back shows on your card within 5–10 business days; we email you for each refund.",
          ],
          { label: "Order status", url: deps.statusUrl(deps.publicUrl, order.statusToken) },
        );
      },
    },
    [TEMPLATES.dispute]: {
      async render(data) {
        const order = await orderOf(data);
        const dispute = await deps.findDispute(order.id, String(data.disputeId));
        const amount = dispute ? formatMoney(dispute.amountCents) : "the payment";
        const held = order.fulfillmentStatus === "UNFULFILLED";
        return email(
          `Payment disputed: order #${order.orderNumber}`,
          [
            `The customer's bank disputes ${amount} paid for order #${order.orderNumber}${dispute ? ` (${dispute.reason.replace(/_/g, " ")})` : ""}.`,
            held ? "The order is held from the printer until the dispute closes." : "The order had already gone to the printer.",
            "Answer the dispute with your evidence in your payment provider's dashboard before its deadline.",
          ],
          { label: "The order in /admin", url: `${deps.publicUrl}/admin/orders/${order.id}` },
        );
      },
    },
  };
}
