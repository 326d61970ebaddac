import type { Request, Response } from "express";
import { clientAddress } from "../http/request-context.js";

/** A "remember me" session lasts 30 days; otherwise the cookie ends with the browser session. */
const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = "storefront.sid";

function promisify(run: (done: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((err) => (err ? reject(err) : resolve())));
}

/** Signs the customer in on this request: a new session id (no fixation), then the customer. */
export async function startCustomerSession(req: Request, customerId: string, rememberMe: boolean): Promise<void> {
  await promisify((done) => req.session.regenerate(done));
  req.session.customerId = customerId;
  if (rememberMe) req.session.cookie.maxAge = REMEMBER_ME_MS;
  else req.session.cookie.expires = undefined;
  await promisify((done) => req.session.save(done));
}

/**
 * Signs a staff member in: a new session (whatever customer or staff member it held before is gone),
 * holding only the staff member, with the same cookie rules as a customer's.
 */
async function startStaffSession(req: Request, staffId: string, rememberMe: boolean): Promise<void> {
  await promisify((done) => req.session.regenerate(done));
  req.session.staffId = staffId;
  if (rememberMe) req.session.cookie.maxAge = REMEMBER_ME_MS;
  else req.session.cookie.expires = undefined;
  await promisify((done) => req.session.save(done));
}

/** Ends the session on the server and tells the browser to drop its cookie. */
export async function endCustomerSession(req: Request, res: Response): Promise<void> {
  if (req.session) await promisify((done) => req.session.destroy(done));
  res.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Session controls as GraphQL resolvers see them (the same functions REST uses). */
export interface SessionControl {
  signIn(customerId: string, rememberMe: boolean): Promise<void>;
  /** Signs a staff member in (a new session that is not a customer's). */
  signInStaff(staffId: string, rememberMe: boolean): Promise<void>;
  signOut(): Promise<void>;
  sessionId: string | null;
  clientAddress: string;
}

export function sessionControl(req: Request, res: Response): SessionControl {
  return {
    signIn: (customerId, rememberMe) => startCustomerSession(req, customerId, rememberMe),
    signInStaff: (staffId, rememberMe) => startStaffSession(req, staffId, rememberMe),
    signOut: () => endCustomerSession(req, res),
    sessionId: req.sessionID ?? null,
    clientAddress: clientAddress(req),
  };
}
