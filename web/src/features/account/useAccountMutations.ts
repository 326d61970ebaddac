import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { ChangePasswordDocument, UpdateDisplayNameDocument } from "../../gql/graphql";
import { UNREACHABLE, type AuthOutcome } from "../auth/useLogin";

/** /account: a new display name, with its toasts; the cached customer (header, dashboard) follows. */
export function useUpdateDisplayName() {
  const [update, { loading }] = useMutation(UpdateDisplayNameDocument);
  const save = useCallback(
    async (displayName: string): Promise<AuthOutcome> => {
      try {
        const { data } = await update({ variables: { input: { displayName: displayName.trim() } } });
        if (data?.customerUpdate.customer) {
          notify({ title: "Name updated", description: `We'll call you ${data.customerUpdate.customer.displayName}.`, type: "success" });
          return { ok: true };
        }
        const message = data?.customerUpdate.userErrors[0]?.message ?? "Your name could not be saved. Please try again.";
        notify({ title: "Update failed", description: message, type: "error" });
        return { ok: false, message };
      } catch {
        notify({ title: "Update failed", description: UNREACHABLE, type: "error" });
        return { ok: false, message: UNREACHABLE };
      }
    },
    [update],
  );
  return { save, loading };
}

/** /account: a new password (the gateway ends the customer's other sessions), with its toasts. */
export function useChangePassword() {
  const [change, { loading }] = useMutation(ChangePasswordDocument);
  const save = useCallback(
    async (currentPassword: string | null, newPassword: string): Promise<AuthOutcome> => {
      try {
        const { data } = await change({ variables: { input: { currentPassword, newPassword } } });
        if (data?.customerChangePassword.customer) {
          notify({ title: "Password changed", description: "Other devices signed in to your account have been signed out.", type: "success" });
          return { ok: true };
        }
        const message = data?.customerChangePassword.userErrors[0]?.message ?? "Your password could not be changed. Please try again.";
        notify({ title: "Password change failed", description: message, type: "error" });
        return { ok: false, message };
      } catch {
        notify({ title: "Password change failed", description: UNREACHABLE, type: "error" });
        return { ok: false, message: UNREACHABLE };
      }
    },
    [change],
  );
  return { save, loading };
}
