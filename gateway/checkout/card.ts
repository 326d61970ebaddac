// Card checks that need no provider: format, Luhn, expiry. The number itself never leaves memory:
// only the brand and last four are kept (orders.card_brand, card_last4) and nothing here logs.

export interface CardDetails {
  /** Digits only. */
  number: string;
  expiryMonth: number;
  /** Four digits. */
  expiryYear: number;
  cvc: string;
}

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, "");
}

/** The Luhn checksum every card number carries. */
export function passesLuhn(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

export function cardBrand(digits: string): string {
  if (/^4/.test(digits)) return "Visa";
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return "Mastercard";
  if (/^3[47]/.test(digits)) return "American Express";
  if (/^(6011|65|64[4-9])/.test(digits)) return "Discover";
  return "Card";
}

/**
 * "MM/YY" → month and four-digit year; null when malformed. As people type it: "MM / YY", "MM YY",
 * "MM-YY", "MMYY" (a phone's numeric keypad has no "/"), and a four-digit year ("MM/YYYY", "MMYYYY").
 */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const match = /^\s*(?:(\d{1,2})\s*[/\s-]\s*(\d{2}|\d{4})|(\d{2})(\d{2}|\d{4}))\s*$/.exec(value);
  if (!match) return null;
  const monthText = match[1] ?? match[3]!;
  const yearText = match[2] ?? match[4]!;
  const month = Number(monthText);
  const year = yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText);
  if (month < 1 || month > 12) return null;
  return { month, year };
}

/** A card is good through the last day of its expiry month. */
export function isExpired(expiry: { month: number; year: number }, now: Date = new Date()): boolean {
  const year = now.getUTCFullYear();
  const month = now.getUTCMonth() + 1;
  return expiry.year < year || (expiry.year === year && expiry.month < month);
}

export function isValidCvc(cvc: string, brand: string): boolean {
  return brand === "American Express" ? /^\d{4}$/.test(cvc) : /^\d{3}$/.test(cvc);
}

/** The test provider's card fields, as the checkout page posts them. */
export interface CardFormInput {
  cardNumber: string;
  expiry: string;
  cvc: string;
}

export type CardField = keyof CardFormInput;

/** Checks the three card fields at once (the page shows every error beside its field). */
export function checkCardForm(
  input: CardFormInput,
  now: Date = new Date(),
): { ok: true; card: CardDetails } | { ok: false; errors: Partial<Record<CardField, string>> } {
  const errors: Partial<Record<CardField, string>> = {};
  const number = digitsOnly(input.cardNumber);
  const brand = cardBrand(number);
  if (!number) errors.cardNumber = "Enter your card number";
  else if (!passesLuhn(number)) errors.cardNumber = "Your card number is invalid.";
  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = "Enter the expiry date (MM / YY)";
  else if (!expiry) errors.expiry = "Enter the expiry date as MM / YY";
  else if (isExpired(expiry, now)) errors.expiry = "Your card has expired.";
  const cvc = input.cvc.trim();
  if (!cvc) errors.cvc = "Enter the security code";
  else if (!isValidCvc(cvc, brand)) errors.cvc = brand === "American Express" ? "Enter the 4-digit security code" : "Enter the 3-digit security code";
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return { ok: true, card: { number, expiryMonth: expiry.month, expiryYear: expiry.year, cvc } };
}
