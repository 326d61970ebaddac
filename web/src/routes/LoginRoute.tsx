import { Box, Center, Container, Heading, Spinner, Text } from "@chakra-ui/react";
import { Navigate, useNavigate, useSearchParams } from "react-router-dom";
import { AuthPanel } from "../features/auth/AuthPanel";
import { useSession } from "../features/auth/useSession";
import { usePageMeta } from "../lib/usePageMeta";

/** Only paths on this shop are followed after signing in (never another site). */
function safeNext(value: string | null): string {
  return value && value.startsWith("/") && !value.startsWith("//") ? value : "/dashboard";
}

/** /login: the header dialog's forms on a page of their own, for links to point at. */
export default function LoginRoute() {
  usePageMeta("Sign in", "Sign in to Satire Supply Co. or create an account.");
  const { status } = useSession();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const next = safeNext(params.get("next"));
  const tab = params.get("tab") === "register" ? "register" : "signin";

  if (status === "signedIn") return <Navigate to={next} replace />;
  const checking = status === "unknown";
  return (
    <Container maxW="md" px={{ base: "4", md: "6" }} py={{ base: "8", md: "16" }}>
      <Heading as="h1" size={{ base: "2xl", md: "3xl" }} mb="2" textAlign="center">
        Sign in
      </Heading>
      <Text color="fg.muted" textAlign="center" mb="8">
        See your orders and manage your account.
      </Text>
      <Box borderWidth="1px" borderRadius="xl" bg="bg.panel" p={{ base: "4", md: "6" }} position="relative">
        {/* Until the session is known (the gateway's page, then the browser's first question), the
            forms keep their place unseen under the spinner: the footer below does not move when they show. */}
        <Box visibility={checking ? "hidden" : undefined} inert={checking}>
          <AuthPanel initialTab={tab} onSignedIn={() => navigate(next, { replace: true })} />
        </Box>
        {checking && (
          <Center position="absolute" inset="0">
            <Spinner role="status" color="brand.solid" aria-label="Checking whether you are signed in" />
          </Center>
        )}
      </Box>
    </Container>
  );
}
