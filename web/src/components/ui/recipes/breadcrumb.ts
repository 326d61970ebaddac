import { Breadcrumb as ChakraBreadcrumb } from "@chakra-ui/react";
import { breadcrumbSlotRecipe } from "@chakra-ui/react/theme";
import { withSlotRecipe } from "../withSlotRecipe";

/** Chakra's Breadcrumb with its recipe in this chunk, not in the shop's system (./withSlotRecipe.tsx). */
export const Breadcrumb = { ...ChakraBreadcrumb, Root: withSlotRecipe(ChakraBreadcrumb.Root, breadcrumbSlotRecipe) };
