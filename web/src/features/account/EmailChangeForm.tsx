import { Button, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import type { AccountEmail_CustomerFragment } from "../../gql/graphql";
import { emailError } from "../auth/authValidation";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { AccountEmailData } from "./AccountEmailData";
import { useEmailUpdate } from "./useRecoveryMutations";

/** /account's change-of-email section. */
export function EmailChangeForm() {
  return <AccountEmailData>{(customer) => <EmailChange customer={customer} />}</AccountEmailData>;
}

/**
 * /account: a new email. It takes effect once the new address is verified by its link; until then
 * the pending address shows here. With a password it is asked for; without one, the current
 * address approves the change by email first.
 */
function EmailChange({ customer }: { customer: AccountEmail_CustomerFragment }) {
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<{ email?: string; currentPassword?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { save, loading } = useEmailUpdate();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = {
      email: emailError(email) ?? (email.trim().toLowerCase() === customer.email ? "This is already your email" : undefined),
      currentPassword: customer.hasPassword && password === "" ? "Current password is required" : undefined,
    };
    setErrors(found);
    setProblem(null);
    if (found.email || found.currentPassword) return;
    const outcome = await save(email, customer.hasPassword ? password : null);
    if (outcome.ok) {
      setEmail("");
      setPassword("");
    } else if (outcome.field === "email" || outcome.field === "currentPassword") {
      setErrors({ [outcome.field]: outcome.message });
    } else {
      setProblem(outcome.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Change email">
      <Stack gap="4">
        {customer.pendingEmail && (
          <Text fontSize="sm" role="status">
            Waiting for <strong>{customer.pendingEmail}</strong> to be confirmed: follow the link we sent. Until then you sign in with {customer.email}.
          </Text>
        )}
        {!customer.hasPassword && (
          <Text color="fg.muted" fontSize="sm">
            Your account has no password, so we first email {customer.email} to approve the change.
          </Text>
        )}
        <FormProblem message={problem} />
        <TextField
          label="New email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            setErrors((e) => ({ ...e, email: undefined }));
          }}
          error={errors.email}
          helperText="Your email changes once you follow the link we send to the new address."
        />
        {customer.hasPassword && (
          <TextField
            label="Current password"
            type="password"
            name="currentPassword"
            autoComplete="current-password"
            value={password}
            onValueChange={(v) => {
              setPassword(v);
              setErrors((e) => ({ ...e, currentPassword: undefined }));
            }}
            error={errors.currentPassword}
          />
        )}
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={loading} loadingText="Sending…">
          Change email
        </Button>
      </Stack>
    </form>
  );
}
