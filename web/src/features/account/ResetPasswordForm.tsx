import { Button, Center, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router-dom";
import { passwordError, PASSWORD_MIN_LENGTH } from "../auth/authValidation";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { useSession } from "../auth/useSession";
import { forgotPasswordPath, LinkProblem, linkProblem } from "./LinkProblem";
import { useLinkToken } from "./useLinkToken";
import { useCustomerReset } from "./useRecoveryMutations";

const TOKEN_KEY = "storefront.resetToken";

/** The new password, by the emailed link; on success the customer is signed in and goes to the dashboard. */
export function ResetPasswordForm() {
  const { link, forget } = useLinkToken(TOKEN_KEY);
  const [password, setPassword] = useState("");
  const [repeat, setRepeat] = useState("");
  const [errors, setErrors] = useState<{ password?: string; repeat?: string }>({});
  const [problem, setProblem] = useState<string | null>(null);
  const [linkRefused, setLinkRefused] = useState<{ code: string; message: string } | null>(null);
  const [done, setDone] = useState(false);
  const { save, loading } = useCustomerReset();
  const navigate = useNavigate();
  // Signed in (on another tab, say): the request page gets the email filled in.
  const knownEmail = useSession().customer?.email ?? null;

  if (done) {
    // Saved and signed in: the dashboard is on its way (the link, now forgotten, is not asked for again).
    return (
      <Center py="10">
        <Spinner color="brand.solid" aria-label="Password saved: opening your dashboard" />
      </Center>
    );
  }
  if (linkRefused) {
    return <LinkProblem {...linkProblem(linkRefused.code, linkRefused.message)} action={{ label: "Send me a new link", to: forgotPasswordPath(knownEmail) }} />;
  }

  if (link.status === "reading") {
    return (
      <Center py="10">
        <Spinner color="brand.solid" aria-label="Reading your link" />
      </Center>
    );
  }
  if (!link.token) {
    return (
      <LinkProblem
        title="This page needs the link from your email"
        message="Open the link in the password reset email we sent you, or ask for a new one."
        action={{ label: "Send me a reset link", to: forgotPasswordPath(knownEmail) }}
      />
    );
  }
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = { password: passwordError(password, "New password"), repeat: repeat !== password ? "The two passwords differ" : undefined };
    setErrors(found);
    setProblem(null);
    if (found.password || found.repeat) return;
    const outcome = await save(link.token!, password);
    if (outcome.ok) {
      setDone(true);
      forget();
      navigate("/dashboard", { replace: true });
    } else if (outcome.field === "token") {
      forget();
      setLinkRefused(outcome);
    } else if (outcome.field === "password") {
      setErrors({ password: outcome.message });
    } else {
      setProblem(outcome.message);
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Choose a new password">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField
          label="New password"
          type="password"
          name="password"
          autoComplete="new-password"
          value={password}
          onValueChange={(v) => {
            setPassword(v);
            setErrors((e) => ({ ...e, password: undefined }));
          }}
          error={errors.password}
          helperText={`At least ${PASSWORD_MIN_LENGTH} characters. Other devices will be signed out.`}
        />
        <TextField
          label="Repeat the new password"
          type="password"
          name="repeat"
          autoComplete="new-password"
          value={repeat}
          onValueChange={(v) => {
            setRepeat(v);
            setErrors((e) => ({ ...e, repeat: undefined }));
          }}
          error={errors.repeat}
        />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Saving…">
          Save and sign in
        </Button>
        <Text fontSize="sm" color="fg.muted" textAlign="center">
          Remembered it?{" "}
          <Link to="/login" style={{ textDecoration: "underline" }}>
            Sign in
          </Link>
        </Text>
      </Stack>
    </form>
  );
}
