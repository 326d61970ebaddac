import { Box, Container, Flex, HStack, IconButton, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { Menu, X } from "lucide-react";
import { useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Link, useLocation } from "react-router-dom";
import { ThemeToggle } from "./ThemeToggle";
import { BrandMark } from "./BrandMark";
import { HeaderSearch } from "./HeaderSearch";
import { MenuLink } from "./MenuLink";

const NAV_LINKS = [
  { to: "/", label: "Home" },
  { to: "/shop", label: "Shop" },
  { to: "/memes", label: "Memes" },
  { to: "/customize", label: "Customize" },
];

function NavItems({ direction }: { direction: "row" | "column" }) {
  return (
    // No gap between the links (their own padding spaces them): room for the search beside them at 768 px.
    <Stack as="ul" listStyleType="none" direction={direction} gap="0">
      {NAV_LINKS.map((link) => (
        <li key={link.to}>
          <MenuLink to={link.to} end={link.to === "/"}>
            {link.label}
          </MenuLink>
        </li>
      ))}
    </Stack>
  );
}

/**
 * What the header shows that only features know how to draw: the route table (routes.tsx) hands
 * them in, so the layout imports no feature.
 */
export interface HeaderSlots {
  /** Sign in, or the signed-in customer's menu. */
  account: ReactNode;
  /** The cart button. */
  cart: ReactNode;
  /** The phone menu's entry for the customer: Account when signed in, else Sign in (a MenuLink). */
  menuAccount: ReactNode;
}

/**
 * spec §2 Header: brand, Home/Shop/Memes/Customize, the cart button and the theme toggle, with Sign in
 * or the signed-in customer's menu, and a search. On phones the links, the search, the account and
 * Track Order are in a menu.
 *
 * The search is on every page but /shop, whose own box (under its title, beside sort and Clear
 * filters) shows the search being listed: two boxes there would each hold a search, one of them stale.
 * On wide screens its place is kept there (hidden), so the header does not move between pages.
 * From 1280 px the field itself is in the bar; on tablets and small laptops (768–1279 px, where the
 * links, a customer's name and the field would not fit in one row) its button alone opens /shop.
 */
export function Header({ account, cart, menuAccount }: HeaderSlots) {
  const location = useLocation();
  // The menu belongs to the page it was opened on: navigating anywhere closes it.
  const [menuPath, setMenuPath] = useState<string | null>(null);
  const menuOpen = menuPath === location.pathname;
  const menuButton = useRef<HTMLButtonElement>(null);
  const onShop = location.pathname === "/shop";

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== "Escape" || !menuOpen) return;
    setMenuPath(null);
    menuButton.current?.focus();
  };

  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg.panel" borderBottomWidth="1px" boxShadow="xs">
      <Container maxW="7xl" px={{ base: "3", md: "6" }}>
        <Flex height="16" align="center" justify="space-between" gap="2">
          <HStack gap="1">
            <IconButton
              ref={menuButton}
              aria-label={menuOpen ? "Close menu" : "Open menu"}
              aria-expanded={menuOpen}
              aria-controls="mobile-menu"
              variant="ghost"
              hideFrom="md"
              onClick={() => setMenuPath(menuOpen ? null : location.pathname)}
              onKeyDown={closeOnEscape}
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
            <HeaderSearch hideBelow="md" fieldFrom="xl" fieldWidth="52" visibility={onShop ? "hidden" : undefined} />
            {account}
            <ThemeToggle />
            {cart}
          </HStack>
        </Flex>
        {menuOpen && (
          <Box id="mobile-menu" hideFrom="md" pb="3" onKeyDown={closeOnEscape}>
            {!onShop && <HeaderSearch mb="2" />}
            <Box as="nav" aria-label="Main">
              <NavItems direction="column" />
            </Box>
            <Stack as="ul" listStyleType="none" gap="0" mt="2" pt="2" borderTopWidth="1px" aria-label="Your orders and account">
              {menuAccount && <li>{menuAccount}</li>}
              <li>
                <MenuLink to="/track">Track Order</MenuLink>
              </li>
            </Stack>
          </Box>
        )}
      </Container>
    </Box>
  );
}
