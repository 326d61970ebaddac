import { Button, HStack } from "@chakra-ui/react";
import { Fieldset } from "../../components/ui/recipes/fieldset";
import type { ReactNode } from "react";

interface Choice<T extends string> {
  value: T;
  label: string;
  icon?: ReactNode;
}

interface ChoiceGroupProps<T extends string> {
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange(value: T): void;
}

/** One of a few values, as pressed/unpressed buttons (the product page's option pattern). */
export function ChoiceGroup<T extends string>({ legend, choices, value, onChange }: ChoiceGroupProps<T>) {
  return (
    <Fieldset.Root>
      <Fieldset.Legend fontWeight="medium" fontSize="sm" mb="1.5">
        {legend}
      </Fieldset.Legend>
      <HStack gap="2" wrap="wrap">
        {choices.map((choice) => {
          const selected = choice.value === value;
          return (
            <Button
              key={choice.value}
              size="sm"
              variant={selected ? "solid" : "outline"}
              colorPalette={selected ? "brand" : "gray"}
              aria-pressed={selected}
              onClick={() => onChange(choice.value)}
            >
              {choice.icon}
              {choice.label}
            </Button>
          );
        })}
      </HStack>
    </Fieldset.Root>
  );
}
