import { useMutation } from "@apollo/client/react";
import { useCallback } from "react";
import { notify } from "../../components/ui/toaster";
import { WebhookSubscriptionCreateDocument, WebhookSubscriptionDeleteDocument, WebhookSubscriptionsDocument, type WebhookTopic } from "./gql/graphql";
import { UNREACHABLE } from "./useStaffSession";

export const WEBHOOK_TOPICS: readonly { value: WebhookTopic; label: string }[] = [
  { value: "ORDERS_PAID", label: "Order paid" },
  { value: "ORDERS_FULFILLED", label: "Order shipped" },
  { value: "ORDERS_CANCELLED", label: "Order cancelled" },
];

type Created = { ok: true; secret: string } | { ok: false; errors: { field: string | null; message: string }[] };

/** webhookSubscriptionCreate (its answer is the only time the signing secret can be read) and delete. */
export function useWebhooks() {
  const [create, createState] = useMutation(WebhookSubscriptionCreateDocument, { refetchQueries: [WebhookSubscriptionsDocument] });
  const [remove, removeState] = useMutation(WebhookSubscriptionDeleteDocument);

  const createSubscription = useCallback(
    async (url: string, topics: WebhookTopic[]): Promise<Created> => {
      try {
        const { data } = await create({ variables: { url: url.trim(), topics } });
        const payload = data?.webhookSubscriptionCreate;
        if (payload?.secret && payload.userErrors.length === 0) return { ok: true, secret: payload.secret };
        const errors = (payload?.userErrors ?? []).map((error) => ({ field: error.field ?? null, message: error.message }));
        return { ok: false, errors: errors.length > 0 ? errors : [{ field: null, message: "The webhook was not created." }] };
      } catch {
        return { ok: false, errors: [{ field: null, message: UNREACHABLE }] };
      }
    },
    [create],
  );

  const deleteSubscription = useCallback(
    async (id: string) => {
      try {
        const { data } = await remove({
          variables: { id },
          update(cache, { data: result }) {
            const deletedId = result?.webhookSubscriptionDelete.deletedId;
            if (deletedId) {
              cache.evict({ id: cache.identify({ __typename: "WebhookSubscription", id: deletedId }) });
              cache.gc();
            }
          },
        });
        const problem = data?.webhookSubscriptionDelete.userErrors[0]?.message;
        if (problem) notify({ title: "Not deleted", description: problem, type: "error" });
        else notify({ title: "Webhook deleted", description: "It receives no more deliveries.", type: "success" });
      } catch {
        notify({ title: "Not deleted", description: UNREACHABLE, type: "error" });
      }
    },
    [remove],
  );

  return { createSubscription, deleteSubscription, creating: createState.loading, deleting: removeState.loading };
}
