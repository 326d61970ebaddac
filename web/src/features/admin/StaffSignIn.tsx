import { Box, Button, chakra, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useState, type FormEvent, type ReactNode } from "react";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { Alert } from "../../components/ui/recipes/alert";
import { useStaffLogin, useStaffLoginTwoFactor, useStaffPasswordResetRequest } from "./useStaffSession";

type Field = "email" | "password";
type Step = "password" | "code" | "forgot";

function DoorFrame({ lead, children }: { lead: string; children: ReactNode }) {
  return (
    <Box maxW="sm" mx="auto" mt={{ base: "8", md: "16" }} p={{ base: "5", md: "8" }} borderWidth="1px" borderRadius="xl" bg="bg.panel">
      <Stack gap="6">
        <Stack gap="1">
          <Heading as="h1" size="2xl">
            Shop admin
          </Heading>
          <Text color="fg.muted">{lead}</Text>
        </Stack>
        {children}
      </Stack>
    </Box>
  );
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function CodeStep({ onRestart }: { onRestart(): void }) {
  const [code, setCode] = useState("");
  const [recovery, setRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<{ message: string; expired: boolean } | null>(null);
  const { sendCode, loading } = useStaffLoginTwoFactor();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!code.trim()) {
      setError(recovery ? "Enter one of your recovery codes" : "Enter the 6-digit code from your authenticator app");
      return;
    }
    const outcome = await sendCode(code);
    if (!outcome.ok) setProblem({ message: outcome.message, expired: outcome.expired });
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Two-factor sign in">
      <Stack gap="4">
        <FormProblem message={problem?.message ?? null} />
        <TextField
          label={recovery ? "Recovery code" : "Authentication code"}
          name="code"
          autoComplete="one-time-code"
          inputMode={recovery ? "text" : "numeric"}
          autoFocus
          value={code}
          onValueChange={(value) => {
            setCode(value);
            setError(null);
          }}
          error={error ?? undefined}
          helperText={recovery ? "Each recovery code works once." : "The 6-digit code your authenticator app shows now."}
        />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Checking…">
          Verify
        </Button>
        <HStack justify="space-between" wrap="wrap">
          <Button
            variant="plain"
            size="sm"
            px="0"
            onClick={() => {
              setRecovery(!recovery);
              setCode("");
              setError(null);
            }}
          >
            {recovery ? "Use the authenticator app instead" : "Use a recovery code instead"}
          </Button>
          {problem?.expired && (
            <Button variant="plain" size="sm" px="0" onClick={onRestart}>
              Start again
            </Button>
          )}
        </HStack>
      </Stack>
    </form>
  );
}

/** "Forgot password?": asks for a link; the same answer whether the email is a staff member's or not. */
function ForgotPassword({ initialEmail, onBack }: { initialEmail: string; onBack(): void }) {
  const [email, setEmail] = useState(initialEmail);
  const [error, setError] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [sent, setSent] = useState(false);
  const { ask, loading } = useStaffPasswordResetRequest();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!email.trim()) {
      setError("Enter your staff email");
      return;
    }
    const outcome = await ask(email);
    if (outcome.ok) setSent(true);
    else setProblem(outcome.message);
  };

  if (sent) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" borderRadius="md" role="status">
          <Alert.Content>
            <Alert.Title>Check your email</Alert.Title>
            <Alert.Description>If {email.trim()} belongs to a staff account, a link to set a new password is on its way. It works once, within an hour.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button variant="outline" onClick={onBack}>
          Back to sign in
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
          autoComplete="username"
          value={email}
          onValueChange={(value) => {
            setEmail(value);
            setError(null);
          }}
          error={error ?? undefined}
        />
        <Button type="submit" colorPalette="brand" loading={loading} loadingText="Sending…">
          Email me a link
        </Button>
        <Button variant="plain" size="sm" px="0" alignSelf="start" onClick={onBack}>
          Back to sign in
        </Button>
      </Stack>
    </form>
  );
}

/** The admin's door: staff email and password (a customer account does not open it), then a code when two-factor sign-in is on. */
export function StaffSignIn() {
  const [step, setStep] = useState<Step>("password");
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [rememberMe, setRememberMe] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const { signIn, loading } = useStaffLogin();

  if (step === "code") {
    return (
      <DoorFrame lead="Enter the code from your authenticator app.">
        <CodeStep
          onRestart={() => {
            setPassword("");
            setStep("password");
          }}
        />
      </DoorFrame>
    );
  }
  if (step === "forgot") {
    return (
      <DoorFrame lead="We'll email you a link to set a new password.">
        <ForgotPassword initialEmail={email} onBack={() => setStep("password")} />
      </DoorFrame>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!email.trim()) found.email = "Enter your staff email";
    if (!password) found.password = "Enter your password";
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await signIn({ email, password, rememberMe });
    if (outcome.ok === "second-step") setStep("code");
    else if (!outcome.ok) setProblem(outcome.message);
  };

  return (
    <DoorFrame lead="Sign in with your staff account.">
      <form onSubmit={submit} noValidate aria-label="Staff sign in">
        <Stack gap="4">
          <FormProblem message={problem} />
          <TextField
            label="Email"
            type="email"
            name="email"
            autoComplete="username"
            value={email}
            onValueChange={(value) => {
              setEmail(value);
              setErrors((e) => ({ ...e, email: undefined }));
            }}
            error={errors.email}
          />
          <TextField
            label="Password"
            type="password"
            name="password"
            autoComplete="current-password"
            value={password}
            onValueChange={(value) => {
              setPassword(value);
              setErrors((e) => ({ ...e, password: undefined }));
            }}
            error={errors.password}
          />
          <HStack justify="space-between" wrap="wrap">
            <HStack as="label" gap="2" cursor="pointer">
              <chakra.input
                type="checkbox"
                name="rememberMe"
                boxSize="4"
                accentColor="brand.solid"
                checked={rememberMe}
                onChange={(e) => setRememberMe(e.target.checked)}
              />
              <Text as="span" fontSize="sm">
                Remember me
              </Text>
            </HStack>
            <Button variant="plain" size="sm" px="0" onClick={() => setStep("forgot")}>
              Forgot password?
            </Button>
          </HStack>
          <Button type="submit" colorPalette="brand" loading={loading} loadingText="Signing in…">
            Sign in
          </Button>
        </Stack>
      </form>
    </DoorFrame>
  );
}
