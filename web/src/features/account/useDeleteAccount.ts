import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { notify } from "../../components/ui/toaster";
import { DeleteAccountConfirmDocument, DeleteAccountDocument, DeleteAccountRequestDocument, SessionDocument } from "../../gql/graphql";
import { replaceSessionCustomer } from "../auth/authCache";
import { UNREACHABLE, type AuthOutcome } from "../auth/useLogin";

const NOT_DELETED = "Your account could not be deleted. Please try again.";

/**
 * /account's "Delete account": the gateway deletes it and signs every browser out; here `me`
 * becomes null, the customer's data leaves the cache, a toast says so and the shopper goes home.
 */
export function useDeleteAccount() {
  const [remove, { loading }] = useMutation(DeleteAccountDocument);
  const navigate = useNavigate();
  const deleteAccount = useCallback(
    async (currentPassword: string): Promise<AuthOutcome> => {
      try {
        const { data } = await remove({
          variables: { input: { currentPassword } },
          update(cache, { data: result }) {
            if (result?.customerDelete.deletedCustomerId) replaceSessionCustomer(cache, null);
          },
        });
        if (data?.customerDelete.deletedCustomerId) {
          notify({ title: "Account deleted", description: "Your account is gone and you have been signed out everywhere.", type: "success" });
          navigate("/", { replace: true });
          return { ok: true };
        }
        const message = data?.customerDelete.userErrors[0]?.message ?? NOT_DELETED;
        notify({ title: "Account not deleted", description: message, type: "error" });
        return { ok: false, message };
      } catch {
        notify({ title: "Account not deleted", description: UNREACHABLE, type: "error" });
        return { ok: false, message: UNREACHABLE };
      }
    },
    [remove, navigate],
  );
  return { deleteAccount, loading };
}

/** An account without a password asks for the emailed confirmation link: where it went, or why not. */
export function useDeleteAccountRequest() {
  const [request, { loading }] = useMutation(DeleteAccountRequestDocument);
  const send = useCallback(async (): Promise<{ ok: true; sentTo: string } | { ok: false; message: string }> => {
    try {
      const { data } = await request();
      const sentTo = data?.customerDeleteRequest.sentTo;
      if (sentTo) return { ok: true, sentTo };
      return { ok: false, message: data?.customerDeleteRequest.userErrors[0]?.message ?? "The email could not be sent. Please try again." };
    } catch {
      return { ok: false, message: UNREACHABLE };
    }
  }, [request]);
  return { send, loading };
}

/** The emailed link's page: deletes the account the link names; this browser, if it was signed in to it, is signed out. */
export function useDeleteAccountConfirm() {
  const [confirm, { loading }] = useMutation(DeleteAccountConfirmDocument);
  const follow = useCallback(
    async (token: string): Promise<{ ok: true } | { ok: false; code: string; field: string | null; message: string }> => {
      try {
        const { data } = await confirm({
          variables: { input: { token } },
          update(cache, { data: result }) {
            // Signed in to that account here, this browser is signed out with it (another account's session stays).
            const deleted = result?.customerDeleteConfirm.deletedCustomerId;
            if (deleted && cache.readQuery({ query: SessionDocument })?.me?.id === deleted) replaceSessionCustomer(cache, null);
          },
        });
        if (data?.customerDeleteConfirm.deletedCustomerId) return { ok: true };
        const error = data?.customerDeleteConfirm.userErrors[0];
        return { ok: false, code: error?.code ?? "FAILED", field: error?.field ?? null, message: error?.message ?? NOT_DELETED };
      } catch {
        return { ok: false, code: "UNREACHABLE", field: null, message: UNREACHABLE };
      }
    },
    [confirm],
  );
  return { follow, loading };
}
