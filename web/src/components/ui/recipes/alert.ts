import { Alert as ChakraAlert } from "@chakra-ui/react";
import { alertSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Alert with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Alert = { ...ChakraAlert, Root: withSlotRecipe(ChakraAlert.Root, alertSlotRecipe) };
