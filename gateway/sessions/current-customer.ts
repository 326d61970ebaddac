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
  }
}

/** Who is signed in on this request, or null for a guest. The only reader of the session's identity. */
export function currentCustomerId(req: Request): string | null {
  return req.session?.customerId ?? null;
}

/** The staff member signed in on this request (at /admin), or null. Never a customer. */
export function currentStaffId(req: Request): string | null {
  return req.session?.staffId ?? null;
}

/** REST's signed-in guard: a guest's request ends as 401 "Not signed in" (UNAUTHENTICATED in the status table). */
export const requireSignedIn: RequestHandler = (req, _res, next) => {
  next(currentCustomerId(req) ? undefined : notSignedIn());
};
