import { useQuery } from "@apollo/client/react";
import { Badge, Box, Button, chakra, Heading, HStack, Skeleton, Stack, Text, Wrap } from "@chakra-ui/react";
import { useState } from "react";
import { EmptyState } from "../../components/StateMessage";
import { WebhookSubscriptionsDocument, type WebhookSubscriptionRow_SubscriptionFragment } from "./gql/graphql";
import { DELIVERY_PALETTE, formatDateTime } from "./adminFormat";
import { AdminQueryError } from "./AdminQueryError";
import { Panel } from "./Panel";
import { WebhookForm } from "./WebhookForm";
import { useWebhooks, WEBHOOK_TOPICS } from "./useWebhooks";

type Delivery = WebhookSubscriptionRow_SubscriptionFragment["deliveries"][number];

const topicLabel = (topic: string) => WEBHOOK_TOPICS.find((t) => t.value === topic)?.label ?? topic;

function DeliveryRow({ delivery }: { delivery: Delivery }) {
  return (
    <Stack as="li" gap="1" borderStartWidth="2px" borderColor="border.emphasized" ps="3">
      <HStack gap="2" wrap="wrap">
        <Badge colorPalette={DELIVERY_PALETTE[delivery.state]} variant="subtle">
          {delivery.state === "SUCCEEDED" ? "Delivered" : delivery.state === "FAILED" ? "Failed" : "Pending"}
        </Badge>
        <Text fontSize="sm">{topicLabel(delivery.topic)}</Text>
        <Text fontSize="xs" color="fg.muted">
          {formatDateTime(delivery.createdAt)}
        </Text>
      </HStack>
      {delivery.attempts.length > 0 && (
        <Stack as="ol" listStyleType="none" gap="0" fontSize="xs" color="fg.muted" aria-label="Attempts">
          {delivery.attempts.map((attempt, i) => (
            <li key={`${attempt.at}-${i}`}>
              Attempt {i + 1}, {formatDateTime(attempt.at)}: {attempt.statusCode ? `HTTP ${attempt.statusCode}` : "no answer"}
              {attempt.error ? ` (${attempt.error})` : ""} in {attempt.durationMs} ms
            </li>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

function SubscriptionRow({ subscription }: { subscription: WebhookSubscriptionRow_SubscriptionFragment }) {
  const { deleteSubscription, deleting } = useWebhooks();
  const [confirming, setConfirming] = useState(false);
  return (
    <Stack as="li" gap="3" borderWidth="1px" borderRadius="md" p="3">
      <HStack justify="space-between" align="start" wrap="wrap" gap="2">
        <Stack gap="1" minW="0">
          <Text fontWeight="semibold" fontFamily="mono" fontSize="sm" wordBreak="break-all">
            {subscription.url}
          </Text>
          <Wrap gap="1">
            {subscription.topics.map((topic) => (
              <Badge key={topic} variant="outline">
                {topicLabel(topic)}
              </Badge>
            ))}
          </Wrap>
          <Text fontSize="xs" color="fg.muted">
            Created {formatDateTime(subscription.createdAt)}
          </Text>
        </Stack>
        {confirming ? (
          <HStack gap="2">
            <Button size="sm" colorPalette="red" loading={deleting} onClick={() => void deleteSubscription(subscription.id)}>
              Confirm delete
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setConfirming(false)}>
              Keep
            </Button>
          </HStack>
        ) : (
          <Button size="sm" variant="outline" colorPalette="red" onClick={() => setConfirming(true)} aria-label={`Delete webhook ${subscription.url}`}>
            Delete
          </Button>
        )}
      </HStack>
      <chakra.details open={subscription.deliveries.length > 0}>
        <chakra.summary cursor="pointer" fontSize="sm" fontWeight="medium">
          Recent deliveries ({subscription.deliveries.length})
        </chakra.summary>
        <Box pt="2">
          {subscription.deliveries.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              Nothing sent yet.
            </Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="2">
              {subscription.deliveries.map((delivery) => (
                <DeliveryRow key={delivery.id} delivery={delivery} />
              ))}
            </Stack>
          )}
        </Box>
      </chakra.details>
    </Stack>
  );
}

/** Outbound webhooks (owner only): subscriptions with their recent deliveries, a new one, deleting. */
export function WebhooksScreen() {
  const { data, loading, error, refetch } = useQuery(WebhookSubscriptionsDocument, { fetchPolicy: "cache-and-network", ssr: false });
  const subscriptions = data?.webhookSubscriptions;
  return (
    <Stack gap="5">
      <Stack gap="1">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Webhooks
        </Heading>
        <Text color="fg.muted">Each delivery is a POST signed with HMAC-SHA256 of its body, using the subscription's secret.</Text>
      </Stack>
      <Panel title="New webhook" id="new-webhook">
        <WebhookForm />
      </Panel>
      <Panel title="Subscriptions" id="webhook-list">
        {subscriptions ? (
          subscriptions.length === 0 ? (
            <EmptyState title="No webhooks yet" description="Create one above to hear about orders as they happen." />
          ) : (
            <Stack as="ul" listStyleType="none" gap="3" aria-label="Webhook subscriptions">
              {subscriptions.map((subscription) => (
                <SubscriptionRow key={subscription.id} subscription={subscription} />
              ))}
            </Stack>
          )
        ) : loading ? (
          <Stack gap="2" role="status" aria-label="Loading webhooks">
            <Skeleton height="20" />
          </Stack>
        ) : (
          <AdminQueryError error={error} what="webhooks" onRetry={() => void refetch().catch(() => undefined)} />
        )}
      </Panel>
    </Stack>
  );
}
