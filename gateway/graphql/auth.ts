import { GraphQLError } from "graphql";
import type { AuthChecker } from "type-graphql";
import { notSignedIn } from "../shared/errors.js";
import type { Principal } from "../shared/actor.js";
import type { GraphQLContext } from "./context.js";

// The roles @Authorized(...) takes in this schema. A field is allowed when the caller
// holds any one of those listed:
//   "staff"  any signed-in staff member;  "owner"  a staff member whose role is owner;
//   a scope ("orders:read", "orders:write", "webhooks:write", "catalog:read", "catalog:write")  an API token holding that scope;
//   "self"   any signed-in staff member acting on their own sign-in (two-factor setup), even one the
//            shop's two-factor requirement holds back from everything else until it is set up.

function refuse(code: "UNAUTHENTICATED" | "FORBIDDEN", message: string): never {
  // A GraphQL error, not a DomainError: a guard refusal is never a payload's userErrors (contract).
  throw new GraphQLError(message, { extensions: { code } });
}

function holds(principal: Principal, role: string): boolean {
  if (principal.kind === "staff") {
    if (role === "self") return true;
    if (principal.mustSetUpTwoFactor) return false;
    return role === "staff" || (role === "owner" && principal.role === "owner");
  }
  if (principal.kind === "token") return principal.scopes.includes(role);
  return false;
}

/** The shop's side: a staff session or an API token, with one of the roles. */
function checkStaffAccess(context: GraphQLContext, roles: readonly string[]): true {
  const { principal } = context;
  if (principal === null) {
    if (context.customerId !== null) refuse("FORBIDDEN", "This is for the shop's staff; a customer's session cannot use it");
    refuse("UNAUTHENTICATED", "Staff sign-in or an API token is required");
  }
  if (principal.kind === "invalid-token") refuse("UNAUTHENTICATED", "The API token is unknown or revoked");
  if (roles.some((role) => holds(principal, role))) return true;
  if (principal.kind === "staff" && principal.mustSetUpTwoFactor) {
    refuse("FORBIDDEN", "Set up two-factor sign-in first: the shop requires it for every staff member");
  }
  if (principal.kind === "token") {
    refuse("FORBIDDEN", `This API token does not hold the scope ${roles.filter((r) => r.includes(":")).join(" or ") || "needed"}`);
  }
  refuse("FORBIDDEN", roles.includes("owner") && !roles.includes("staff") ? "Only the shop's owner may do this" : "Not allowed");
}

/**
 * What @Authorized means in this schema. Without roles: a customer is signed in; a guest (and a
 * staff member, whose session is never a customer's) gets UNAUTHENTICATED "Not signed in" (thrown
 * rather than answered false, so the message is the shop's and not TypeGraphQL's), as userErrors
 * where the field answers a payload (graphql-server/errors.ts). REST's twin is requireSignedIn
 * (sessions/current-customer.ts). With roles: the shop's side, see AccessRole; refusals are GraphQL
 * errors UNAUTHENTICATED (nobody, or a bad token) or FORBIDDEN (a customer, a missing role or scope).
 */
export const signedInChecker: AuthChecker<GraphQLContext> = ({ context }, roles) => {
  if (roles.length > 0) return checkStaffAccess(context, roles);
  if (context.customerId === null) throw notSignedIn();
  return true;
};

/**
 * What an operation's arguments ask of an API token beyond its @Authorized roles (a webhook
 * subscription to order events sends the orders themselves, so it needs what reading them needs):
 * a token without every one of `scopes` is refused FORBIDDEN, naming what it lacks and what needs it.
 * Staff sessions are left to @Authorized's roles.
 */
export function requireTokenScopes(context: GraphQLContext, scopes: readonly string[], neededFor: string): void {
  const { principal } = context;
  if (principal?.kind !== "token") return;
  const missing = [...new Set(scopes)].filter((scope) => !principal.scopes.includes(scope));
  if (missing.length > 0) refuse("FORBIDDEN", `This API token does not hold the scope ${missing.join(" and ")}, which ${neededFor} needs`);
}
