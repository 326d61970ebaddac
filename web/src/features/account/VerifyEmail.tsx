import { Button, Center, Spinner, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { Link } from "react-router-dom";
import { Alert } from "../../components/ui/recipes/alert";
import type { CustomerActivationOutcome } from "../../gql/graphql";
import { useSession } from "../auth/useSession";
import { LinkProblem, linkProblem } from "./LinkProblem";
import { useLinkToken } from "./useLinkToken";
import { useCustomerActivate, useResendVerification } from "./useRecoveryMutations";

const TOKEN_KEY = "storefront.verifyToken";

type Result = { ok: true; outcome: CustomerActivationOutcome; email: string } | { ok: false; code: string; message: string };

const SUCCESS: Record<CustomerActivationOutcome, { title: string; text: (email: string) => string }> = {
  EMAIL_VERIFIED: { title: "Your email is verified", text: (email) => `Thank you: ${email} is confirmed. Orders you placed with it as a guest are now in your account.` },
  EMAIL_CHANGED: { title: "Your email has changed", text: (email) => `You now sign in with ${email}. Orders you placed with it as a guest are now in your account.` },
  EMAIL_CHANGE_APPROVED: { title: "Change approved", text: (email) => `We sent a link to ${email}. Your email changes once you follow it.` },
};

/** Follows the emailed verification link once the customer confirms, and says what it did, or why not (with a new link to ask for). */
export function VerifyEmail() {
  const { link, forget } = useLinkToken(TOKEN_KEY);
  const { follow } = useCustomerActivate();
  const { status } = useSession();
  const resend = useResendVerification();
  const [result, setResult] = useState<Result | null>(null);
  const [following, setFollowing] = useState(false);

  // Followed when the customer presses Confirm, not on load: mail scanners open links, and one
  // that ran this page must not approve a change of email on the customer's behalf.
  const confirm = async (token: string) => {
    setFollowing(true);
    const outcome = await follow(token);
    if (outcome.ok || outcome.field === "token") forget();
    setResult(outcome.ok ? { ok: true, ...outcome.value } : { ok: false, code: outcome.code, message: outcome.message });
    setFollowing(false);
  };

  if (!result && link.status === "read" && !link.token) {
    return <LinkProblem title="This page needs the link from your email" message="Open the link in the email we sent you." action={resendAction(status === "signedIn", resend)} />;
  }
  if (!result && link.status === "read" && link.token) {
    const token = link.token;
    return (
      <Stack gap="4">
        <Text>Press Confirm to finish: it confirms the email address this link was sent for (or approves the change of email you asked for).</Text>
        <Button colorPalette="brand" alignSelf="start" loading={following} onClick={() => void confirm(token)}>
          Confirm
        </Button>
      </Stack>
    );
  }
  if (!result) {
    return (
      <Center py="10">
        <Spinner color="brand.solid" aria-label="Reading your link" />
      </Center>
    );
  }
  if (!result.ok) {
    return <LinkProblem {...linkProblem(result.code, result.message)} action={resendAction(status === "signedIn", resend)} />;
  }
  const success = SUCCESS[result.outcome];
  return (
    <Stack gap="4">
      <Alert.Root status="success" borderRadius="md" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{success.title}</Alert.Title>
          <Alert.Description>{success.text(result.email)}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <Button asChild colorPalette="brand" alignSelf="start">
        <Link to={status === "signedIn" ? "/dashboard" : "/login"}>{status === "signedIn" ? "Go to your dashboard" : "Sign in"}</Link>
      </Button>
    </Stack>
  );
}

/** Signed in: send another verification email; signed out: sign in first (the account page resends). */
function resendAction(signedIn: boolean, resend: ReturnType<typeof useResendVerification>) {
  if (!signedIn) return { label: "Sign in to send another", to: "/login?next=%2Faccount" };
  return { label: "Send a new verification email", onClick: () => void resend.send(), loading: resend.loading };
}
