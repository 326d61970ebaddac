import { Button, Center, HStack, Spinner, Stack, Text } from "@chakra-ui/react";
import { UserX } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/recipes/alert";
import { LinkProblem, linkProblem } from "./LinkProblem";
import { useLinkToken } from "./useLinkToken";
import { useDeleteAccountConfirm } from "./useDeleteAccount";

const TOKEN_KEY = "storefront.deleteToken";

type Result = { ok: true } | { ok: false; code: string; message: string };

/**
 * The emailed deletion link's page. It deletes nothing by being opened (mail scanners open links):
 * the customer confirms with a button; then it says the account is gone, or why the link did not work.
 */
export function DeleteByLink() {
  const { link, forget } = useLinkToken(TOKEN_KEY);
  const { follow, loading } = useDeleteAccountConfirm();
  const [result, setResult] = useState<Result | null>(null);

  const confirm = async (token: string) => {
    const outcome = await follow(token);
    if (outcome.ok || outcome.field === "token") forget();
    setResult(outcome.ok ? { ok: true } : { ok: false, code: outcome.code, message: outcome.message });
  };

  if (link.status === "reading") {
    return (
      <Center py="10">
        <Spinner color="brand.solid" aria-label="Reading your link" />
      </Center>
    );
  }
  const again = { label: "Go to your account to ask again", to: "/account" };
  if (!link.token && !result) return <LinkProblem title="This page needs the link from your email" message="Open the link in the email we sent you." action={again} />;
  if (result && !result.ok) return <LinkProblem {...linkProblem(result.code, result.message)} action={result.code.startsWith("TOKEN_") ? again : null} />;
  if (result?.ok) {
    return (
      <Stack gap="4">
        <Alert.Root status="success" borderRadius="md" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your account is deleted</Alert.Title>
            <Alert.Description>Every device signed in to it has been signed out. Orders still on their way keep their delivery details until 30 days after they ship.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild colorPalette="brand" alignSelf="start">
          <Link to="/">Back to the shop</Link>
        </Button>
      </Stack>
    );
  }
  const token = link.token!;
  return (
    <Stack gap="4">
      <Text>
        Your account, its saved addresses and designs go at once, and every device signed in to it is signed out. Your orders stay for the shop's books
        without your name, email and address. This cannot be undone.
      </Text>
      <HStack gap="3" flexWrap="wrap">
        <Button colorPalette="red" onClick={() => void confirm(token)} loading={loading}>
          <UserX aria-hidden="true" /> Delete my account
        </Button>
        <Button asChild variant="outline">
          <Link to="/">Keep my account</Link>
        </Button>
      </HStack>
    </Stack>
  );
}
