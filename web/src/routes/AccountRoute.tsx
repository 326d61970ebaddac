import { Button, Card, Container, Heading, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, LogOut } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { DeleteAccount } from "../features/account/DeleteAccount";
import { DisplayNameForm } from "../features/account/DisplayNameForm";
import { EmailChangeForm } from "../features/account/EmailChangeForm";
import { EmailVerification } from "../features/account/EmailVerification";
import { DownloadMyData } from "../features/account/DownloadMyData";
import { PasswordForm } from "../features/account/PasswordForm";
import { AddressBook } from "../features/account/addresses/AddressBook";
import { SignedInOnly } from "../features/auth/SignedInOnly";
import { useLogout } from "../features/auth/useLogout";
import type { SessionCustomerFragment } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";

/** /account: display name, password, sign out, your data and deleting the account. Signed out, it sends the visitor home. */
export default function AccountRoute() {
  usePageMeta("Account", "Your account at Satire Supply Co.");
  return (
    <Container maxW="3xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Button asChild variant="plain" px="0" mb="4" color="brand.fg">
        <Link to="/dashboard">
          <ArrowLeft aria-hidden="true" /> Back to Dashboard
        </Link>
      </Button>
      <SignedInOnly pending={<AccountPending />}>{(customer) => <Account customer={customer} />}</SignedInOnly>
    </Container>
  );
}

function Section({ title, description, children }: { title: string; description?: string; children: ReactNode }) {
  const id = `account-${title.toLowerCase().replace(/\W+/g, "-")}`;
  return (
    <Card.Root variant="outline" as="section" aria-labelledby={id}>
      <Card.Body gap="4" p={{ base: "4", md: "6" }}>
        <Stack gap="1">
          <Heading as="h2" size="lg" id={id}>
            {title}
          </Heading>
          {description && (
            <Text color="fg.muted" fontSize="sm">
              {description}
            </Text>
          )}
        </Stack>
        {children}
      </Card.Body>
    </Card.Root>
  );
}

function Account({ customer }: { customer: SessionCustomerFragment }) {
  const { signOut, loading } = useLogout();
  return (
    <Stack gap="6">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "2xl", md: "3xl" }}>
          Account
        </Heading>
        <Text color="fg.muted" wordBreak="break-word">
          Signed in as {customer.email}
        </Text>
      </Stack>
      <Section title="Profile">
        <DisplayNameForm key={customer.displayName ?? ""} current={customer.displayName ?? null} />
      </Section>
      <Section title="Email" description="The address you sign in with and we write to."><EmailVerification /></Section>
      <Section title="Change email"><EmailChangeForm /></Section>
      <Section title="Addresses" description="Checkout fills in your default address and offers the others.">
        <AddressBook />
      </Section>
      <Section title={customer.hasPassword ? "Password" : "Set a password"}>
        <PasswordForm hasPassword={customer.hasPassword} />
      </Section>
      <Section title="Sign out" description="Sign out of your account on this device.">
        <Button variant="outline" colorPalette="red" alignSelf="start" onClick={() => void signOut()} loading={loading}>
          <LogOut aria-hidden="true" /> Sign out
        </Button>
      </Section>
      <Section title="Your data" description="A copy of everything we keep about you."><DownloadMyData /></Section>
      <Section title="Delete account" description="Close your account for good."><DeleteAccount hasPassword={customer.hasPassword} /></Section>
    </Stack>
  );
}

function AccountPending() {
  return (
    <Stack gap="6" role="status" aria-label="Loading your account" aria-busy="true">
      <Skeleton height="10" width="40%" />
      <Skeleton height="40" borderRadius="lg" />
      <Skeleton height="48" borderRadius="lg" />
    </Stack>
  );
}
