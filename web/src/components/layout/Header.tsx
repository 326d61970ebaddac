import { Box, Container, Flex, HStack, IconButton, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { Menu, X } from "lucide-react";
import { useState, type ReactNode } from "react";
import { Link, NavLink, useLocation } from "react-router-dom";
import { ThemeToggle } from "./ThemeToggle";
import { BrandMark } from "./BrandMark";

const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/memes", label: "Memes" },
  { to: "/customize", label: "Customize" },
];

function NavItems({ direction }: { direction: "row" | "column" }) {
  return (
    <Stack as="ul" listStyleType="none" direction={direction} gap={direction === "row" ? "1" : "0"}>
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
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
            <NavLink to={link.to} end={link.to === "/"}>
              {link.label}
            </NavLink>
          </ChakraLink>
        </li>
      ))}
    </Stack>
  );
}

/**
 * What the header shows around the theme toggle, which only features know how to draw: the route
 * table (routes.tsx) hands them in, so the layout imports no feature.
 */
export interface HeaderSlots {
  /** Sign in, or the signed-in customer's menu. */
  account: ReactNode;
  /** The cart button. */
  cart: ReactNode;
}

/**
 * spec §2 Header: brand, Home/Shop/Memes/Customize, the cart button and the theme toggle, and (issue
 * 6) Sign in or the signed-in customer's menu.
 */
export function Header({ account, cart }: HeaderSlots) {
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === location.pathname;

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg.panel" borderBottomWidth="1px" boxShadow="xs">
      <Container maxW="7xl" px={{ base: "3", md: "6" }}>
        <Flex height="16" align="center" justify="space-between" gap="2">
          <HStack gap="1">
            <IconButton
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              aria-expanded={menuOpen}
              aria-controls="mobile-nav"
              variant="ghost"
              hideFrom="md"
              onClick={() => setMenuPath(menuOpen ? null : location.pathname)}
            >
              {menuOpen ? <X /> : <Menu />}
            </IconButton>
            <ChakraLink asChild _hover={{ textDecoration: "none" }} color="fg">
              <Link to="/" aria-label="Satire Supply Co. home">
                <BrandMark />
                <Text as="span" fontFamily="heading" fontWeight="bold" fontSize={{ base: "lg", sm: "xl" }} whiteSpace="nowrap">
                  Satire Supply Co.
                </Text>
              </Link>
            </ChakraLink>
          </HStack>

          <Box as="nav" aria-label="Main" hideBelow="md">
            <NavItems direction="row" />
          </Box>

          <HStack gap="1">
            {account}
            <ThemeToggle />
            {cart}
          </HStack>
        </Flex>
        {menuOpen && (
          <Box as="nav" id="mobile-nav" aria-label="Main" hideFrom="md" pb="3">
            <NavItems direction="column" />
          </Box>
        )}
      </Container>
    </Box>
  );
}
