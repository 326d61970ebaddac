import { Button, Fieldset, HStack, Text } from "@chakra-ui/react";
import { isValueAvailable, type OptionSelection, type ProductOptionLike, type SelectableVariant } from "./variantSelection";

interface ProductOptionsProps {
  options: readonly (ProductOptionLike & { id: string })[];
  variants: readonly SelectableVariant[];
  selection: OptionSelection;
  onChange(name: string, value: string): void;
}

/** One selector per option name (spec §2); values no variant offers with the other choices are marked unavailable. */
export function ProductOptions({ options, variants, selection, onChange }: ProductOptionsProps) {
  return (
    <>
      {options.map((option) => (
        <Fieldset.Root key={option.id}>
          <Fieldset.Legend fontWeight="semibold" fontSize="sm" mb="2">
            {option.name}:{" "}
            <Text as="span" fontWeight="normal" color="fg.muted">
              {selection[option.name] ?? "choose one"}
            </Text>
          </Fieldset.Legend>
          <HStack gap="2" wrap="wrap">
            {option.values.map((value) => {
              const selected = selection[option.name] === value;
              const available = isValueAvailable(options, variants, selection, option.name, value);
              return (
                <Button
                  key={value}
                  size="sm"
                  minWidth="12"
                  variant={selected ? "solid" : "outline"}
                  colorPalette={selected ? "brand" : "gray"}
                  aria-pressed={selected}
                  aria-label={available ? value : `${value} (unavailable)`}
                  textDecoration={available ? undefined : "line-through"}
                  opacity={available ? 1 : 0.55}
                  onClick={() => onChange(option.name, value)}
                >
                  {value}
                </Button>
              );
            })}
          </HStack>
        </Fieldset.Root>
      ))}
    </>
  );
}
