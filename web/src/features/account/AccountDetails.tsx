import { Box, Button, Card, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import type { SessionCustomerFragment } from "../../gql/graphql";

function Detail({ label, value, muted = false }: { label: string; value: string; muted?: boolean }) {
  return (
    <>
      <Text as="dt" color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium" wordBreak="break-word" color={muted ? "fg.muted" : undefined}>
        {value}
      </Text>
    </>
  );
}

/** spec §2 Dashboard, Account Details: email, name (or "Not set") and the way to /account. */
export function AccountDetails({ customer }: { customer: SessionCustomerFragment }) {
  const signIn = [customer.hasPassword && "Email and password", customer.googleLinked && "Google"].filter(Boolean).join(" · ");
  return (
    <Card.Root variant="outline">
      <Card.Body gap="6" p={{ base: "4", md: "6" }}>
        <Box as="dl" display="grid" gridTemplateColumns={{ base: "1fr", sm: "10rem 1fr" }} columnGap="6" rowGap={{ base: "1", sm: "4" }}>
          <Detail label="Email" value={customer.email} />
          <Detail label="Name" value={customer.displayName || "Not set"} muted={!customer.displayName} />
          {signIn && <Detail label="Signs in with" value={signIn} />}
        </Box>
        <Button asChild colorPalette="brand" alignSelf="start">
          <Link to="/account">Manage Account</Link>
        </Button>
      </Card.Body>
    </Card.Root>
  );
}
