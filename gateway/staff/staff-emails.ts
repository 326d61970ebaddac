import { PermanentJobError } from "../jobs/job.records.js";
import { escapeHtml as escape, linkLifetimeWords, type LinkEmailRequest, type LinkEmailTemplate as StaffEmailTemplate } from "../shared/email-links.js";
import type { StaffTokenPurpose } from "./staff-token.repository.js";

// Written to the shapes of notifications/email.service.ts (EmailRequest, EmailTemplate) without
// importing it: notifications reaches staff through orders, and feature folders import no cycle.

/** An email to send: notifications' EmailRequest. */
export type StaffEmailRequest = LinkEmailRequest;


const TEMPLATE = "staff_password_link";

/**
 * The email with a staff member's set-password link (an invitation or a reset). Its data is the
 * link's row id only: the token does not exist yet, it is minted when the email is written.
 */
export function staffPasswordLinkEmail(to: string, linkId: string): StaffEmailRequest {
  return { to, template: TEMPLATE, data: { linkId }, idempotencyKey: `staff-password-link-${linkId}` };
}

/** Makes the link's token (keeping only its hash); null when the link was used, replaced or expired. */
export type MintLink = (linkId: string) => Promise<{ token: string; name: string; purpose: StaffTokenPurpose; expiresAt: Date } | null>;

export const staffPasswordLinkTemplate = {
  name: TEMPLATE,
  template(publicUrl: string, mint: MintLink): StaffEmailTemplate {
    return {
      async render(data) {
        const minted = await mint(String(data.linkId ?? ""));
        // A link used, replaced by a newer one, or expired before the email went: nothing to send.
        if (!minted) throw new PermanentJobError("The password link was used, replaced or has expired");
        const url = `${publicUrl}/admin/reset-password?token=${encodeURIComponent(minted.token)}`;
        const within = linkLifetimeWords(minted.expiresAt.getTime() - Date.now());
        const invitation = minted.purpose === "invitation";
        const subject = invitation ? "You are invited to the Satire Supply Co. admin" : "Reset your Satire Supply Co. admin password";
        const lead = invitation
          ? `Hello ${minted.name}, you have a staff account at the Satire Supply Co. admin. Set your password to sign in:`
          : `Hello ${minted.name}, someone (hopefully you) asked to reset your staff password. Set a new one here:`;
        const tail = `The link works once, within ${within}.${invitation ? "" : " If you did not ask, ignore this email: your password stays as it is."}`;
        const text = [lead, "", url, "", tail].join("\n");
        const html = `<!doctype html><html><head><meta charset="utf-8"><title>${escape(subject)}</title></head><body style="font-family:sans-serif"><h1>${escape(subject)}</h1><p>${escape(lead)}</p><p><a href="${escape(url)}">${invitation ? "Set your password" : "Set a new password"}</a></p><p>${escape(tail)}</p></body></html>`;
        return { subject, text, html };
      },
    };
  },
};
