import { invalidInput } from "./errors.js";

// Email addresses as the shop keeps them (accounts, newsletter): trimmed and lower-cased.
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function normalizeEmail(value: unknown): string {
  if (typeof value !== "string" || value.trim() === "") throw invalidInput("email", "email is required");
  const email = value.trim().toLowerCase();
  if (email.length > 254 || !EMAIL_SHAPE.test(email)) throw invalidInput("email", "email must be a valid email address");
  return email;
}
