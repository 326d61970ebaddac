import type { Request, RequestHandler } from "express";
import { notSignedIn } from "../shared/errors.js";
import type {} from "express-session";

declare module "express-session" {
  interface SessionData {
    /** The signed-in customer; absent for a guest. Set only by the customers service at sign-in. */
    customerId?: string;
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
