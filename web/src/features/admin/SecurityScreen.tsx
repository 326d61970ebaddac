import { useQuery } from "@apollo/client/react";
import { Badge, Box, Button, Code, Heading, HStack, Image, List, Skeleton, Stack, Text } from "@chakra-ui/react";
import { Check, Copy } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Alert } from "../../components/ui/recipes/alert";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { AdminQueryError } from "./AdminQueryError";
import { StaffSecurityDocument } from "./gql/graphql";
import { Panel } from "./Panel";
import { useSecurity } from "./useSecurity";

/** A code the app shows (or a recovery code), asked for before a change; `onSubmit` answers a problem or null. */
function CodeForm({ label, action, busy, onSubmit, recoveryAllowed }: { label: string; action: string; busy: boolean; onSubmit(code: string): Promise<string | null>; recoveryAllowed: boolean }) {
  const [code, setCode] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!code.trim()) return setError("Enter the code from your authenticator app");
    const problem = await onSubmit(code);
    setError(problem);
    if (!problem) setCode("");
  };
  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="3" maxW="sm">
        <TextField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          value={code}
          onValueChange={(value) => (setCode(value), setError(null))}
          error={error ?? undefined}
          helperText={recoveryAllowed ? "The 6-digit code your app shows now, or a recovery code." : "The 6-digit code your app shows now."}
        />
        <Button type="submit" colorPalette="brand" alignSelf="start" loading={busy}>
          {action}
        </Button>
      </Stack>
    </form>
  );
}

/** Recovery codes, shown once, with Copy. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone(): void }) {
  const [copied, setCopied] = useState<"yes" | "no" | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join("\n"));
      setCopied("yes");
    } catch {
      setCopied("no");
    }
  };
  return (
    <Alert.Root status="success" borderRadius="md" role="region" aria-label="Your recovery codes">
      <Alert.Content>
        <Stack gap="3" width="full">
          <Alert.Title>Your recovery codes</Alert.Title>
          <Text fontSize="sm">Keep them somewhere safe: each signs you in once if you lose your phone. They are shown only now.</Text>
          <List.Root as="ol" listStyleType="none" display="grid" gridTemplateColumns="repeat(2, max-content)" columnGap="6" rowGap="1" fontFamily="mono" aria-label="Recovery codes">
            {codes.map((code) => (
              <List.Item key={code}>{code}</List.Item>
            ))}
          </List.Root>
          <HStack gap="2">
            <Button variant="outline" bg="bg.panel" onClick={() => void copy()}>
              {copied === "yes" ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
              {copied === "yes" ? "Copied" : "Copy codes"}
            </Button>
            <Button variant="ghost" onClick={onDone}>
              I have saved them
            </Button>
          </HStack>
          {copied === "no" && (
            <Text fontSize="sm" color="fg.error">
              The browser did not allow copying: select the codes and copy them yourself.
            </Text>
          )}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}

function Setup({ onCodes }: { onCodes(codes: string[]): void }) {
  const security = useSecurity();
  const [setup, setSetup] = useState<{ secret: string; qrCodeDataUrl: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const begin = async () => {
    setProblem(null);
    const outcome = await security.startSetup();
    if (outcome.ok) setSetup(outcome.value);
    else setProblem(outcome.message);
  };
  if (!setup) {
    return (
      <Stack gap="3">
        <FormProblem message={problem} />
        <Text>Use an authenticator app (1Password, Google Authenticator, Authy, …) for a code at every sign-in.</Text>
        <Button colorPalette="brand" alignSelf="start" loading={security.starting} onClick={() => void begin()}>
          Set up two-factor sign-in
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      <Text>1. Scan this QR code with your authenticator app.</Text>
      <Box bg="white" p="2" borderRadius="md" alignSelf="start">
        <Image src={setup.qrCodeDataUrl} alt="QR code for your authenticator app" boxSize="48" />
      </Box>
      <Stack gap="1">
        <Text fontSize="sm">Can't scan it? Type this key into the app instead:</Text>
        <Code fontSize="md" px="2" py="1" alignSelf="start" wordBreak="break-all" aria-label="Setup key">
          {setup.secret}
        </Code>
      </Stack>
      <Text>2. Enter the code the app shows.</Text>
      <CodeForm
        label="Confirm two-factor setup"
        action="Turn on"
        busy={security.confirming}
        recoveryAllowed={false}
        onSubmit={async (code) => {
          const outcome = await security.confirmSetup(code);
          if (!outcome.ok) return outcome.message;
          onCodes(outcome.value);
          return null;
        }}
      />
    </Stack>
  );
}

/** Your own sign-in security (every staff member): set up two-factor sign-in, turn it off, new recovery codes. */
export function SecurityScreen({ setupRequired }: { setupRequired: boolean }) {
  const { data, loading, error, refetch } = useQuery(StaffSecurityDocument, { fetchPolicy: "cache-and-network", ssr: false });
  const security = useSecurity();
  const [codes, setCodes] = useState<string[] | null>(null);
  const state = data?.staffSecurity;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Security
        </Heading>
        <Text color="fg.muted">Two-factor sign-in for your staff account.</Text>
      </Stack>
      {setupRequired && !codes && (
        <Alert.Root status="warning" borderRadius="md">
          <Alert.Content>
            <Alert.Title>Set up two-factor sign-in to continue</Alert.Title>
            <Alert.Description>The shop requires it for every staff member. The rest of the admin opens once it is on.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
      )}
      {codes && <RecoveryCodes codes={codes} onDone={() => setCodes(null)} />}
      <Panel title="Two-factor sign-in" id="security-two-factor">
        {state ? (
          state.twoFactorEnabled ? (
            <Stack gap="5">
              <HStack gap="2">
                <Badge colorPalette="green">On</Badge>
                <Text fontSize="sm">
                  {state.recoveryCodesLeft} of 10 recovery codes left{state.twoFactorRequired && " · required by the shop"}
                </Text>
              </HStack>
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  New recovery codes
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  The old ones stop working.
                </Text>
                <CodeForm
                  label="New recovery codes"
                  action="Make new codes"
                  busy={security.regenerating}
                  recoveryAllowed
                  onSubmit={async (code) => {
                    const outcome = await security.newRecoveryCodes(code);
                    if (!outcome.ok) return outcome.message;
                    setCodes(outcome.value);
                    return null;
                  }}
                />
              </Stack>
              <Stack gap="2">
                <Heading as="h3" size="sm">
                  Turn off
                </Heading>
                <Text fontSize="sm" color="fg.muted">
                  {state.twoFactorRequired ? "The shop requires it: you will set it up again at once." : "You will sign in with your password only."}
                </Text>
                <CodeForm
                  label="Turn off two-factor sign-in"
                  action="Turn off"
                  busy={security.turningOff}
                  recoveryAllowed
                  onSubmit={async (code) => {
                    const outcome = await security.turnOff(code);
                    return outcome.ok ? null : outcome.message;
                  }}
                />
              </Stack>
            </Stack>
          ) : (
            <Setup onCodes={setCodes} />
          )
        ) : loading ? (
          <Stack gap="2" role="status" aria-label="Loading security">
            <Skeleton height="12" />
          </Stack>
        ) : (
          <AdminQueryError error={error} what="your security settings" onRetry={() => void refetch().catch(() => undefined)} />
        )}
      </Panel>
    </Stack>
  );
}
