import { Button, HStack, Text } from "@chakra-ui/react";
import { Fieldset } from "../../components/ui/recipes/fieldset";
import { offeredOptions, selectionOf, selectOption, type ProductOptionLike, type SelectableVariant } from "./variantSelection";

interface ProductOptionsProps<V extends SelectableVariant> {
  options: readonly (ProductOptionLike & { id: string })[];
  variants: readonly V[];
  selected: V | null;
  onSelect(variant: V): void;
}

/**
 * One selector per option name (spec §2), offering only values some variant has. Choosing a value
 * selects a real variant (spec §4, selectOption): the first that has it, keeping the other choices
 * where they still fit, so a choice never ends on a combination no variant has.
 */
export function ProductOptions<V extends SelectableVariant>({ options, variants, selected, onSelect }: ProductOptionsProps<V>) {
  const offered = offeredOptions(options, variants);
  const selection = selectionOf(selected);
  const choose = (name: string, value: string) => {
    const variant = selectOption(offered, variants, selected, name, value);
    if (variant) onSelect(variant);
  };
  return (
    <>
      {offered.map((option) => (
        <Fieldset.Root key={option.id}>
          <Fieldset.Legend fontWeight="semibold" fontSize="sm" mb="2">
            {option.name}:{" "}
            <Text as="span" fontWeight="normal" color="fg.muted">
              {selection[option.name] ?? "choose one"}
            </Text>
          </Fieldset.Legend>
          <HStack gap="2" wrap="wrap">
            {option.values.map((value) => {
              const pressed = selection[option.name] === value;
              return (
                <Button
                  key={value}
                  size="sm"
                  minWidth="12"
                  variant={pressed ? "solid" : "outline"}
                  colorPalette={pressed ? "brand" : "gray"}
                  aria-pressed={pressed}
                  onClick={() => choose(option.name, value)}
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
