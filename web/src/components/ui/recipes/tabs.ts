import { Tabs as ChakraTabs } from "@chakra-ui/react";
import { tabsSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Tabs with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Tabs = { ...ChakraTabs, Root: withSlotRecipe(ChakraTabs.Root, tabsSlotRecipe) };
