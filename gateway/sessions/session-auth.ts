import type { Request, Response } from "express";
import { clientAddress } from "../http/request-context.js";

/** A "remember me" session lasts 30 days; otherwise the cookie ends with the browser session. */
const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_COOKIE = "storefront.sid";

function promisify(run: (done: (err?: unknown) => void) => void): Promise<void> {
  return new Promise((resolve, reject) => run((err) => (err ? reject(err) : resolve())));
}

/** How to start express-session on a request that came without a session cookie (session.middleware.ts skips it until needed). */
const deferredSessions = new WeakMap<Request, (done: (err?: unknown) => void) => void>();

/** Records how to give this cookie-less request its session, should it sign someone in. */
export function deferSession(req: Request, start: (done: (err?: unknown) => void) => void): void {
  deferredSessions.set(req, start);
}

/** The request's session, started now if its start was deferred. */
async function ensureSession(req: Request): Promise<void> {
  const start = deferredSessions.get(req);
  if (!start) return;
  deferredSessions.delete(req);
  if (!req.session) await promisify(start);
}

/** Signs the customer in on this request: a new session id (no fixation), then the customer. */
export async function startCustomerSession(req: Request, customerId: string, rememberMe: boolean): Promise<void> {
  await ensureSession(req);
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
  await ensureSession(req);
  await promisify((done) => req.session.regenerate(done));
  req.session.staffId = staffId;
  if (rememberMe) req.session.cookie.maxAge = REMEMBER_ME_MS;
  else req.session.cookie.expires = undefined;
  await promisify((done) => req.session.save(done));
}

/** Ends the session on the server and tells the browser to drop its cookie (a request without one has none to end). */
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
