import { Button, HStack, Link as ChakraLink, Text, type ButtonProps } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { SIZE_ANSWER_ID } from "../info/policies";
import { Fieldset } from "../../components/ui/recipes/fieldset";
import { offeredOptions, selectionOf, selectOption, type ProductOptionLike, type SelectableVariant } from "./variantSelection";

interface ProductOptionsProps<V extends SelectableVariant> {
  options: readonly (ProductOptionLike & { id: string })[];
  variants: readonly V[];
  selected: V | null;
  onSelect(variant: V): void;
}

/**
 * Every value's button has the same style props, so the same class: the chosen one looks like a solid
 * brand button through `aria-pressed` (Chakra's `_pressed`), the others like outline gray ones, as
 * the button recipe's two variants would draw them. A recipe variant per state gave each state its
 * own copy of the whole button recipe's CSS in the page (the page's bytes), and choosing
 * a value swapped the classes of two buttons instead of one attribute.
 */
const OPTION_BUTTON = {
  size: "sm",
  minWidth: "12",
  // Gray, the palette every element has from <html> (Chakra's global CSS): naming it again would
  // put its 19 variables into the class.
  variant: "outline",
  _pressed: {
    bg: "brand.solid",
    color: "brand.contrast",
    borderColor: "transparent",
    focusRingColor: "brand.focusRing",
    _hover: { bg: "brand.solid/90" },
  },
} as const satisfies ButtonProps;

/** An option about size ("Size", "Shirt size"): beside its values, a link to how the sizes run. */
const isSizeOption = (name: string) => /\bsize\b/i.test(name);

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
            {`${option.name}: `}
            <Text as="span" fontWeight="normal" color="fg.muted">
              {selection[option.name] ?? "choose one"}
            </Text>
          </Fieldset.Legend>
          <HStack gap="2" wrap="wrap">
            {option.values.map((value) => {
              const pressed = selection[option.name] === value;
              return (
                <Button key={value} {...OPTION_BUTTON} aria-pressed={pressed} onClick={() => choose(option.name, value)}>
                  {value}
                </Button>
              );
            })}
            {isSizeOption(option.name) && (
              <ChakraLink asChild fontSize="sm" color="brand.fg" textDecoration="underline" ms="1">
                <Link to={`/faq#${SIZE_ANSWER_ID}`}>Size guide</Link>
              </ChakraLink>
            )}
          </HStack>
        </Fieldset.Root>
      ))}
    </>
  );
}
