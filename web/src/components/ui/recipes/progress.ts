import { Progress as ChakraProgress } from "@chakra-ui/react";
import { progressSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Progress with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Progress = { ...ChakraProgress, Root: withSlotRecipe(ChakraProgress.Root, progressSlotRecipe) };
