import { Badge, HStack, Stack, Text } from "@chakra-ui/react";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { formatActor, formatDateTime, formatMoney, REFUND_PALETTE, REFUND_REASON_LABELS, REFUND_STATUS_LABELS } from "./adminFormat";

type Refund = AdminOrderDetail_OrderFragment["refunds"][number];

/** The order's refunds, oldest first: amount, state, why, who and when (the note for staff only). */
export function RefundsList({ refunds }: { refunds: readonly Refund[] }) {
  if (refunds.length === 0) return null;
  return (
    <Stack as="ul" listStyleType="none" gap="2" aria-label="Refunds" fontSize="sm">
      {refunds.map((refund) => (
        <Stack as="li" key={refund.id} gap="0.5" borderTopWidth="1px" pt="2">
          <HStack justify="space-between" gap="3" wrap="wrap">
            <Text fontWeight="medium">
              {formatMoney(refund.amount)} · {REFUND_REASON_LABELS[refund.reason]}
            </Text>
            <Badge colorPalette={REFUND_PALETTE[refund.status]} variant="subtle">
              {REFUND_STATUS_LABELS[refund.status]}
            </Badge>
          </HStack>
          <Text color="fg.muted">
            {formatDateTime(refund.createdAt)} · {formatActor(refund.actor)}
          </Text>
          {refund.note && <Text color="fg.muted">Note: {refund.note}</Text>}
          {refund.failureMessage && <Text color="fg.error">{refund.failureMessage}</Text>}
        </Stack>
      ))}
    </Stack>
  );
}
