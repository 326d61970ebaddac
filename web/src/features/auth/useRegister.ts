import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { RegisterDocument } from "../../gql/graphql";
import type { RegisterValues } from "./authValidation";
import { UNREACHABLE, type AuthOutcome } from "./useLogin";

/**
 * Account creation with the spec §8 toasts. The gateway does not sign the new customer in
 * ("You can now log in"), so the caller moves them on to the sign-in form.
 */
export function useRegister() {
  const [register, { loading }] = useMutation(RegisterDocument);
  const createAccount = useCallback(
    async ({ name, email, password }: RegisterValues): Promise<AuthOutcome> => {
      try {
        const { data } = await register({ variables: { input: { name: name.trim(), email: email.trim(), password } } });
        if (data?.register.customer) {
          notify({ title: "Registration successful", description: "You can now log in", type: "success" });
          return { ok: true };
        }
        const problem = data?.register.userErrors[0];
        const message = problem?.message ?? "Registration failed. Please try again.";
        notify({
          title: "Registration failed",
          // spec §8's wording for a taken email; the gateway's own message for anything else (e.g. a rate limit).
          description: !problem || problem.code === "CONFLICT" ? "This email might already be registered." : message,
          type: "error",
        });
        return { ok: false, message };
      } catch {
        notify({ title: "Registration failed", description: UNREACHABLE, type: "error" });
        return { ok: false, message: UNREACHABLE };
      }
    },
    [register],
  );
  return { createAccount, loading };
}
