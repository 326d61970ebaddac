import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import {
  AccountEmailDocument,
  CustomerActivateDocument,
  CustomerRecoverDocument,
  CustomerResetDocument,
  EmailUpdateDocument,
  EmailVerificationSendDocument,
  type CustomerActivationOutcome,
} from "../../gql/graphql";
import { replaceSessionCustomer } from "../auth/authCache";
import { UNREACHABLE } from "../auth/useLogin";

/** A form's answer from the gateway: done, or refused (with the code, field and message of its first userError). */
export type RecoveryOutcome<T = true> = { ok: true; value: T } | RecoveryRefusal;

type RecoveryRefusal = { ok: false; code: string; field: string | null; message: string };

const refused = (error: { code: string; field?: string | null; message: string } | undefined, fallback: string): RecoveryRefusal => ({
  ok: false,
  code: error?.code ?? "FAILED",
  field: error?.field ?? null,
  message: error?.message ?? fallback,
});
const unreachable: RecoveryRefusal = { ok: false, code: "UNREACHABLE", field: null, message: UNREACHABLE };

/** Asks for a reset email (the gateway answers the same whether or not the email has an account). */
export function useCustomerRecover() {
  const [recover, { loading }] = useMutation(CustomerRecoverDocument);
  const send = useCallback(
    async (email: string): Promise<RecoveryOutcome> => {
      try {
        const { data } = await recover({ variables: { email: email.trim() } });
        if (data?.customerRecover.ok) return { ok: true, value: true };
        return refused(data?.customerRecover.userErrors[0], "Your request could not be sent. Please try again.");
      } catch {
        return unreachable;
      }
    },
    [recover],
  );
  return { send, loading };
}

/** Sets the new password by the link; the gateway signs this browser in, so `me` becomes the customer. */
export function useCustomerReset() {
  const [reset, { loading }] = useMutation(CustomerResetDocument);
  const save = useCallback(
    async (token: string, password: string): Promise<RecoveryOutcome> => {
      try {
        const { data } = await reset({
          variables: { input: { token, password } },
          update(cache, { data: result }) {
            const customer = result?.customerReset.customer;
            if (customer) replaceSessionCustomer(cache, customer);
          },
        });
        if (data?.customerReset.customer) {
          notify({ title: "Password changed", description: "You are signed in. Other devices have been signed out.", type: "success" });
          return { ok: true, value: true };
        }
        return refused(data?.customerReset.userErrors[0], "Your password could not be changed. Please try again.");
      } catch {
        return unreachable;
      }
    },
    [reset],
  );
  return { save, loading };
}

/** Follows a verification link (the account page's email, if on screen, is asked again). */
export function useCustomerActivate() {
  const [activate, { loading }] = useMutation(CustomerActivateDocument, { refetchQueries: [AccountEmailDocument] });
  const follow = useCallback(
    async (token: string): Promise<RecoveryOutcome<{ outcome: CustomerActivationOutcome; email: string }>> => {
      try {
        const { data } = await activate({ variables: { input: { token } } });
        const answer = data?.customerActivate;
        if (answer?.outcome && answer.email) return { ok: true, value: { outcome: answer.outcome, email: answer.email } };
        return refused(answer?.userErrors[0], "This link did not work.");
      } catch {
        return unreachable;
      }
    },
    [activate],
  );
  return { follow, loading };
}

/** Sends the verification email again, with its toast. */
export function useResendVerification() {
  const [resend, { loading }] = useMutation(EmailVerificationSendDocument);
  const send = useCallback(async (): Promise<RecoveryOutcome> => {
    try {
      const { data } = await resend();
      const customer = data?.customerEmailVerificationSend.customer;
      if (customer) {
        notify({ title: "Verification email sent", description: `Check ${customer.email} for a link. It works once, within 24 hours.`, type: "success" });
        return { ok: true, value: true };
      }
      const outcome = refused(data?.customerEmailVerificationSend.userErrors[0], "The email could not be sent. Please try again.");
      notify({ title: "Email not sent", description: outcome.message, type: "error" });
      return outcome;
    } catch {
      notify({ title: "Email not sent", description: UNREACHABLE, type: "error" });
      return unreachable;
    }
  }, [resend]);
  return { send, loading };
}

/** Asks to change the email (it changes once the new address is verified), with its toast. */
export function useEmailUpdate() {
  const [update, { loading }] = useMutation(EmailUpdateDocument);
  const save = useCallback(
    async (email: string, currentPassword: string | null): Promise<RecoveryOutcome> => {
      try {
        const { data } = await update({ variables: { input: { email: email.trim(), currentPassword } } });
        const customer = data?.customerEmailUpdate.customer;
        if (customer) {
          const description = customer.hasPassword
            ? `We sent a link to ${email.trim()}. Your email changes once you follow it.`
            : `We sent a link to ${customer.email} to approve the change first.`;
          notify({ title: "Check your inbox", description, type: "success" });
          return { ok: true, value: true };
        }
        return refused(data?.customerEmailUpdate.userErrors[0], "Your email could not be changed. Please try again.");
      } catch {
        return unreachable;
      }
    },
    [update],
  );
  return { save, loading };
}
