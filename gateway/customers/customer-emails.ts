import { PermanentJobError } from "../jobs/job.records.js";
import { escapeHtml, linkLifetimeWords, type LinkEmailRequest, type LinkEmailTemplate } from "../shared/email-links.js";
import type { CustomerLinkPurpose } from "./customer-link.repository.js";

// Written to the shapes of notifications/email.service.ts (EmailRequest, EmailTemplate) without
// importing it, as staff's emails are: notifications reaches customers through orders.

const LINK_TEMPLATE = "customer_link";
const NOTICE_TEMPLATE = "customer_email_change_notice";
const SHOP = "Satire Supply Co.";

/**
 * The email with a customer's link. Its data is the link's row id only: the token does not exist
 * yet, it is minted when the email is written (and a retried job mints a new one).
 */
export function customerLinkEmail(to: string, linkId: string): LinkEmailRequest {
  return { to, template: LINK_TEMPLATE, data: { linkId }, idempotencyKey: `customer-link-${linkId}` };
}

/** The old address is told that a change of email was asked for (named by the link that will make it). */
export function emailChangeNotice(oldEmail: string, newEmail: string, linkId: string): LinkEmailRequest {
  return { to: oldEmail, template: NOTICE_TEMPLATE, data: { newEmail }, idempotencyKey: `customer-email-change-notice-${linkId}` };
}

/** Makes the link's token (keeping only its hash); null when the link was used, replaced or expired. */
export type MintCustomerLink = (linkId: string) => Promise<{
  token: string;
  purpose: CustomerLinkPurpose;
  email: string;
  accountEmail: string;
  displayName: string | null;
  expiresAt: Date;
} | null>;

/** Where each link leads (the shop's pages read the token there), and what its email says. */
const WORDING: Record<CustomerLinkPurpose, { path: string; subject: string; lead: (email: string) => string; action: string; ignore: string }> = {
  reset: {
    path: "/account/reset-password",
    subject: `Reset your ${SHOP} password`,
    lead: () => `Someone (hopefully you) asked to reset the password of your ${SHOP} account. Choose a new password here:`,
    action: "Choose a new password",
    ignore: "If you did not ask, ignore this email: your password stays as it is.",
  },
  verify_email: {
    path: "/account/verify-email",
    subject: `Confirm your email for ${SHOP}`,
    lead: (email) => `Please confirm that ${email} is your email address for your ${SHOP} account:`,
    action: "Confirm my email",
    ignore: "If you did not make an account with us, ignore this email.",
  },
  change_email: {
    path: "/account/verify-email",
    subject: `Confirm your new email for ${SHOP}`,
    lead: (email) => `Please confirm ${email} as the new email address of your ${SHOP} account. The change takes effect once you do:`,
    action: "Confirm my new email",
    ignore: "If you did not ask for this, ignore this email: the account keeps its address.",
  },
  confirm_email_change: {
    path: "/account/verify-email",
    subject: `Approve the change of your ${SHOP} email`,
    lead: (email) => `Someone signed in to your ${SHOP} account asked to change its email address to ${email}. If it was you, approve it here, and we will send a confirmation link to the new address:`,
    action: "Approve the change",
    ignore: "If it was not you, ignore this email (the address stays as it is) and consider resetting your password.",
  },
  delete_account: {
    path: "/account/delete-account",
    subject: `Confirm deleting your ${SHOP} account`,
    lead: () => `Someone signed in to your ${SHOP} account asked to delete it. If it was you, confirm here:`,
    action: "Delete my account",
    ignore: "If you did not ask, ignore this email: your account stays as it is.",
  },
};

function html(subject: string, paragraphs: string[], link?: { url: string; label: string }): string {
  const body = paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`);
  if (link) body.splice(1, 0, `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`);
  return `<!doctype html><html><head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head><body style="font-family:sans-serif"><h1>${escapeHtml(subject)}</h1>${body.join("")}</body></html>`;
}

export const customerLinkTemplate = {
  name: LINK_TEMPLATE,
  template(publicUrl: string, mint: MintCustomerLink): LinkEmailTemplate {
    return {
      async render(data) {
        const minted = await mint(String(data.linkId ?? ""));
        // A link used, replaced by a newer one, or expired before the email went: nothing to send.
        if (!minted) throw new PermanentJobError("The link was used, replaced or has expired");
        const wording = WORDING[minted.purpose];
        const url = `${publicUrl}${wording.path}?token=${encodeURIComponent(minted.token)}`;
        const greeting = minted.displayName ? `Hello ${minted.displayName},` : "Hello,";
        const lead = `${greeting} ${wording.lead(minted.email)}`;
        const tail = `The link works once, within ${linkLifetimeWords(minted.expiresAt.getTime() - Date.now())}. ${wording.ignore}`;
        const text = [lead, "", url, "", tail, "", `— ${SHOP}`].join("\n");
        return { subject: wording.subject, text, html: html(wording.subject, [lead, tail, `— ${SHOP}`], { url, label: wording.action }) };
      },
    };
  },
};

export const emailChangeNoticeTemplate = {
  name: NOTICE_TEMPLATE,
  template(publicUrl: string): LinkEmailTemplate {
    return {
      async render(data) {
        const newEmail = String(data.newEmail ?? "");
        const subject = `Your ${SHOP} email is being changed`;
        const lead = `Someone signed in to your ${SHOP} account asked to change its email address to ${newEmail}. The change takes effect once that address is confirmed; until then you keep signing in with this one.`;
        const tail = `If it was not you, reset your password at ${publicUrl}/account/forgot-password: that cancels the change and signs everyone else out.`;
        const text = [lead, "", tail, "", `— ${SHOP}`].join("\n");
        return { subject, text, html: html(subject, [lead, tail, `— ${SHOP}`]) };
      },
    };
  },
};
