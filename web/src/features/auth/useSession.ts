import { useQuery } from "@apollo/client/react";
import { useHydrationDone } from "../../lib/hydration";
import { SessionDocument, type SessionCustomerFragment } from "../../gql/graphql";

/** spec §4 Auth: unknown while the session is being read, then signed in or signed out. */
type AuthStatus = "unknown" | "signedIn" | "signedOut";

export interface Session {
  status: AuthStatus;
  customer: SessionCustomerFragment | null;
  /** The session could not be read (the gateway did not answer): shown as signed out, with this set. */
  failed: boolean;
}

/**
 * The signed-in customer, from `me`. Every caller shares one cached answer, so the header, the
 * dashboard and the account page agree, and sign-in/out (which write `me`) update them all at once.
 */
export function useSession(): Session {
  // Never on the gateway: its HTML is shared between shoppers; the header keeps the
  // slot's space until the browser has asked, which it does once the page has hydrated. The
  // gateway's build does not even tell Apollo of the query (a skipped one still cost a watched
  // query per page); the condition is a constant of the build, so each always calls the same hooks.
  if (import.meta.env.SSR) return { status: "unknown", customer: null, failed: false };
  // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
  const hydrated = useHydrationDone();
  // eslint-disable-next-line react-hooks/rules-of-hooks -- see above
  const { data, loading, error } = useQuery(SessionDocument, { ssr: false, skip: !hydrated });
  if (!hydrated) return { status: "unknown", customer: null, failed: false };
  const customer = data?.me ?? null;
  if (customer) return { status: "signedIn", customer, failed: false };
  if (loading && !data) return { status: "unknown", customer: null, failed: false };
  return { status: "signedOut", customer: null, failed: Boolean(error) && !data };
}

/** What the shop calls the customer: their display name, else their email. */
export function customerName(customer: Pick<SessionCustomerFragment, "displayName" | "email">): string {
  return customer.displayName?.trim() || customer.email;
}
