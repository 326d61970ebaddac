import { Button, Field, HStack, Stack, Textarea } from "@chakra-ui/react";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { placeErrors } from "./FulfillForm";
import type { ActionOutcome } from "./useOrderActions";

/** Cancel, behind a second step: the reason is required and kept on the order. */
export function CancelForm({ onSubmit, loading, disabled }: { onSubmit(reason: string): Promise<ActionOutcome>; loading: boolean; disabled: boolean }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
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
    if (!reason.trim()) {
      setError("Say why the order is cancelled");
      return;
    }
    const outcome = await onSubmit(reason);
    if (outcome.ok) {
      setOpen(false);
      return;
    }
    const placed = placeErrors(outcome.errors, ["reason"] as const);
    setError(placed.byField.reason ?? null);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Cancel order">
      <Stack gap="3">
        <FormProblem message={problem} />
        <Field.Root invalid={Boolean(error)}>
          <Field.Label>Reason for cancelling</Field.Label>
          <Textarea
            name="reason"
            rows={2}
            autoFocus
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setError(null);
            }}
          />
          {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>The order cannot be shipped once cancelled.</Field.HelperText>}
        </Field.Root>
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
