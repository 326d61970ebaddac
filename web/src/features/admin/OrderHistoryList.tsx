import { Stack, Text } from "@chakra-ui/react";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { formatActor, formatDateTime } from "./adminFormat";
import { Panel } from "./Panel";

/** Everything that happened to the order, newest first, and who did it. */
export function OrderHistoryList({ history }: { history: AdminOrderDetail_OrderFragment["history"] }) {
  const entries = [...history].sort((a, b) => b.at.localeCompare(a.at));
  return (
    <Panel title="History" id="order-history">
      {entries.length === 0 ? (
        <Text color="fg.muted">Nothing recorded yet.</Text>
      ) : (
        <Stack as="ol" listStyleType="none" gap="3" aria-label="Order history">
          {entries.map((entry) => (
            <Stack as="li" key={entry.id} gap="0" borderStartWidth="2px" borderColor="border.emphasized" ps="3">
              <Text>{entry.message}</Text>
              <Text fontSize="xs" color="fg.muted">
                {formatDateTime(entry.at)} · {formatActor(entry.actor)}
              </Text>
            </Stack>
          ))}
        </Stack>
      )}
    </Panel>
  );
}
