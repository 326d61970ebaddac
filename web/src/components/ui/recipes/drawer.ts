import { Drawer as ChakraDrawer } from "@chakra-ui/react";
import { drawerSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Drawer with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Drawer = { ...ChakraDrawer, Root: withSlotRecipe(ChakraDrawer.Root, drawerSlotRecipe) };
