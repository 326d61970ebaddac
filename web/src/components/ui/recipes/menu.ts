import { Menu as ChakraMenu } from "@chakra-ui/react";
import { menuSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Menu with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Menu = { ...ChakraMenu, Root: withSlotRecipe(ChakraMenu.Root, menuSlotRecipe) };
