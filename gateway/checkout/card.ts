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

/** "MM/YY" as typed, before its month is checked: month and four-digit year, or null when not that shape. */
function expiryShape(value: string): { month: number; year: number } | null {
  const match = /^\s*(?:(\d{1,2})\s*[/\s-]\s*(\d{2}|\d{4})|(\d{2})(\d{2}|\d{4}))\s*$/.exec(value);
  if (!match) return null;
  const yearText = match[2] ?? match[4]!;
  return { month: Number(match[1] ?? match[3]!), year: yearText.length === 2 ? 2000 + Number(yearText) : Number(yearText) };
}

/**
 * "MM/YY" → month and four-digit year; null when malformed. As people type it: "MM / YY", "MM YY",
 * "MM-YY", "MMYY" (a phone's numeric keypad has no "/"), and a four-digit year ("MM/YYYY", "MMYYYY").
 */
export function parseExpiry(value: string): { month: number; year: number } | null {
  const expiry = expiryShape(value);
  return expiry && expiry.month >= 1 && expiry.month <= 12 ? expiry : null;
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

/**
 * What the card fields say when one is wrong: the server's answer, and the checkout page's script
 * (store.script.ts), which checks the same rules as the shopper leaves each field.
 */
export const CARD_MESSAGES = {
  numberMissing: "Enter your card number",
  numberInvalid: "Your card number is invalid.",
  expiryMissing: "Enter the expiry date (MM / YY)",
  expiryFormat: "Enter the expiry date as MM / YY",
  expiryMonth: "Enter a month from 01 to 12",
  expired: "Your card has expired.",
  cvcMissing: "Enter the security code",
  cvc3: "Enter the 3-digit security code",
  cvc4: "Enter the 4-digit security code",
} as const;

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
  if (!number) errors.cardNumber = CARD_MESSAGES.numberMissing;
  else if (!passesLuhn(number)) errors.cardNumber = CARD_MESSAGES.numberInvalid;
  const expiry = parseExpiry(input.expiry);
  if (!input.expiry.trim()) errors.expiry = CARD_MESSAGES.expiryMissing;
  else if (!expiry) errors.expiry = expiryShape(input.expiry) ? CARD_MESSAGES.expiryMonth : CARD_MESSAGES.expiryFormat;
  else if (isExpired(expiry, now)) errors.expiry = CARD_MESSAGES.expired;
  const cvc = input.cvc.trim();
  if (!cvc) errors.cvc = CARD_MESSAGES.cvcMissing;
  else if (!isValidCvc(cvc, brand)) errors.cvc = brand === "American Express" ? CARD_MESSAGES.cvc4 : CARD_MESSAGES.cvc3;
  if (Object.keys(errors).length > 0 || !expiry) return { ok: false, errors };
  return { ok: true, card: { number, expiryMonth: expiry.month, expiryYear: expiry.year, cvc } };
}
