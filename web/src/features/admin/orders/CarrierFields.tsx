import { Field, Input, Stack } from "@chakra-ui/react";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { OTHER, type CarrierChoice, type CarrierField } from "./carrierChoice";

interface Props {
  value: CarrierChoice;
  onChange(next: CarrierChoice): void;
  errors: Partial<Record<CarrierField, string>>;
  carriers: readonly string[];
  /** Names the fields of one order among several ("#1004"); absent on an order's own page. */
  orderLabel?: string;
  /** Fields side by side (a dialog's row) rather than stacked. */
  inline?: boolean;
}

/** The shop's carriers and Other…, with `placeholder` first when given (a choice meaning "none"). */
export function CarrierSelect({ name, value, carriers, placeholder, onChange }: { name: string; value?: string; carriers: readonly string[]; placeholder?: string; onChange(carrier: string): void }) {
  return (
    <NativeSelect.Root>
      <NativeSelect.Field name={name} bg="bg.panel" value={value} defaultValue={value === undefined ? "" : undefined} onChange={(e) => onChange(e.target.value)}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {carriers.map((carrier) => (
          <option key={carrier} value={carrier}>
            {carrier}
          </option>
        ))}
        <option value={OTHER}>Other…</option>
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

/** Carrier (the shop's list, or Other with its name and tracking page) and tracking number. */
export function CarrierFields({ value, onChange, errors, carriers, orderLabel, inline = false }: Props) {
  const of = (label: string) => (orderLabel ? `${label} for ${orderLabel}` : label);
  const set = (patch: Partial<CarrierChoice>) => onChange({ ...value, ...patch });
  const other = value.carrier === OTHER;
  return (
    <Stack direction={inline ? { base: "column", md: "row" } : "column"} gap="3" align={inline ? { md: "start" } : undefined} flex="1">
      <Field.Root invalid={!!errors.carrier} maxW={inline ? { md: "40" } : { md: "64" }}>
        <Field.Label>{of("Carrier")}</Field.Label>
        <CarrierSelect name="carrier" value={value.carrier} carriers={carriers} onChange={(carrier) => set({ carrier })} />
        {!other && <Field.ErrorText>{errors.carrier}</Field.ErrorText>}
      </Field.Root>
      {other && (
        <Field.Root invalid={!!errors.carrier} maxW={inline ? { md: "40" } : undefined}>
          <Field.Label>{of("Carrier name")}</Field.Label>
          <Input name="otherCarrier" bg="bg.panel" value={value.otherName} onChange={(e) => set({ otherName: e.target.value })} />
          <Field.ErrorText>{errors.carrier}</Field.ErrorText>
        </Field.Root>
      )}
      <Field.Root invalid={!!errors.trackingNumber} flex="1">
        <Field.Label>{of("Tracking number")}</Field.Label>
        <Input name="trackingNumber" bg="bg.panel" autoComplete="off" value={value.trackingNumber} onChange={(e) => set({ trackingNumber: e.target.value })} />
        <Field.ErrorText>{errors.trackingNumber}</Field.ErrorText>
      </Field.Root>
      {other && (
        <Field.Root invalid={!!errors.trackingUrl} flex="1">
          <Field.Label>{of("Tracking page")}</Field.Label>
          <Input name="trackingUrl" type="url" bg="bg.panel" placeholder="https://" value={value.trackingUrl} onChange={(e) => set({ trackingUrl: e.target.value })} />
          <Field.ErrorText>{errors.trackingUrl}</Field.ErrorText>
        </Field.Root>
      )}
    </Stack>
  );
}
