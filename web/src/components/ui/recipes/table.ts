import { Table as ChakraTable } from "@chakra-ui/react";
import { tableSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Table with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Table = { ...ChakraTable, Root: withSlotRecipe(ChakraTable.Root, tableSlotRecipe) };
