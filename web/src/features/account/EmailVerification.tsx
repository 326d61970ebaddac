import { Badge, Button, HStack, Stack, Text } from "@chakra-ui/react";
import type { AccountEmail_CustomerFragment } from "../../gql/graphql";
import { AccountEmailData } from "./AccountEmailData";
import { useResendVerification } from "./useRecoveryMutations";

/** /account's email section: the address and whether it is verified. */
export function EmailVerification() {
  return <AccountEmailData>{(customer) => <EmailVerificationStatus customer={customer} />}</AccountEmailData>;
}

/** /account: whether the email is verified, and a new verification email when it is not. Unverified never stops signing in or checkout. */
function EmailVerificationStatus({ customer }: { customer: AccountEmail_CustomerFragment }) {
  const { send, loading } = useResendVerification();
  return (
    <Stack gap="3">
      <HStack gap="3" wrap="wrap">
        <Text fontWeight="medium" wordBreak="break-word">
          {customer.email}
        </Text>
        <Badge colorPalette={customer.emailVerified ? "green" : "orange"} variant="subtle">
          {customer.emailVerified ? "Verified" : "Not verified"}
        </Badge>
      </HStack>
      {!customer.emailVerified && (
        <>
          <Text color="fg.muted" fontSize="sm">
            Confirm your email with the link we sent you. Once it is verified, orders you placed with it as a guest show in your account.
          </Text>
          <Button variant="outline" alignSelf="start" onClick={() => void send()} loading={loading} loadingText="Sending…">
            Resend verification email
          </Button>
        </>
      )}
    </Stack>
  );
}
