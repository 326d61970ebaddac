import { invalidInput } from "./errors.js";

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

/** A required email field: normalised, or INVALID_INPUT naming "email". */
export function parseEmail(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw invalidInput("email", "email is required");
  const email = normalizeEmail(value);
  if (!isEmailAddress(email)) throw invalidInput("email", "email must be a valid email address");
  return email;
}
