import type { Request, RequestHandler } from "express";
import type { Principal } from "../shared/actor.js";
import { DomainError } from "../shared/errors.js";
import { shopAccessRefusal } from "../shared/shop-access.js";
import { currentCustomerId } from "./current-customer.js";
import { currentStaffSession, type StaffSessionHandle } from "./session-auth.js";

/** Who acts on the shop's side for a request (StaffService.principalFor, handed in by the composition). */
export type PrincipalResolver = (request: { staffSession: StaffSessionHandle | null; authorization: string | undefined }) => Promise<Principal | null>;

const principals = new WeakMap<Request, Principal>();

/**
 * REST's guard of the shop's side, GraphQL's @Authorized(...roles) twin: a staff session or an
 * `Authorization: Bearer` API token holding one of `roles` (shared/shop-access.ts). A refusal ends
 * the request as 401 (nobody, an unknown or revoked token) or 403 (a customer's session, a missing
 * role or scope), before the body is read; the handler then reads who acts with shopPrincipal.
 */
export function requireShopAccess(principalFor: PrincipalResolver, roles: readonly string[]): RequestHandler {
  return (req, res, next) => {
    principalFor({ staffSession: currentStaffSession(req, res), authorization: req.headers.authorization }).then((principal) => {
      const refusal = shopAccessRefusal(principal, currentCustomerId(req) !== null, roles);
      if (refusal || !principal) return next(new DomainError(refusal?.code ?? "UNAUTHENTICATED", refusal?.message ?? "Not allowed"));
      principals.set(req, principal);
      next();
    }, next);
  };
}

/** Who acts on this request, as requireShopAccess found them (it must have run before). */
export function shopPrincipal(req: Request): Principal {
  const principal = principals.get(req);
  if (!principal) throw new Error("shopPrincipal: requireShopAccess did not run on this request");
  return principal;
}
