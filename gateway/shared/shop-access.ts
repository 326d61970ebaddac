import type { Principal } from "./actor.js";

// Who may use the shop's side, one rule for both doors: GraphQL's @Authorized(roles) (graphql/auth.ts)
// and REST's requireShopAccess (sessions/shop-access.ts). A caller is allowed when it holds any one
// of the roles listed:
//   "staff"  any signed-in staff member;  "owner"  a staff member whose role is owner;
//   a scope ("orders:read", "orders:write", "webhooks:write", "catalog:read", "catalog:write", "promotions:write")  an API token holding that scope;
//   "self"   any signed-in staff member acting on their own sign-in (two-factor setup), even one the
//            shop's two-factor requirement holds back from everything else until it is set up.

/** Why a caller is refused: nobody (or a bad token) is UNAUTHENTICATED, anyone else FORBIDDEN. */
export interface AccessRefusal {
  code: "UNAUTHENTICATED" | "FORBIDDEN";
  message: string;
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

/**
 * Whether `principal` (null: no staff session and no Authorization header) may do what needs one of
 * `roles`: null when it may, else the refusal. `customerSignedIn`: the request is a customer's session.
 */
export function shopAccessRefusal(principal: Principal | null, customerSignedIn: boolean, roles: readonly string[]): AccessRefusal | null {
  const refuse = (code: AccessRefusal["code"], message: string): AccessRefusal => ({ code, message });
  if (principal === null) {
    return customerSignedIn
      ? refuse("FORBIDDEN", "This is for the shop's staff; a customer's session cannot use it")
      : refuse("UNAUTHENTICATED", "Staff sign-in or an API token is required");
  }
  if (principal.kind === "invalid-token") return refuse("UNAUTHENTICATED", "The API token is unknown or revoked");
  if (roles.some((role) => holds(principal, role))) return null;
  if (principal.kind === "staff" && principal.mustSetUpTwoFactor) {
    return refuse("FORBIDDEN", "Set up two-factor sign-in first: the shop requires it for every staff member");
  }
  if (principal.kind === "token") {
    return refuse("FORBIDDEN", `This API token does not hold the scope ${roles.filter((r) => r.includes(":")).join(" or ") || "needed"}`);
  }
  return refuse("FORBIDDEN", roles.includes("owner") && !roles.includes("staff") ? "Only the shop's owner may do this" : "Not allowed");
}
