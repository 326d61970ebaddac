import { Button, Stack } from "@chakra-ui/react";
import { Truck } from "lucide-react";
import { useState, type FormEvent } from "react";
import { FormProblem } from "../auth/FormProblem";
import { TextField } from "../auth/TextField";
import type { ActionError, ActionOutcome } from "./useOrderActions";

type Field = "carrier" | "trackingNumber" | "trackingUrl";
const FIELDS: readonly Field[] = ["carrier", "trackingNumber", "trackingUrl"];

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

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:";
  } catch {
    return false;
  }
}

/** Mark shipped: the carrier, the tracking number and (optionally) the carrier's tracking page. */
export function FulfillForm({ onSubmit, loading, disabled }: { onSubmit(values: Record<Field, string>): Promise<ActionOutcome>; loading: boolean; disabled: boolean }) {
  const [values, setValues] = useState<Record<Field, string>>({ carrier: "", trackingNumber: "", trackingUrl: "" });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const change = (field: Field, value: string) => {
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.carrier.trim()) found.carrier = "Enter the carrier";
    if (!values.trackingNumber.trim()) found.trackingNumber = "Enter the tracking number";
    if (values.trackingUrl.trim() && !isWebAddress(values.trackingUrl.trim())) found.trackingUrl = "Enter a web address starting with https://";
    setErrors(found);
    setProblem(null);
    if (Object.keys(found).length > 0) return;
    const outcome = await onSubmit(values);
    if (outcome.ok) return;
    const placed = placeErrors(outcome.errors, FIELDS);
    setErrors(placed.byField);
    setProblem(placed.general);
  };

  return (
    <form onSubmit={submit} noValidate aria-label="Mark shipped">
      <Stack gap="3">
        <FormProblem message={problem} />
        <TextField label="Carrier" name="carrier" placeholder="e.g. UPS" value={values.carrier} onValueChange={(v) => change("carrier", v)} error={errors.carrier} />
        <TextField
          label="Tracking number"
          name="trackingNumber"
          value={values.trackingNumber}
          onValueChange={(v) => change("trackingNumber", v)}
          error={errors.trackingNumber}
        />
        <TextField
          label="Tracking URL (optional)"
          name="trackingUrl"
          type="url"
          placeholder="https://"
          value={values.trackingUrl}
          onValueChange={(v) => change("trackingUrl", v)}
          error={errors.trackingUrl}
        />
        <Button type="submit" colorPalette="brand" loading={loading} disabled={disabled} alignSelf="start">
          <Truck aria-hidden="true" /> Mark shipped
        </Button>
      </Stack>
    </form>
  );
}
