import { createHash, randomInt } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import QRCode from "qrcode";

// Time-based one-time codes (RFC 6238) through otpauth: SHA-1, 6 digits, 30-second steps, which
// every authenticator app reads from an otpauth:// address. A code is accepted one step either side
// of now (a phone's clock a little off); which step it matched is answered, so it is used once.

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW_STEPS = 1;
const ISSUER = "Satire Supply Co. admin";

function totpOf(secret: string, label = "staff"): TOTP {
  return new TOTP({ issuer: ISSUER, label, algorithm: "SHA1", digits: DIGITS, period: PERIOD_SECONDS, secret: Secret.fromBase32(secret) });
}

/** A new secret: 160 random bits, in base32 as authenticator apps take it by hand. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** The otpauth:// address an authenticator app scans. */
export function totpUri(secret: string, accountEmail: string): string {
  return totpOf(secret, accountEmail).toString();
}

/** That address as a QR code: an SVG data URL, drawn here (nothing leaves the machine). */
export async function qrCodeDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`;
}

/** The time step a six-digit code matches (now, or one step either side), or null when it matches none. */
export function matchingStep(secret: string, code: string, nowMs: number): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const delta = totpOf(secret).validate({ token: code, timestamp: nowMs, window: WINDOW_STEPS });
  return delta === null ? null : Math.floor(nowMs / 1000 / PERIOD_SECONDS) + delta;
}

/** Does this look like a TOTP code (six digits) rather than a recovery code? */
export const isTotpCode = (code: string) => /^\d{6}$/.test(code.replace(/\s/g, ""));

/** Recovery codes: ten letters and digits (no look-alikes), shown as xxxxx-xxxxx; ~49 random bits each. */
const RECOVERY_ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
const RECOVERY_CODE_COUNT = 10;

export function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

/** What is stored of a recovery code: SHA-256 of it without spaces or dashes, lower-cased. */
export function recoveryCodeHash(code: string): string {
  return createHash("sha256").update(code.replace(/[\s-]/g, "").toLowerCase()).digest("hex");
}
