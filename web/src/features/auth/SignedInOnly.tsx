import { Container } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { Navigate } from "react-router-dom";
import { ErrorState } from "../../components/StateMessage";
import type { SessionCustomerFragment } from "../../gql/graphql";
import { useSession } from "./useSession";

interface SignedInOnlyProps {
  /** What shows while the session is being read. */
  pending: ReactNode;
  children(customer: SessionCustomerFragment): ReactNode;
}

/**
 * spec §6: anonymous visitors are sent from the customer's screens to /, but only once the session is
 * known (never on the strength of a session that is still loading), and not when the gateway could
 * not be asked: then the screen says so.
 */
export function SignedInOnly({ pending, children }: SignedInOnlyProps) {
  const { status, customer, failed } = useSession();
  if (status === "unknown") return <>{pending}</>;
  if (customer) return <>{children(customer)}</>;
  if (failed) {
    return (
      <Container maxW="3xl" px={{ base: "4", md: "6" }} py="12">
        <ErrorState title="We couldn't check your sign-in" description="The shop didn't answer. Please try again." />
      </Container>
    );
  }
  return <Navigate to="/" replace />;
}
