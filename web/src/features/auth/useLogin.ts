import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { LoginDocument } from "../../gql/graphql";
import { replaceSessionCustomer } from "./authCache";
import type { SignInValues } from "./authValidation";
import { customerName } from "./useSession";

export type AuthOutcome = { ok: true } | { ok: false; message: string };

// spec §8: "Login failed" with "Invalid email or password".
const INVALID_CREDENTIALS = "Invalid email or password";
export const UNREACHABLE = "We couldn't reach the shop. Please check your connection and try again.";

/** Email and password sign-in: the session cookie, `me` in the cache, and the spec §8 toasts. */
export function useLogin() {
  const [login, { loading }] = useMutation(LoginDocument);
  const signIn = useCallback(
    async ({ email, password, rememberMe }: SignInValues): Promise<AuthOutcome> => {
      try {
        const { data } = await login({
          variables: { input: { email: email.trim(), password, rememberMe } },
          update(cache, { data: result }) {
            const customer = result?.login.customer;
            if (customer) replaceSessionCustomer(cache, customer);
          },
        });
        const customer = data?.login.customer;
        if (customer) {
          notify({ title: "Login successful", description: `Welcome back, ${customerName(customer)}.`, type: "success" });
          return { ok: true };
        }
        // The gateway says why (wrong credentials, or too many attempts).
        const message = data?.login.userErrors[0]?.message ?? INVALID_CREDENTIALS;
        notify({ title: "Login failed", description: message, type: "error" });
        return { ok: false, message };
      } catch {
        notify({ title: "Login failed", description: UNREACHABLE, type: "error" });
        return { ok: false, message: UNREACHABLE };
      }
    },
    [login],
  );
  return { signIn, loading };
}
