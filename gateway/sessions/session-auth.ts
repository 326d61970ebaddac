import type { Request, Response } from "express";
import { clientKey } from "../http/request-context.js";
import type { SignInClient, SignInDoor } from "../shared/sign-in-throttle.js";
import type { DeviceCookies } from "./device-cookie.js";

/** A "remember me" session lasts 30 days; otherwise the cookie ends with the browser session. */
const REMEMBER_ME_MS = 30 * 24 * 60 * 60 * 1000;
/** A staff session's cookie never outlives the staff session's absolute limit (StaffService's 7 days). */
const STAFF_REMEMBER_ME_MS = 7 * 24 * 60 * 60 * 1000;
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

/** The device cookies' signer for requests the session middleware saw (session.middleware.ts). */
const deviceCookies = new WeakMap<Request, DeviceCookies>();

export function attachDeviceCookies(req: Request, devices: DeviceCookies): void {
  deviceCookies.set(req, devices);
}

/** Who is signing in on this request, as the sign-in limits tell clients apart: the client key and the device cookies the browser holds. */
export function signInClient(req: Request): SignInClient {
  const devices = deviceCookies.get(req);
  return { key: clientKey(req), trustedDevice: (door, email) => devices?.deviceFor(req, door, email) ?? null };
}

/** After a completed sign-in: the browser keeps (or renews) its device cookie for this door and account. */
export function rememberDevice(req: Request, res: Response, door: SignInDoor, email: string): void {
  const devices = deviceCookies.get(req);
  if (!devices) throw new Error("rememberDevice: the session middleware did not see this request");
  devices.remember(req, res, door, email);
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
 * holding only the staff member and when they signed in; "remember me" keeps the cookie 7 days
 * (the staff session's own limit), else until the browser closes.
 */
async function startStaffSession(req: Request, staffId: string, rememberMe: boolean, now: number): Promise<void> {
  await ensureSession(req);
  await promisify((done) => req.session.regenerate(done));
  req.session.staffId = staffId;
  req.session.staffSignedInAt = now;
  req.session.staffSeenAt = now;
  if (rememberMe) req.session.cookie.maxAge = STAFF_REMEMBER_ME_MS;
  else req.session.cookie.expires = undefined;
  await promisify((done) => req.session.save(done));
}

/**
 * The password was right and a second step is due: a new session holding only that (no staff
 * member, so no powers), until `until`.
 */
async function startStaffPending(req: Request, pending: { staffId: string; rememberMe: boolean; until: number }): Promise<void> {
  await ensureSession(req);
  await promisify((done) => req.session.regenerate(done));
  req.session.staffPending = pending;
  req.session.cookie.expires = undefined;
  await promisify((done) => req.session.save(done));
}

async function clearStaffPending(req: Request): Promise<void> {
  if (!req.session?.staffPending) return;
  delete req.session.staffPending;
  await promisify((done) => req.session.save(done));
}

/** A staff member's session as the principal's resolution checks it (StaffService.principalFor). */
export interface StaffSessionHandle {
  staffId: string;
  /** When they signed in (ms); null for a session from before sign-in times were kept. */
  signedInAt: number | null;
  /** The last request seen (ms); null as above. */
  seenAt: number | null;
  /** Records a request at `at` (saved with the session at the end of the request). */
  markSeen(at: number): void;
  /** Ends the session on the server and drops the cookie (the staff member is signed out). */
  end(): Promise<void>;
}

/** The staff session of this request, or null when no staff member is signed in on it. */
export function currentStaffSession(req: Request, res: Response): StaffSessionHandle | null {
  const sess = req.session;
  if (!sess?.staffId) return null;
  return {
    staffId: sess.staffId,
    signedInAt: typeof sess.staffSignedInAt === "number" ? sess.staffSignedInAt : null,
    seenAt: typeof sess.staffSeenAt === "number" ? sess.staffSeenAt : null,
    markSeen: (at) => {
      sess.staffSeenAt = at;
    },
    end: () => endCustomerSession(req, res),
  };
}

/** Ends the session on the server and tells the browser to drop its cookie (a request without one has none to end). */
export async function endCustomerSession(req: Request, res: Response): Promise<void> {
  if (req.session) await promisify((done) => req.session.destroy(done));
  res.clearCookie(SESSION_COOKIE, { path: "/" });
}

/** Session controls as GraphQL resolvers see them (the same functions REST uses). */
export interface SessionControl {
  signIn(customerId: string, rememberMe: boolean): Promise<void>;
  /** Signs a staff member in (a new session that is not a customer's), at `now` (ms). */
  signInStaff(staffId: string, rememberMe: boolean, now: number): Promise<void>;
  /** The password was right, a two-factor code is due: a session with no powers holding only that. */
  beginStaffSecondStep(pending: { staffId: string; rememberMe: boolean; until: number }): Promise<void>;
  /** The sign-in waiting for its second step on this session, if any (its expiry is the caller's to check). */
  staffSecondStep(): { staffId: string; rememberMe: boolean; until: number } | null;
  /** Forgets the sign-in waiting for its second step. */
  clearStaffSecondStep(): Promise<void>;
  signOut(): Promise<void>;
  sessionId: string | null;
  /** The client key (http/request-context.ts), what limits per client count by. */
  clientKey: string;
  /** Who is signing in, for the sign-in limits (the client key and the browser's device cookies). */
  signInClient: SignInClient;
  /** A sign-in through this door completed: the browser keeps a device cookie for the account. */
  rememberDevice(door: SignInDoor, email: string): void;
}

export function sessionControl(req: Request, res: Response): SessionControl {
  return {
    signIn: (customerId, rememberMe) => startCustomerSession(req, customerId, rememberMe),
    signInStaff: (staffId, rememberMe, now) => startStaffSession(req, staffId, rememberMe, now),
    beginStaffSecondStep: (pending) => startStaffPending(req, pending),
    staffSecondStep: () => req.session?.staffPending ?? null,
    clearStaffSecondStep: () => clearStaffPending(req),
    signOut: () => endCustomerSession(req, res),
    sessionId: req.sessionID ?? null,
    clientKey: clientKey(req),
    signInClient: signInClient(req),
    rememberDevice: (door, email) => rememberDevice(req, res, door, email),
  };
}
