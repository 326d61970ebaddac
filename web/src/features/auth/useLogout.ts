import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { notify } from "../../components/ui/toaster";
import { LogoutDocument } from "../../gql/graphql";
import { replaceSessionCustomer } from "./authCache";

// Screens that only make sense signed in: signing out there goes home.
const PRIVATE_PATHS = /^\/(dashboard|account|order)(\/|$)/;

/** Sign out, with the spec §8 toasts; `me` becomes null and the customer's data leaves the cache. */
export function useLogout() {
  const [logout, { loading }] = useMutation(LogoutDocument);
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const signOut = useCallback(async (): Promise<boolean> => {
    try {
      const { data } = await logout({
        update(cache, { data: result }) {
          if (result?.logout.ok) replaceSessionCustomer(cache, null);
        },
      });
      if (!data?.logout.ok) throw new Error(data?.logout.userErrors[0]?.message ?? "not signed out");
      notify({ title: "Logout successful", description: "You have been signed out.", type: "success" });
      if (PRIVATE_PATHS.test(pathname)) navigate("/", { replace: true });
      return true;
    } catch {
      notify({ title: "Logout failed", description: "Failed to sign out", type: "error" });
      return false;
    }
  }, [logout, navigate, pathname]);
  return { signOut, loading };
}
