import { GraphQLError } from "graphql";
import type { AuthChecker } from "type-graphql";
import { notSignedIn } from "../shared/errors.js";
import { shopAccessRefusal } from "../shared/shop-access.js";
import type { GraphQLContext } from "./context.js";

// The roles @Authorized(...) takes in this schema, and who holds each: shared/shop-access.ts (the
// same rule REST's requireShopAccess applies).

function refuse(code: "UNAUTHENTICATED" | "FORBIDDEN", message: string): never {
  // A GraphQL error, not a DomainError: a guard refusal is never a payload's userErrors (contract).
  throw new GraphQLError(message, { extensions: { code } });
}

/** The shop's side: a staff session or an API token, with one of the roles. */
function checkStaffAccess(context: GraphQLContext, roles: readonly string[]): true {
  const refusal = shopAccessRefusal(context.principal, context.customerId !== null, roles);
  if (refusal) refuse(refusal.code, refusal.message);
  return true;
}

/**
 * What @Authorized means in this schema. Without roles: a customer is signed in; a guest (and a
 * staff member, whose session is never a customer's) gets UNAUTHENTICATED "Not signed in" (thrown
 * rather than answered false, so the message is the shop's and not TypeGraphQL's), as userErrors
 * where the field answers a payload (graphql-server/errors.ts). REST's twin is requireSignedIn
 * (sessions/current-customer.ts). With roles: the shop's side (shared/shop-access.ts; REST's twin is
 * requireShopAccess, sessions/shop-access.ts); refusals are GraphQL errors UNAUTHENTICATED (nobody,
 * or a bad token) or FORBIDDEN (a customer, a missing role or scope).
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
