import type { ReactNode } from "react";
import { EmptyState } from "../../components/StateMessage";
import type { StaffSessionMemberFragment } from "./gql/graphql";

/** Screens for the shop's owner (API tokens, webhooks); other staff are told so, not sent away. */
export function OwnerOnly({ staff, what, children }: { staff: StaffSessionMemberFragment; what: string; children: ReactNode }) {
  if (staff.role !== "OWNER") {
    return <EmptyState title="Owners only" description={`Only the shop's owner can manage ${what}.`} headingLevel="h2" />;
  }
  return <>{children}</>;
}
