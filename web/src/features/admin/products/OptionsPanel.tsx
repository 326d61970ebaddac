import { Box, Button, Field, Grid, HStack, Input, Stack, Text } from "@chakra-ui/react";
import { CircleX, ListPlus } from "lucide-react";
import { Panel } from "../Panel";
import { MAX_OPTIONS, type OptionDraft } from "./productDraft";

interface OptionsPanelProps {
  options: readonly OptionDraft[];
  errors: Record<string, string>;
  onName(key: string, name: string): void;
  onValues(key: string, values: string): void;
  onAdd(): void;
  onRemove(key: string): void;
}

/** Up to three options (Size, Color…), each with its values; the variants below are every combination. */
export function OptionsPanel({ options, errors, onName, onValues, onAdd, onRemove }: OptionsPanelProps) {
  return (
    <Panel title="Options" id="product-options">
      {options.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No options: the product is sold as one variant. Add an option such as Size or Color to offer more.
        </Text>
      ) : (
        <Stack as="ol" gap="4" listStyleType="none" aria-label="Options">
          {options.map((option, i) => {
            const n = i + 1;
            const nameError = errors[`option:${option.key}.name`];
            const valuesError = errors[`option:${option.key}.values`];
            return (
              <Box as="li" key={option.key} borderWidth="1px" borderRadius="md" p="3">
                <Grid templateColumns={{ base: "1fr", md: "minmax(0, 1fr) minmax(0, 2fr) auto" }} gap="3" alignItems="start">
                  <Field.Root invalid={Boolean(nameError)}>
                    <Field.Label>Option {n} name</Field.Label>
                    <Input name={`options.${i}.name`} value={option.name} placeholder="e.g. Size" maxLength={50} onChange={(e) => onName(option.key, e.target.value)} />
                    {nameError && <Field.ErrorText>{nameError}</Field.ErrorText>}
                  </Field.Root>
                  <Field.Root invalid={Boolean(valuesError)}>
                    <Field.Label>Option {n} values</Field.Label>
                    <Input name={`options.${i}.values`} value={option.values} placeholder="e.g. S, M, L" autoComplete="off" onChange={(e) => onValues(option.key, e.target.value)} />
                    {valuesError ? <Field.ErrorText>{valuesError}</Field.ErrorText> : <Field.HelperText>Comma-separated, in the order shoppers see them.</Field.HelperText>}
                  </Field.Root>
                  <Button variant="ghost" colorPalette="red" alignSelf={{ md: "end" }} justifySelf="start" mb={{ md: "6" }} aria-label={`Remove option ${n}`} onClick={() => onRemove(option.key)}>
                    <CircleX aria-hidden="true" /> Remove
                  </Button>
                </Grid>
              </Box>
            );
          })}
        </Stack>
      )}
      {errors.options && (
        <Text color="fg.error" fontSize="sm">
          {errors.options}
        </Text>
      )}
      <HStack gap="3" wrap="wrap">
        <Button variant="outline" onClick={onAdd} disabled={options.length >= MAX_OPTIONS}>
          <ListPlus aria-hidden="true" /> Add option
        </Button>
        <Text fontSize="sm" color="fg.muted">
          Up to {MAX_OPTIONS} options.
        </Text>
      </HStack>
    </Panel>
  );
}
