import { NativeSelect as ChakraNativeSelect } from "@chakra-ui/react";
import { nativeSelectSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's NativeSelect with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const NativeSelect = { ...ChakraNativeSelect, Root: withSlotRecipe(ChakraNativeSelect.Root, nativeSelectSlotRecipe) };
