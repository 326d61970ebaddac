import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Request, Response } from "express";
import type { SignInDoor } from "../shared/sign-in-throttle.js";

/** A device cookie is good for a year after the sign-in that set it (each sign-in renews it). */
const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;
const VERSION = "d1";
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/**
 * Device cookies (OWASP's answer to lockouts): a browser that signed in to an account once keeps a
 * signed cookie naming the door, the account's email (only as a keyed hash) and a random device id;
 * the sign-in limits then count that browser's failures apart from everyone else's
 * (shared/sign-in-throttle.ts). Signed with HMAC-SHA256 under the session secret; HttpOnly,
 * SameSite=Lax, Secure when the shop is on https. A cookie per account, so a shared browser keeps
 * one for each person who signs in on it.
 */
export class DeviceCookies {
  /** A key of their own, derived from the session secret, so nothing signed for sessions is ever a device cookie's signature. */
  private readonly key: Buffer;

  constructor(
    sessionSecret: string,
    private readonly secure: boolean,
  ) {
    this.key = createHmac("sha256", sessionSecret).update("storefront device cookies").digest();
  }

  private mac(...parts: string[]): string {
    return createHmac("sha256", this.key).update(parts.join("\n")).digest("base64url");
  }

  /** The cookie's name for this door and email: keyed, so it tells nobody the email. */
  private nameFor(door: SignInDoor, email: string): string {
    return `storefront.device.${this.mac("device-name", door, email).slice(0, 16)}`;
  }

  /** The device id of this request's cookie for the door and email, when its signature and date hold. */
  deviceFor(req: Request, door: SignInDoor, email: string, now = Date.now()): string | null {
    const value = readCookie(req, this.nameFor(door, email));
    const [version, device, expires, signature, ...rest] = value?.split(".") ?? [];
    if (version !== VERSION || !device || !expires || !signature || rest.length > 0) return null;
    if (!DEVICE_ID.test(device) || !/^\d{1,13}$/.test(expires) || Number(expires) <= now) return null;
    const expected = Buffer.from(this.mac(VERSION, door, this.emailHash(email), device, expires));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected) ? device : null;
  }

  /** Sets (or renews, keeping its device id) this browser's cookie for the door and email. */
  remember(req: Request, res: Response, door: SignInDoor, email: string, now = Date.now()): void {
    const device = this.deviceFor(req, door, email, now) ?? randomBytes(16).toString("base64url");
    const expires = String(now + DEVICE_COOKIE_MS);
    const value = [VERSION, device, expires, this.mac(VERSION, door, this.emailHash(email), device, expires)].join(".");
    res.cookie(this.nameFor(door, email), value, { httpOnly: true, secure: this.secure, sameSite: "lax", path: "/", maxAge: DEVICE_COOKIE_MS });
  }

  private emailHash(email: string): string {
    return this.mac("device-email", email);
  }
}

function readCookie(req: Request, name: string): string | null {
  for (const part of (req.headers.cookie ?? "").split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}
