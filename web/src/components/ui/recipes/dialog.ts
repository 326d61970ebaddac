import { Dialog as ChakraDialog } from "@chakra-ui/react";
import { dialogSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Dialog with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Dialog = { ...ChakraDialog, Root: withSlotRecipe(ChakraDialog.Root, dialogSlotRecipe) };
