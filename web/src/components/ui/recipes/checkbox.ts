import { Checkbox as ChakraCheckbox } from "@chakra-ui/react";
import { checkboxSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Checkbox with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Checkbox = { ...ChakraCheckbox, Root: withSlotRecipe(ChakraCheckbox.Root, checkboxSlotRecipe) };
