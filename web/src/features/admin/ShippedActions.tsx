import { Button, HStack, Separator, Stack, Text } from "@chakra-ui/react";
import { Checkbox } from "../../components/ui/recipes/checkbox";
import { CheckCheck, Mail } from "lucide-react";
import { useState } from "react";
import { FormProblem } from "../auth/FormProblem";
import { FulfillForm } from "./FulfillForm";
import type { AdminOrderDetail_OrderFragment } from "./gql/graphql";
import { choiceOf } from "./orders/carrierChoice";
import { useCarriers } from "./orders/useCarriers";
import { useOrderActions, type ActionOutcome } from "./useOrderActions";

type Tracking = NonNullable<AdminOrderDetail_OrderFragment["tracking"]>;

/** A shipped order: its tracking put right, the shipping email sent again, the parcel marked delivered. */
export function ShippedActions({ orderId, tracking }: { orderId: string; tracking: Tracking }) {
  const actions = useOrderActions(orderId);
  const { carriers, settled } = useCarriers();
  const [resendWithCorrection, setResendWithCorrection] = useState(true);
  const [problem, setProblem] = useState<string | null>(null);
  const run = async (action: () => Promise<ActionOutcome>) => {
    setProblem(null);
    const outcome = await action();
    if (!outcome.ok) setProblem(outcome.errors.map((e) => e.message).join(" "));
  };

  return (
    <Stack gap="4">
      <Text color="fg.muted">A typo in the tracking, or another parcel? Correct it here: the customer's order page follows at once.</Text>
      {settled && (
        <FulfillForm
          key={`${tracking.carrier}|${tracking.trackingNumber}|${tracking.trackingUrl ?? ""}`}
          initial={choiceOf(tracking, carriers)}
          label="Save tracking"
          onSubmit={(input) => actions.correctTracking(input, resendWithCorrection)}
          loading={actions.loading.correct}
          disabled={actions.busy}
          extra={
            <Checkbox.Root checked={resendWithCorrection} onCheckedChange={(e) => setResendWithCorrection(e.checked === true)}>
              <Checkbox.HiddenInput name="resendEmail" />
              <Checkbox.Control />
              <Checkbox.Label>Email the customer the corrected tracking</Checkbox.Label>
            </Checkbox.Root>
          }
        />
      )}
      <Separator />
      <FormProblem message={problem} />
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={() => void run(actions.resendShippingEmail)} loading={actions.loading.resend} disabled={actions.busy}>
          <Mail aria-hidden="true" /> Resend shipping email
        </Button>
        {!tracking.deliveredAt && (
          <Button variant="outline" onClick={() => void run(actions.markDelivered)} loading={actions.loading.deliver} disabled={actions.busy}>
            <CheckCheck aria-hidden="true" /> Mark delivered
          </Button>
        )}
      </HStack>
    </Stack>
  );
}
