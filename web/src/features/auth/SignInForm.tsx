import { Button, chakra, HStack, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { Link } from "react-router-dom";
import { checkSignIn, PASSWORD_HINT, type FieldErrors, type SignInValues } from "./authValidation";
import { FormProblem } from "./FormProblem";
import { TextField } from "./TextField";
import { useLogin } from "./useLogin";

interface SignInFormProps {
  /** Filled in after registering. */
  initialEmail?: string;
  onSignedIn?(): void;
  /** The customer follows a link away from the form (the header's dialog closes). */
  onLeave?(): void;
}

/** spec §2 Sign-in: email, password and Remember me; checked here first, then the gateway's answer. */
export function SignInForm({ initialEmail = "", onSignedIn, onLeave }: SignInFormProps) {
  const [values, setValues] = useState<SignInValues>({ email: initialEmail, password: "", rememberMe: false });
  const [errors, setErrors] = useState<FieldErrors<"email" | "password">>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { signIn, loading } = useLogin();

  const change = <K extends keyof SignInValues>(field: K, value: SignInValues[K]) => {
    setValues((v) => ({ ...v, [field]: value }));
    // A field's message goes once the customer edits it; the rest stay until the next submit.
    if (field in errors) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkSignIn(values);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await signIn(values);
    if (outcome.ok) onSignedIn?.();
    else setProblem(outcome.message);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Sign in">
      <Stack gap="4">
        <FormProblem message={problem} />
        <TextField
          label="Email"
          type="email"
          name="email"
          autoComplete="email"
          value={values.email}
          onValueChange={(v) => change("email", v)}
          error={errors.email}
        />
        <TextField
          label="Password"
          type="password"
          name="password"
          autoComplete="current-password"
          value={values.password}
          onValueChange={(v) => change("password", v)}
          error={errors.password}
          helperText={PASSWORD_HINT}
        />
        <Text fontSize="sm" alignSelf="end" mt="-2">
          <Link
            to={values.email.trim() ? `/account/forgot-password?email=${encodeURIComponent(values.email.trim())}` : "/account/forgot-password"}
            onClick={() => onLeave?.()}
            style={{ textDecoration: "underline" }}
          >
            Forgot password?
          </Link>
        </Text>
        <HStack as="label" gap="2" cursor="pointer" alignSelf="start">
          <chakra.input
            type="checkbox"
            name="rememberMe"
            boxSize="4"
            accentColor="brand.solid"
            checked={values.rememberMe}
            onChange={(e) => change("rememberMe", e.target.checked)}
          />
          <Text as="span" fontSize="sm">
            Remember me
          </Text>
          <Text as="span" fontSize="xs" color="fg.muted">
            (30 days on this device)
          </Text>
        </HStack>
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Signing in…">
          Sign in
        </Button>
      </Stack>
    </form>
  );
}
