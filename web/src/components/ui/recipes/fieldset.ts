import { Fieldset as ChakraFieldset } from "@chakra-ui/react";
import { fieldsetSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Fieldset with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Fieldset = { ...ChakraFieldset, Root: withSlotRecipe(ChakraFieldset.Root, fieldsetSlotRecipe) };
