import { Badge, Box, Button, Container, Flex, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { LogOut, Moon, Sun } from "lucide-react";
import { useEffect, useRef, type ReactNode } from "react";
import { NavLink, useLocation } from "react-router-dom";
import { BrandMark } from "../../components/layout/BrandMark";
import { Toaster } from "../../components/ui/toaster";
import type { StaffSessionMemberFragment } from "./gql/graphql";
import { useColorMode } from "../../theme/colorMode";
import { useStaffLogout } from "./useStaffSession";

const LINKS = [
  { to: "/admin", label: "Home", ownerOnly: false },
  { to: "/admin/orders", label: "Orders", ownerOnly: false },
  { to: "/admin/products", label: "Products", ownerOnly: false },
  { to: "/admin/collections", label: "Collections", ownerOnly: false },
  { to: "/admin/memes", label: "Memes", ownerOnly: false },
  { to: "/admin/promotions", label: "Promotions", ownerOnly: false },
  { to: "/admin/prices", label: "Bulk prices", ownerOnly: true },
  { to: "/admin/import", label: "Import/Export", ownerOnly: true },
  { to: "/admin/tokens", label: "API tokens", ownerOnly: true },
  { to: "/admin/webhooks", label: "Webhooks", ownerOnly: true },
  { to: "/admin/staff", label: "Staff", ownerOnly: true },
  { to: "/admin/security", label: "Security", ownerOnly: false },
];

function AdminNav({ staff }: { staff: StaffSessionMemberFragment }) {
  const links = LINKS.filter((link) => !link.ownerOnly || staff.role === "OWNER");
  const { pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);
  // On a phone the menu scrolls sideways: the current section is brought into view (the menu
  // scrolls, never the page).
  useEffect(() => {
    const nav = navRef.current;
    const link = nav?.querySelector("[aria-current=page]");
    if (!nav || !link) return;
    const menu = nav.getBoundingClientRect();
    const current = link.getBoundingClientRect();
    if (current.left < menu.left || current.right > menu.right) nav.scrollLeft += current.left - menu.left - 8;
  }, [pathname]);
  return (
    <Box as="nav" ref={navRef} aria-label="Admin" overflowX="auto">
      <HStack as="ul" listStyleType="none" gap="1">
        {links.map((link) => (
          <li key={link.to}>
            <ChakraLink
              asChild
              display="block"
              whiteSpace="nowrap"
              px="3"
              py="2"
              borderRadius="md"
              fontWeight="medium"
              color="fg"
              _hover={{ bg: "bg.muted", textDecoration: "none" }}
              css={{ "&[aria-current=page]": { bg: "bg.muted", color: "brand.fg" } }}
            >
              <NavLink to={link.to} end={link.to === "/admin"}>
                {link.label}
              </NavLink>
            </ChakraLink>
          </li>
        ))}
      </HStack>
    </Box>
  );
}

/** The shop's light/dark switch (a plain Button: sharing the header's IconButton would split a chunk off the shopper's first visit). */
function ThemeToggle() {
  const { colorMode, toggleColorMode } = useColorMode();
  const dark = colorMode === "dark";
  return (
    <Button aria-label={dark ? "Switch to light mode" : "Switch to dark mode"} variant="ghost" px="0" onClick={toggleColorMode}>
      {dark ? <Sun /> : <Moon />}
    </Button>
  );
}

function SkipLink() {
  return (
    <ChakraLink
      href="#admin-main"
      position="absolute"
      left="2"
      top="-24"
      zIndex="skipLink"
      bg="bg.panel"
      px="4"
      py="2"
      borderRadius="md"
      boxShadow="md"
      _focus={{ top: "2" }}
    >
      Skip to content
    </ChakraLink>
  );
}

/** The admin's frame: its own header (no cart, no customer menu), who is signed in, and sign-out. */
export function AdminShell({ staff, children }: { staff: StaffSessionMemberFragment | null; children: ReactNode }) {
  const { signOut, loading } = useStaffLogout();
  return (
    <Flex direction="column" minHeight="100dvh" bg="bg.subtle" _print={{ bg: "white", minHeight: "auto" }}>
      <SkipLink />
      {/* Printed, an admin page is its content alone (packing slips): no header, menu or sign-out. */}
      <Box as="header" bg="bg.panel" borderBottomWidth="1px" _print={{ display: "none" }}>
        <Container maxW="7xl" px={{ base: "3", md: "6" }} py="2">
          <Flex align="center" justify="space-between" gap="3" wrap="wrap">
            <HStack gap="2">
              <BrandMark />
              <Text fontWeight="bold" fontSize="lg">
                Shop admin
              </Text>
            </HStack>
            <HStack gap="2" order={{ base: 2, md: 3 }}>
              {staff && (
                <Stack gap="0" align="end" display={{ base: "none", sm: "flex" }} role="group" aria-label="Signed in as">
                  <Text fontSize="sm" fontWeight="medium">
                    {staff.name}
                  </Text>
                  <HStack gap="1">
                    <Text fontSize="xs" color="fg.muted">
                      {staff.email}
                    </Text>
                    <Badge size="sm" variant="surface">
                      {staff.role === "OWNER" ? "Owner" : "Staff"}
                    </Badge>
                  </HStack>
                </Stack>
              )}
              <ThemeToggle />
              {staff && (
                <Button variant="outline" size="sm" onClick={() => void signOut()} loading={loading}>
                  <LogOut aria-hidden="true" /> Sign out
                </Button>
              )}
            </HStack>
            {staff && !staff.twoFactorSetupRequired && (
              <Box order={{ base: 3, md: 2 }} width={{ base: "100%", md: "auto" }} flex={{ md: "1" }}>
                <AdminNav staff={staff} />
              </Box>
            )}
          </Flex>
        </Container>
      </Box>
      <Box as="main" id="admin-main" tabIndex={-1} flex="1" outline="none">
        <Container maxW="7xl" px={{ base: "3", md: "6" }} py={{ base: "5", md: "8" }} _print={{ maxW: "none", p: "0" }}>
          {children}
        </Container>
      </Box>
      <Toaster />
    </Flex>
  );
}
