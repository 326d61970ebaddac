import { Textarea as ChakraTextarea } from "@chakra-ui/react";
import { textareaRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Textarea with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Textarea = withSlotRecipe(ChakraTextarea, textareaRecipe);
