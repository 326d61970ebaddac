import { Button, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/recipes/alert";
import { emailError } from "../auth/authValidation";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { useCustomerRecover } from "./useRecoveryMutations";

/**
 * Asks for a reset link. The answer is the same whether or not the email has an account (the
 * gateway tells nobody which addresses have one), so the confirmation says "if".
 */
export function ForgotPasswordForm({ initialEmail = "" }: { initialEmail?: string }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { send, loading } = useCustomerRecover();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = emailError(email);
    setError(found);
    setProblem(null);
    if (found) return;
    const outcome = await send(email);
    if (outcome.ok) setSentTo(email.trim().toLowerCase());
    else if (outcome.field === "email") setError(outcome.message);
    else setProblem(outcome.message);
  };

  if (sentTo) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" borderRadius="md" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check your inbox</Alert.Title>
            <Alert.Description>
              If {sentTo} has an account with us, an email with a link to choose a new password is on its way. The link works once, within an hour.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Text fontSize="sm" color="fg.muted">
          Nothing after a few minutes? Check your spam folder, or{" "}
          <Button variant="plain" size="sm" px="0" color="brand.fg" onClick={() => setSentTo(null)}>
            try another address
          </Button>
          .
        </Text>
        <Button asChild variant="outline" alignSelf="start">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </Stack>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Reset your password">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={email}
          onValueChange={(v) => {
            setEmail(v);
            setError(undefined);
          }}
          error={error}
          helperText="The email you sign in with."
        />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Sending…">
          Send reset link
        </Button>
        <Button asChild variant="plain" size="sm" color="brand.fg" alignSelf="center">
          <Link to="/login">Back to sign in</Link>
        </Button>
      </Stack>
    </form>
  );
}
