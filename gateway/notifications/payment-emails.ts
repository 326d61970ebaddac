import { formatMoney } from "../shared/money.js";
import type { EmailRequest, EmailTemplate } from "./email.service.js";

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escape = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

const TEMPLATE = "payment_failed";

/** The email telling a shopper that a payment confirmed later (a bank debit) did not go through. */
export function paymentFailedEmail(attempt: { id: string; amountCents: number; draft: { email: string } }, message: string): EmailRequest {
  return { to: attempt.draft.email, template: TEMPLATE, data: { amountCents: attempt.amountCents, message }, idempotencyKey: `payment-${attempt.id}-failed` };
}

export const paymentFailedTemplate = {
  name: TEMPLATE,
  template(publicUrl: string): EmailTemplate {
    return {
      async render(data) {
        const amount = formatMoney(Number(data.amountCents));
        const reason = String(data.message ?? "");
        const subject = "Your payment did not go through";
        const text = [
          `Your payment of ${amount} at Satire Supply Co. did not go through${reason ? `: ${reason}` : "."}`,
          "",
          "Nothing was charged and no order was placed. Your cart is still there when you want to try again:",
          `${publicUrl}/cart`,
        ].join("\n");
        const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:sans-serif"><h1>${escape(subject)}</h1><p>Your payment of ${escape(amount)} at Satire Supply Co. did not go through${reason ? `: ${escape(reason)}` : "."}</p><p>Nothing was charged and no order was placed. <a href="${escape(`${publicUrl}/cart`)}">Your cart</a> is still there when you want to try again.</p></body></html>`;
        return { subject, text, html };
      },
    };
  },
};
