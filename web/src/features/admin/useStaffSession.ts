import type { ApolloCache } from "@apollo/client";
import { CombinedGraphQLErrors } from "@apollo/client/errors";
import { useMutation, useQuery } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import {
  StaffLoginDocument,
  StaffLoginTwoFactorDocument,
  StaffLogoutDocument,
  StaffMeDocument,
  StaffPasswordResetRequestDocument,
  type StaffSessionMemberFragment,
} from "./gql/graphql";

type StaffStatus = "unknown" | "signedIn" | "signedOut" | "failed";

export interface StaffSession {
  status: StaffStatus;
  staff: StaffSessionMemberFragment | null;
  retry(): void;
}

/**
 * Who is signed in to the admin, from `staffMe` (null for anonymous visitors and for customers: a
 * customer's session is not a staff session). Never on the gateway; /admin is rendered by the browser.
 */
export function useStaffSession(): StaffSession {
  const { data, loading, error, refetch } = useQuery(StaffMeDocument, { ssr: false });
  const retry = useCallback(() => void refetch().catch(() => undefined), [refetch]);
  const staff = data?.staffMe ?? null;
  if (staff) return { status: "signedIn", staff, retry };
  if (loading && !data) return { status: "unknown", staff: null, retry };
  if (error && !data) return { status: "failed", staff: null, retry };
  return { status: "signedOut", staff: null, retry };
}

/**
 * The staff member becomes `staff` (or nobody): whatever the previous session could see leaves the
 * cache, so nothing of it shows to the next person at this screen.
 */
export function replaceStaffSession(cache: ApolloCache, staff: StaffSessionMemberFragment | null): void {
  for (const fieldName of ["adminOrders", "adminOrder", "apiTokens", "webhookSubscriptions", "auditLog", "staffMembers", "staffSecurity"]) {
    cache.evict({ id: "ROOT_QUERY", fieldName });
  }
  cache.writeQuery({ query: StaffMeDocument, data: { staffMe: staff } });
  cache.gc();
}

/** The code of a GraphQL error the gateway answered (UNAUTHENTICATED, FORBIDDEN, …), or null. */
export function errorCode(error: unknown): string | null {
  if (!CombinedGraphQLErrors.is(error)) return null;
  const code = error.errors[0]?.extensions?.code;
  return typeof code === "string" ? code : null;
}

export const UNREACHABLE = "We couldn't reach the shop. Please check your connection and try again.";

export interface StaffCredentials {
  email: string;
  password: string;
  rememberMe: boolean;
}

type SignInOutcome = { ok: true } | { ok: "second-step" } | { ok: false; message: string };

/** staffLogin: the session on success, a second step when two-factor sign-in is on, else the gateway's reason (shown beside the form). */
export function useStaffLogin() {
  const [login, { loading }] = useMutation(StaffLoginDocument);
  const signIn = useCallback(
    async ({ email, password, rememberMe }: StaffCredentials): Promise<SignInOutcome> => {
      try {
        const { data } = await login({
          variables: { input: { email: email.trim(), password, rememberMe } },
          update(cache, { data: result }) {
            const staff = result?.staffLogin.staff;
            if (staff) replaceStaffSession(cache, staff);
          },
        });
        if (data?.staffLogin.staff) return { ok: true };
        if (data?.staffLogin.twoFactorRequired) return { ok: "second-step" };
        return { ok: false, message: data?.staffLogin.userErrors[0]?.message ?? "Invalid email or password" };
      } catch {
        return { ok: false, message: UNREACHABLE };
      }
    },
    [login],
  );
  return { signIn, loading };
}

/** staffLoginTwoFactor: the second step (an app code or a recovery code); the session on success. */
export function useStaffLoginTwoFactor() {
  const [send, { loading }] = useMutation(StaffLoginTwoFactorDocument);
  const sendCode = useCallback(
    async (code: string): Promise<{ ok: true } | { ok: false; message: string; expired: boolean }> => {
      try {
        const { data } = await send({
          variables: { input: { code: code.trim() } },
          update(cache, { data: result }) {
            const staff = result?.staffLoginTwoFactor.staff;
            if (staff) replaceStaffSession(cache, staff);
          },
        });
        if (data?.staffLoginTwoFactor.staff) return { ok: true };
        const error = data?.staffLoginTwoFactor.userErrors[0];
        return { ok: false, message: error?.message ?? "That code is not right", expired: error?.code === "UNAUTHENTICATED" };
      } catch {
        return { ok: false, message: UNREACHABLE, expired: false };
      }
    },
    [send],
  );
  return { sendCode, loading };
}

/** staffPasswordResetRequest: always the same answer (whether the email is a staff member's or not), unless limited. */
export function useStaffPasswordResetRequest() {
  const [request, { loading }] = useMutation(StaffPasswordResetRequestDocument);
  const ask = useCallback(
    async (email: string): Promise<{ ok: true } | { ok: false; message: string }> => {
      try {
        const { data } = await request({ variables: { email: email.trim() } });
        if (data?.staffPasswordResetRequest.ok) return { ok: true };
        return { ok: false, message: data?.staffPasswordResetRequest.userErrors[0]?.message ?? "The request was not taken." };
      } catch {
        return { ok: false, message: UNREACHABLE };
      }
    },
    [request],
  );
  return { ask, loading };
}

/** staffLogout: the admin's data leaves the cache and the sign-in form shows. */
export function useStaffLogout() {
  const [logout, { loading }] = useMutation(StaffLogoutDocument);
  const signOut = useCallback(async () => {
    try {
      const { data } = await logout({
        update(cache, { data: result }) {
          if (result?.staffLogout.ok) replaceStaffSession(cache, null);
        },
      });
      if (!data?.staffLogout.ok) throw new Error(data?.staffLogout.userErrors[0]?.message ?? "not signed out");
      notify({ title: "Signed out", description: "You have left the shop admin.", type: "success" });
    } catch {
      notify({ title: "Sign-out failed", description: UNREACHABLE, type: "error" });
    }
  }, [logout]);
  return { signOut, loading };
}
