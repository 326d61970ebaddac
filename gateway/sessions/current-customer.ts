import type { Request, RequestHandler } from "express";
import { notSignedIn } from "../shared/errors.js";
import type {} from "express-session";

declare module "express-session" {
  interface SessionData {
    /** The signed-in customer; absent for a guest. Set only by the customers service at sign-in. */
    customerId?: string;
    /**
     * The signed-in staff member; absent otherwise. A session holds a customer or a staff
     * member, never both: each sign-in starts a new session.
     */
    staffId?: string;
    /** When the staff member signed in (ms since the epoch): the session ends 7 days after it at the latest. */
    staffSignedInAt?: number;
    /** The staff session's last request (ms, written at most once a minute): it ends after 12 idle hours. */
    staffSeenAt?: number;
    /**
     * A staff sign-in whose password was right and whose second step (a two-factor code) is still
     * to come: not a staff session (no staffId), only what the second step needs, until `until` (ms).
     */
    staffPending?: { staffId: string; rememberMe: boolean; until: number };
  }
}

/** Who is signed in on this request, or null for a guest. The only reader of the session's identity. */
export function currentCustomerId(req: Request): string | null {
  return req.session?.customerId ?? null;
}

/** REST's signed-in guard: a guest's request ends as 401 "Not signed in" (UNAUTHENTICATED in the status table). */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  next(currentCustomerId(req) ? undefined : notSignedIn());
};
