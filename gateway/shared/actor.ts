// Who is acting on the shop's side: a staff member signed in at /admin or an integration
// holding an API token. Orders' history and the audit log name them by an actor string.

export type StaffRole = "owner" | "staff";

/** The scopes an API token may hold. */
export const API_TOKEN_SCOPES = ["orders:read", "orders:write", "webhooks:write", "catalog:read", "catalog:write", "promotions:write"] as const;

export type Principal =
  | {
      kind: "staff";
      staffId: string;
      email: string;
      name: string;
      role: StaffRole;
      /** The shop requires two-factor sign-in and this member has none yet: only setting it up is allowed. */
      mustSetUpTwoFactor: boolean;
    }
  | { kind: "token"; tokenId: string; name: string; scopes: string[] }
  /** An Authorization header whose token is unknown or revoked. */
  | { kind: "invalid-token" };

/**
 * An actor as history and audit entries record it: "staff:<email>", "token:<name>", or one of the
 * shop's own ("system", "customer", "partner:<name>").
 */
export type Actor = string;

export function actorOf(principal: Principal): Actor {
  if (principal.kind === "staff") return `staff:${principal.email}`;
  if (principal.kind === "token") return `token:${principal.name}`;
  throw new Error("An invalid token is no actor");
}
