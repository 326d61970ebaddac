import { Badge, Button, Stack, Text } from "@chakra-ui/react";
import { RotateCcw } from "lucide-react";
import { useState } from "react";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { FormProblem } from "../auth/FormProblem";
import { formatDateTime, JOB_LABELS, JOB_PALETTE } from "./adminFormat";
import { Fact, Facts, Panel } from "./Panel";
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
          <Facts>
            <Fact label="Partner">{job.partner}</Fact>
            <Fact label="State">
                <Badge colorPalette={JOB_PALETTE[job.state]} variant="subtle">
                  {JOB_LABELS[job.state]}
                </Badge>
              </Fact>
            <Fact label="Attempts">{job.attempts}</Fact>
            {job.externalId && (
              <Fact label="Partner's id">{job.externalId}</Fact>
            )}
            {job.nextAttemptAt && job.state !== "SUCCEEDED" && (
              <Fact label="Next attempt">{formatDateTime(job.nextAttemptAt)}</Fact>
            )}
            <Fact label="Updated">{formatDateTime(job.updatedAt)}</Fact>
          </Facts>
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
