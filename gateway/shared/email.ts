import { declareCheck } from "./validation.js";

// Email addresses as the shop compares and keeps them: trimmed and lower-cased, so one address is
// one account, one subscriber, one order lookup, however it was typed.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_EMAIL_LENGTH = 254;

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/** The shape a@b.c, within the 254 characters an address may have. */
export function isEmailAddress(email: string): boolean {
  return email.length <= MAX_EMAIL_LENGTH && EMAIL_SHAPE.test(email);
}

/** A required email address, checked once normalised (an input field's declaration). */
export const EmailAddress = () =>
  declareCheck("emailAddress", (value, field) => {
    if (typeof value !== "string" || value.trim() === "") return `${field} is required`;
    return isEmailAddress(normalizeEmail(value)) ? null : `${field} must be a valid email address`;
  });
