import { useApolloClient } from "@apollo/client/react";
import { Button } from "@chakra-ui/react";
import { EmptyState, ErrorState } from "../../components/StateMessage";
import { errorCode, replaceStaffSession } from "./useStaffSession";

/**
 * A failed admin query: the session ended (sign in again), not allowed (the guard said FORBIDDEN),
 * or anything else (Try Again).
 */
export function AdminQueryError({ error, what, onRetry }: { error: unknown; what: string; onRetry(): void }) {
  const client = useApolloClient();
  const code = errorCode(error);
  if (code === "UNAUTHENTICATED") {
    return (
      <EmptyState title="Your session has ended" description="Sign in again to carry on." headingLevel="h2">
        <Button colorPalette="brand" onClick={() => replaceStaffSession(client.cache, null)}>
          Sign in again
        </Button>
      </EmptyState>
    );
  }
  if (code === "FORBIDDEN") {
    return <EmptyState title="Not allowed" description={`Your staff role cannot see ${what}.`} headingLevel="h2" />;
  }
  return <ErrorState title={`Error loading ${what}`} description="The shop didn't answer. Please try again." onRetry={onRetry} headingLevel="h2" />;
}
