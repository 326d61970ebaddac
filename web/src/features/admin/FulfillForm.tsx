import { Button, Stack } from "@chakra-ui/react";
import { Truck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { CarrierFields } from "./orders/CarrierFields";
import { OTHER, choiceProblems, emptyChoice, trackingInput, type CarrierChoice, type CarrierField } from "./orders/carrierChoice";
import { useCarriers } from "./orders/useCarriers";
import type { ActionError, ActionOutcome } from "./useOrderActions";

const FIELDS: readonly CarrierField[] = ["carrier", "trackingNumber", "trackingUrl"];

/** Splits a gateway's userErrors into the fields they name and the rest (shown above the form). */
export function placeErrors<F extends string>(errors: readonly ActionError[], fields: readonly F[]) {
  const byField: Partial<Record<F, string>> = {};
  const general: string[] = [];
  for (const error of errors) {
    const field = fields.find((name) => error.field === name || error.field?.endsWith(`.${name}`));
    if (field && !byField[field]) byField[field] = error.message;
    else general.push(error.message);
  }
  return { byField, general: general.length > 0 ? general.join(" ") : null };
}

type Submit = (tracking: ReturnType<typeof trackingInput>) => Promise<ActionOutcome>;

/**
 * Carrier and tracking number: "Mark shipped" on an order still to ship, "Save tracking" on a
 * shipped one (`initial` is its tracking now), where the customer may be emailed again.
 */
export function FulfillForm({
  onSubmit,
  loading,
  disabled,
  initial = null,
  label = "Mark shipped",
  extra,
}: {
  onSubmit: Submit;
  loading: boolean;
  disabled: boolean;
  initial?: CarrierChoice | null;
  label?: string;
  extra?: React.ReactNode;
}) {
  const { carriers, settled } = useCarriers();
  const [typed, setValue] = useState<CarrierChoice>(initial ?? emptyChoice(""));
  // The first listed carrier until staff choose one (the list comes from the gateway).
  const value = typed.carrier ? typed : { ...typed, carrier: carriers[0] ?? (settled ? OTHER : "") };
  const [errors, setErrors] = useState<Partial<Record<CarrierField, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = choiceProblems(value);
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await onSubmit(trackingInput(value));
    if (outcome.ok) return;
    const placed = placeErrors(outcome.errors, FIELDS);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label={label}>
      <Stack gap="3">
        <FormProblem message={problem} />
        <CarrierFields
          value={value}
          onChange={(next) => {
            setValue(next);
            setErrors({});
          }}
          errors={errors}
          carriers={carriers}
        />
        {extra}
        <Button type="submit" colorPalette="brand" loading={loading} disabled={disabled} alignSelf="start">
          <Truck aria-hidden="true" /> {label}
        </Button>
      </Stack>
    </form>
  );
}
