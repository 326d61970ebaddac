import { Button, Field, HStack, Stack, Text } from "@chakra-ui/react";
import { Textarea } from "../../components/ui/recipes/textarea";
import { NativeSelect } from "../../components/ui/recipes/nativeSelect";
import { Undo2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import type { RefundReason } from "./gql/graphql";
import { formatMoney, REFUND_REASON_LABELS } from "./adminFormat";
import { placeErrors } from "./FulfillForm";
import type { ActionOutcome, RefundChoice } from "./useOrderActions";

const FIELDS = ["amount", "reason", "note"] as const;
const AMOUNT = /^\d{1,7}(\.\d{1,2})?$/;
const REASONS = Object.keys(REFUND_REASON_LABELS) as RefundReason[];

interface Money {
  amount: string;
  currencyCode: string;
}

/** Cents of an amount as typed ("12.5" → 1250), or null when it is not one. */
function centsOf(text: string): number | null {
  const trimmed = text.trim();
  if (!AMOUNT.test(trimmed)) return null;
  const [whole, fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/**
 * Refund, in two steps: the amount (what remains, to begin with), the reason and an internal note;
 * then a confirmation naming the amount and the card. The gateway checks the amount again under
 * the order's lock; its refusal (or the provider's) is shown here.
 */
export function RefundForm({
  refundable,
  card,
  onSubmit,
  loading,
  disabled,
}: {
  refundable: Money;
  card: string | null;
  onSubmit(choice: RefundChoice): Promise<ActionOutcome>;
  loading: boolean;
  disabled: boolean;
}) {
  const [open, setOpen] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [choice, setChoice] = useState<RefundChoice>({ amount: refundable.amount, reason: "DEFECTIVE", note: "" });
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number], string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const maxCents = centsOf(refundable.amount) ?? 0;

  if (!open) {
    return (
      <Button
        variant="outline"
        alignSelf="start"
        disabled={disabled}
        onClick={() => {
          setChoice({ amount: refundable.amount, reason: "DEFECTIVE", note: "" });
          setOpen(true);
        }}
      >
        <Undo2 aria-hidden="true" /> Refund…
      </Button>
    );
  }

  const close = () => {
    setOpen(false);
    setConfirming(false);
    setErrors({});
    setProblem(null);
  };

  const review = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(null);
    const cents = centsOf(choice.amount);
    if (cents === null) return setErrors({ amount: "Enter an amount in dollars and cents, e.g. 12.50" });
    if (cents <= 0) return setErrors({ amount: "Enter more than $0.00" });
    if (cents > maxCents) return setErrors({ amount: `At most ${formatMoney(refundable)} remains refundable` });
    setErrors({});
    setConfirming(true);
  };

  const amount = formatMoney({ amount: (centsOf(choice.amount) ?? 0) / 100 + "", currencyCode: refundable.currencyCode });

  const send = async () => {
    const outcome = await onSubmit(choice);
    if (outcome.ok) return close();
    setConfirming(false);
    const placed = placeErrors(outcome.errors, FIELDS);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  if (confirming) {
    return (
      <Stack gap="3" role="group" aria-label="Confirm refund">
        <Text>
          Refund <strong>{amount}</strong>
          {card ? ` to ${card}` : ""} ({REFUND_REASON_LABELS[choice.reason].toLowerCase()})? The money goes back at once and this cannot be undone.
        </Text>
        <HStack gap="2" wrap="wrap">
          <Button colorPalette="red" loading={loading} disabled={disabled} onClick={() => void send()}>
            Refund {amount}
          </Button>
          <Button variant="ghost" onClick={() => setConfirming(false)} disabled={loading}>
            Back
          </Button>
        </HStack>
      </Stack>
    );
  }

  return (
    <form onSubmit={review} noValidate aria-label="Refund">
      <Stack gap="3">
        <FormProblem message={problem} />
        <TextField
          label="Amount (USD)"
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          autoFocus
          value={choice.amount}
          onValueChange={(amount) => {
            setChoice((c) => ({ ...c, amount }));
            setErrors((e) => ({ ...e, amount: undefined }));
          }}
          error={errors.amount}
          helperText={`Up to ${formatMoney(refundable)}`}
        />
        <Field.Root invalid={Boolean(errors.reason)}>
          <Field.Label>Reason</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="reason" bg="bg.panel" value={choice.reason} onChange={(e) => setChoice((c) => ({ ...c, reason: e.target.value as RefundReason }))}>
              {REASONS.map((reason) => (
                <option key={reason} value={reason}>
                  {REFUND_REASON_LABELS[reason]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {errors.reason && <Field.ErrorText>{errors.reason}</Field.ErrorText>}
        </Field.Root>
        <Field.Root invalid={Boolean(errors.note)}>
          <Field.Label>Note (optional)</Field.Label>
          <Textarea w="full" name="note" rows={2} value={choice.note} maxLength={500} onChange={(e) => setChoice((c) => ({ ...c, note: e.target.value }))} />
          {errors.note ? <Field.ErrorText>{errors.note}</Field.ErrorText> : <Field.HelperText>For staff only: the customer never sees it.</Field.HelperText>}
        </Field.Root>
        <HStack gap="2" wrap="wrap">
          <Button type="submit" disabled={disabled}>
            Review refund
          </Button>
          <Button variant="ghost" onClick={close}>
            Cancel
          </Button>
        </HStack>
      </Stack>
    </form>
  );
}
