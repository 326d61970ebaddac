import { Badge, Button, DataList, Stack, Text } from "@chakra-ui/react";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { FormProblem } from "../auth/FormProblem";
import { formatDateTime, JOB_LABELS, JOB_PALETTE } from "./adminFormat";
import { Panel } from "./Panel";
import { useOrderActions } from "./useOrderActions";

/** The print partner's job for this order: its state, attempts, last error, and Retry when it failed. */
export function PartnerJobPanel({ order }: { order: AdminOrderDetail_OrderFragment }) {
  const { retryJob, loading } = useOrderActions(order.id);
  const [problem, setProblem] = useState<string | null>(null);
  const job = order.fulfillmentJob;
  const retry = async () => {
    setProblem(null);
    const outcome = await retryJob();
    if (!outcome.ok) setProblem(outcome.errors.map((error) => error.message).join(" "));
  };
  return (
    <Panel title="Print partner" id="partner-job">
      {!job ? (
        <Text color="fg.muted">Not sent to a print partner.</Text>
      ) : (
        <Stack gap="3">
          <DataList.Root orientation="horizontal" size="sm">
            <DataList.Item>
              <DataList.ItemLabel>Partner</DataList.ItemLabel>
              <DataList.ItemValue>{job.partner}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>State</DataList.ItemLabel>
              <DataList.ItemValue>
                <Badge colorPalette={JOB_PALETTE[job.state]} variant="subtle">
                  {JOB_LABELS[job.state]}
                </Badge>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>Attempts</DataList.ItemLabel>
              <DataList.ItemValue>{job.attempts}</DataList.ItemValue>
            </DataList.Item>
            {job.externalId && (
              <DataList.Item>
                <DataList.ItemLabel>Partner's id</DataList.ItemLabel>
                <DataList.ItemValue wordBreak="break-all">{job.externalId}</DataList.ItemValue>
              </DataList.Item>
            )}
            {job.nextAttemptAt && job.state !== "SUCCEEDED" && (
              <DataList.Item>
                <DataList.ItemLabel>Next attempt</DataList.ItemLabel>
                <DataList.ItemValue>{formatDateTime(job.nextAttemptAt)}</DataList.ItemValue>
              </DataList.Item>
            )}
            <DataList.Item>
              <DataList.ItemLabel>Updated</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(job.updatedAt)}</DataList.ItemValue>
            </DataList.Item>
          </DataList.Root>
          {job.lastError && (
            <Text fontSize="sm" color="fg.error" wordBreak="break-word">
              Last error: {job.lastError}
            </Text>
          )}
          <FormProblem message={problem} />
          {job.state === "FAILED" && (
            <Button variant="outline" alignSelf="start" onClick={() => void retry()} loading={loading.retry}>
              <RotateCcw aria-hidden="true" /> Retry
            </Button>
          )}
        </Stack>
      )}
    </Panel>
  );
}
