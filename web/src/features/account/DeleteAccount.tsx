import { Button, HStack, List, Stack, Text } from "@chakra-ui/react";
import { UserX } from "lucide-react";
import { useRef, useState, type FormEvent } from "react";
import { Alert } from "../../components/ui/recipes/alert";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import { useDeleteAccount, useDeleteAccountRequest } from "./useDeleteAccount";

/**
 * /account's danger zone: what goes and what stays, then a confirm step with the current password.
 * An account without a password (made with Google) confirms from a link emailed to its address.
 */
export function DeleteAccount({ hasPassword }: { hasPassword: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const start = useRef<HTMLButtonElement>(null);
  const { deleteAccount, loading } = useDeleteAccount();

  const cancel = () => {
    setConfirming(false);
    setPassword("");
    setError(undefined);
    setProblem(null);
    // Back to where the keyboard was before the confirm step opened.
    requestAnimationFrame(() => start.current?.focus());
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (password === "") {
      setError("Current password is required");
      return;
    }
    const outcome = await deleteAccount(password);
    if (!outcome.ok) setProblem(outcome.message);
  };

  return (
    <Stack gap="4">
      <Stack gap="2" fontSize="sm">
        <Text fontWeight="semibold">Deleted at once</Text>
        <List.Root ps="5" listStyleType="disc" gap="1">
          <List.Item>Your account, its sign-in and every device signed in to it</List.Item>
          <List.Item>Your saved addresses and the designs you made in the studio</List.Item>
        </List.Root>
        <Text fontWeight="semibold">Kept</Text>
        <List.Root ps="5" listStyleType="disc" gap="1">
          <List.Item>Your orders, for the shop's books, without your name, email and address</List.Item>
          <List.Item>
            An order that has not shipped yet, or shipped within the last 30 days (the return window), keeps its contact details and design until 30 days
            after it ships, so we can still deliver, reprint or refund it
          </List.Item>
        </List.Root>
        <Text color="fg.muted">This cannot be undone. Download your data first if you want a copy.</Text>
      </Stack>
      {!hasPassword ? (
        <DeleteByEmail />
      ) : !confirming ? (
        <Button ref={start} variant="outline" colorPalette="red" alignSelf="start" onClick={() => setConfirming(true)}>
          <UserX aria-hidden="true" /> Delete my account…
        </Button>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Confirm account deletion">
          <Stack gap="4">
            <FormProblem message={problem} />
            <TextField
              label="Current password"
              type="password"
              name="currentPassword"
              autoComplete="current-password"
              autoFocus
              value={password}
              onValueChange={(v) => {
                setPassword(v);
                setError(undefined);
              }}
              error={error}
              helperText="Enter your password to confirm."
            />
            <HStack gap="3" flexWrap="wrap">
              <Button type="submit" colorPalette="red" loading={loading}>
                Delete account permanently
              </Button>
              <Button variant="ghost" onClick={cancel} disabled={loading}>
                Cancel
              </Button>
            </HStack>
          </Stack>
        </form>
      )}
    </Stack>
  );
}

/** An account without a password confirms from its inbox: the link, followed, deletes the account. */
function DeleteByEmail() {
  const { send, loading } = useDeleteAccountRequest();
  const [sent, setSent] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const ask = async () => {
    setProblem(null);
    const outcome = await send();
    if (outcome.ok) setSent(outcome.sentTo);
    else setProblem(outcome.message);
  };

  if (sent) {
    return (
      <Alert.Root status="info" borderRadius="md" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Check your email</Alert.Title>
          <Alert.Description>We sent a link to {sent}. Your account is deleted when you follow it and confirm; the link works once, within an hour.</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }
  return (
    <Stack gap="3">
      <FormProblem message={problem} />
      <Text fontSize="sm">You sign in with Google, so your account has no password to confirm with. We will email you a link that deletes it.</Text>
      <Button variant="outline" colorPalette="red" alignSelf="start" onClick={() => void ask()} loading={loading}>
        <UserX aria-hidden="true" /> Email me a deletion link
      </Button>
    </Stack>
  );
}
