import { Box, Center, Flex, Link as ChakraLink, Spinner } from "@chakra-ui/react";
import { Suspense, useEffect, useRef } from "react";
import { Outlet, useLocation, useNavigationType } from "react-router-dom";
import { Toaster } from "../ui/toaster";
import { HydrationBoundary } from "../HydrationBoundary";
import { Footer } from "./Footer";
import { Header, type HeaderSlots } from "./Header";

/**
 * A new screen starts at the top; Back/Forward keep the browser's own position, and so does a
 * screen noting its state in its own address (a replace that changes only the query: the product
 * page's chosen variant, the dashboard's tab, the studio's meme).
 */
function ScrollToTop() {
  const { pathname, search } = useLocation();
  const navigationType = useNavigationType();
  const shownPath = useRef(pathname);
  useEffect(() => {
    const samePath = shownPath.current === pathname;
    shownPath.current = pathname;
    if (navigationType === "POP" || (navigationType === "REPLACE" && samePath)) return;
    window.scrollTo(0, 0);
  }, [pathname, search, navigationType]);
  return null;
}

/**
 * What shows while a screen's chunk loads: the screen under the header (64 px), so the footer waits
 * out of view and is not pushed down when the screen comes (a page the browser renders itself).
 */
export function RouteFallback() {
  return (
    <Center py="24" minHeight="calc(100dvh - 4rem)" alignItems="start">
      <Spinner size="lg" color="brand.solid" aria-label="Loading page" />
    </Center>
  );
}

/** The shop's frame around every screen but the admin; the header's slots come from the route table. */
export function AppShell({ account, cart, menuAccount }: HeaderSlots) {
  return (
    <Flex direction="column" minHeight="100dvh">
      <ChakraLink
        href="#main"
        position="absolute"
        left="2"
        top="-12"
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
      <ScrollToTop />
      <HydrationBoundary>
        <Header account={account} cart={cart} menuAccount={menuAccount} />
      </HydrationBoundary>
      <Box as="main" id="main" tabIndex={-1} flex="1" outline="none">
        <Suspense fallback={<RouteFallback />}>
          <Outlet />
        </Suspense>
      </Box>
      <HydrationBoundary>
        <Footer />
      </HydrationBoundary>
      <Toaster />
    </Flex>
  );
}
