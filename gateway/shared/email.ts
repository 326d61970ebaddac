import { declareCheck } from "./validation.js";

// Email addresses as the shop compares and keeps them: trimmed and lower-cased, so one address is
// one account, one subscriber, one order lookup, however it was typed.
/** The shape a@b.c (also the checkout page's script's first look at an email, before the server's). */
export const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The shape a@b.c, within the 254 characters an address may have. */
export function isEmailAddress(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(email);
}

/**
 * A required email address, checked once normalised (an input field's declaration). Left out or
 * blank is "{field} is required", unless `blank` is "invalid" (then it is not a valid address either).
 */
export const EmailAddress = ({ blank }: { blank: "required" | "invalid" } = { blank: "required" }) =>
  declareCheck("emailAddress", { type: "string", format: "email", maxLength: MAX_EMAIL_LENGTH }, (value, field) => {
    const text = typeof value === "string" ? value : "";
    if (blank === "required" && text.trim() === "") return `${field} is required`;
    return isEmailAddress(normalizeEmail(text)) ? null : `${field} must be a valid email address`;
  });
