import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { useNavigate } from "react-router-dom";
import { notify } from "../../components/ui/toaster";
import { DeleteAccountDocument } from "../../gql/graphql";
import { replaceSessionCustomer } from "../auth/authCache";
import { UNREACHABLE, type AuthOutcome } from "../auth/useLogin";

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
        const message = data?.customerDelete.userErrors[0]?.message ?? "Your account could not be deleted. Please try again.";
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
