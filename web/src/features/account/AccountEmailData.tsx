import { useQuery } from "@apollo/client/react";
import { Skeleton, Stack } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { AccountEmailDocument, type AccountEmail_CustomerFragment } from "../../gql/graphql";
import { FormProblem } from "../auth/FormProblem";

/** The account's email, its verification and any pending change (one query, shared by the account page's email sections). */
export function AccountEmailData({ children }: { children(customer: AccountEmail_CustomerFragment): ReactNode }) {
  const { data, loading, error } = useQuery(AccountEmailDocument, { ssr: false });
  if (data?.me) return <>{children(data.me)}</>;
  if (loading) {
    return (
      <Stack gap="3" aria-busy="true" aria-label="Loading your email">
        <Skeleton height="6" width="60%" />
        <Skeleton height="10" width="40%" />
      </Stack>
    );
  }
  return <FormProblem message={error ? "Your email details could not be loaded. Please reload the page." : "You are signed out."} />;
}
