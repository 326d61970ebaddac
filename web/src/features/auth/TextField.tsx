import { Field, Input, type InputProps } from "@chakra-ui/react";

interface TextFieldProps extends Omit<InputProps, "value" | "onChange"> {
  label: string;
  value: string;
  onValueChange(value: string): void;
  error?: string;
  helperText?: string;
}

/** A labelled input with its check's message under it (and aria-invalid while it has one). */
export function TextField({ label, value, onValueChange, error, helperText, ...input }: TextFieldProps) {
  return (
    <Field.Root invalid={Boolean(error)}>
      <Field.Label>{label}</Field.Label>
      <Input value={value} onChange={(e) => onValueChange(e.target.value)} {...input} />
      {error ? <Field.ErrorText>{error}</Field.ErrorText> : helperText ? <Field.HelperText>{helperText}</Field.HelperText> : null}
    </Field.Root>
  );
}
