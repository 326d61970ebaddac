import { Link as ChakraLink } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { NavLink } from "react-router-dom";

/** A link of the header's navigation (in the bar on wide screens, in the menu on phones); the current page's is underlined. */
export function MenuLink({ to, end, children }: { to: string; end?: boolean; children: ReactNode }) {
  return (
    <ChakraLink
      asChild
      display="block"
      px="3"
      py="2"
      borderRadius="md"
      fontWeight="medium"
      color="fg"
      _hover={{ bg: "bg.muted", textDecoration: "none" }}
      css={{ "&[aria-current=page]": { color: "brand.fg", textDecoration: "underline", textUnderlineOffset: "6px", textDecorationThickness: "2px" } }}
    >
      <NavLink to={to} end={end}>
        {children}
      </NavLink>
    </ChakraLink>
  );
}
