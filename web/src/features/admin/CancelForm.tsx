import { Button, Field, HStack, Stack, Text } from "@chakra-ui/react";
import { Textarea } from "../../components/ui/recipes/textarea";
import { Checkbox } from "../../components/ui/recipes/checkbox";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { formatMoney } from "./adminFormat";
import { placeErrors } from "./FulfillForm";
import type { ActionOutcome, CancelChoice } from "./useOrderActions";

const FIELDS = ["reason", "customerMessage"] as const;

function Check({ checked, onChange, children }: { checked: boolean; onChange(checked: boolean): void; children: string }) {
  return (
    <Checkbox.Root checked={checked} onCheckedChange={(e) => onChange(e.checked === true)}>
      <Checkbox.HiddenInput />
      <Checkbox.Control />
      <Checkbox.Label>{children}</Checkbox.Label>
    </Checkbox.Root>
  );
}

/**
 * Cancel, behind a second step: the reason (internal: the customer never sees it), the refund of
 * what remains (on by default for a paid order), and whether to email the customer, with a message
 * of its own. An order already with the print partner says so: cancelling here does not stop the
 * printer.
 */
export function CancelForm({
  refundable,
  sentTo,
  onSubmit,
  loading,
  disabled,
}: {
  refundable: { amount: string; currencyCode: string };
  /** The print partner that already has the order; null when it has not been sent. */
  sentTo: string | null;
  onSubmit(choice: CancelChoice): Promise<ActionOutcome>;
  loading: boolean;
  disabled: boolean;
}) {
  const canRefund = Number(refundable.amount) > 0;
  const [open, setOpen] = useState(false);
  const [choice, setChoice] = useState<CancelChoice>({ reason: "", refund: canRefund, notifyCustomer: true, customerMessage: "" });
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  if (!open) {
    return (
      <Button variant="outline" colorPalette="red" alignSelf="start" onClick={() => setOpen(true)} disabled={disabled}>
        Cancel order…
      </Button>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    if (!choice.reason.trim()) {
      setErrors({ reason: "Say why the order is cancelled" });
      return;
    }
    const outcome = await onSubmit({ ...choice, refund: canRefund && choice.refund });
    if (outcome.ok) {
      setOpen(false);
      return;
    }
    const placed = placeErrors(outcome.errors, FIELDS);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Cancel order">
      <Stack gap="3">
        <FormProblem message={problem} />
        {sentTo && (
          <Text fontSize="sm" color="fg.warning">
            This order was already sent to {sentTo}. Cancelling asks {sentTo} to take it back: if printing has started it cannot be withdrawn, and
            the order's history will say so.
          </Text>
        )}
        <Field.Root invalid={Boolean(errors.reason)}>
          <Field.Label>Reason for cancelling</Field.Label>
          <Textarea w="full"
            name="reason"
            rows={2}
            autoFocus
            value={choice.reason}
            onChange={(e) => {
              setChoice((c) => ({ ...c, reason: e.target.value }));
              setErrors((x) => ({ ...x, reason: undefined }));
            }}
          />
          {errors.reason ? <Field.ErrorText>{errors.reason}</Field.ErrorText> : <Field.HelperText>For staff and the audit log: the customer never sees it.</Field.HelperText>}
        </Field.Root>
        {canRefund && (
          <Stack gap="1">
            <Check checked={choice.refund} onChange={(refund) => setChoice((c) => ({ ...c, refund }))}>
              {`Refund ${formatMoney(refundable)} to the customer`}
            </Check>
            {!choice.refund && (
              <Text fontSize="sm" color="fg.muted">
                Nothing is refunded now: it can be refunded later under Payment.
              </Text>
            )}
          </Stack>
        )}
        <Check checked={choice.notifyCustomer} onChange={(notifyCustomer) => setChoice((c) => ({ ...c, notifyCustomer }))}>
          Email the customer
        </Check>
        {choice.notifyCustomer && (
          <Field.Root invalid={Boolean(errors.customerMessage)}>
            <Field.Label>Message to the customer (optional)</Field.Label>
            <Textarea w="full" name="customerMessage" rows={2} maxLength={1000} value={choice.customerMessage} onChange={(e) => setChoice((c) => ({ ...c, customerMessage: e.target.value }))} />
            {errors.customerMessage ? (
              <Field.ErrorText>{errors.customerMessage}</Field.ErrorText>
            ) : (
              <Field.HelperText>In the cancellation email and on their order page.</Field.HelperText>
            )}
          </Field.Root>
        )}
        <HStack gap="2" wrap="wrap">
          <Button type="submit" colorPalette="red" loading={loading} disabled={disabled}>
            Cancel order
          </Button>
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Keep order
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
