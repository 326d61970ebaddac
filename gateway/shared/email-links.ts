import { createHash, randomBytes } from "node:crypto";

// What customers' and staff's emailed links share: a token made when the email is written, of
// which only the SHA-256 is kept, and the words an email uses for how long the link works.

/** The longest token a link can carry; anything longer is not one of ours (and is not hashed). */
const MAX_TOKEN_LENGTH = 200;

/** A new link token (32 random bytes, URL-safe) and the hash to keep instead of it. */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString("base64url");
  return { token, hash: hashLinkToken(token) };
}

/** The stored form of a token a browser sent back; null when it cannot be one of ours. */
export function linkTokenHash(token: string): string | null {
  const trimmed = token.trim();
  return trimmed !== "" && trimmed.length <= MAX_TOKEN_LENGTH ? hashLinkToken(trimmed) : null;
}

function hashLinkToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/** "1 hour", "24 hours": how long a link still works, in an email's words (never less than an hour). */
export function linkLifetimeWords(ms: number): string {
  const hours = Math.max(1, Math.round(ms / 3_600_000));
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

const ENTITIES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text made safe to put in an email's HTML. */
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => ENTITIES[c]!);

/** An email to send, in the shape of notifications' EmailRequest (features that notifications reaches cannot import it). */
export interface LinkEmailRequest {
  to: string;
  template: string;
  data: Record<string, unknown>;
  idempotencyKey: string;
}

/** How such an email is written when its job runs: notifications' EmailTemplate. */
export interface LinkEmailTemplate {
  render(data: Record<string, unknown>): Promise<{ subject: string; text: string; html: string }>;
}
