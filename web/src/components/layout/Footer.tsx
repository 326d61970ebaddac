import { Box, Container, Heading, Link as ChakraLink, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { keptPart } from "../../lib/serverFragments";
import { SHOP_NAME } from "../../lib/usePageMeta";
import { ON_NAVY } from "../../theme/onNavy";

// spec §2: every footer link.
const FOOTER_COLUMNS = [
  {
    title: "Shop",
    links: [
      { to: "/shop", label: "All Products" },
      { to: "/collections", label: "All Collections" },
      { to: "/collections/t-shirts", label: "T-Shirts" },
      { to: "/collections/mugs", label: "Mugs" },
      { to: "/collections/hats", label: "Hats" },
      { to: "/collections/accessories", label: "Accessories" },
      { to: "/collections/new-arrivals", label: "New Arrivals" },
    ],
  },
  {
    title: "Help",
    links: [
      { to: "/contact", label: "Contact Us" },
      { to: "/shipping", label: "Shipping Info" },
      { to: "/returns", label: "Returns" },
      { to: "/faq", label: "FAQ" },
      { to: "/track", label: "Track Your Order" },
    ],
  },
  {
    title: "Company",
    links: [
      { to: "/about", label: "About Us" },
      { to: "/content-policy", label: "Content Policy" },
      { to: "/disclaimer", label: "Satire Disclaimer" },
    ],
  },
  {
    title: "Legal",
    links: [
      { to: "/terms", label: "Terms of Service" },
      { to: "/privacy", label: "Privacy Policy" },
    ],
  },
];

function FooterMarkup() {
  return (
    <Box as="footer" bg="brand.900" color="gray.100" css={ON_NAVY}>
      <Container maxW="7xl" px={{ base: "4", md: "6" }} py="12">
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="8">
          <Stack gap="3" gridColumn={{ base: "span 2", md: "span 1" }}>
            <Text fontFamily="heading" fontSize="xl" fontWeight="bold" color="white">
              {SHOP_NAME}
            </Text>
            <Text fontSize="sm" color="gray.300">
              Political satire, printed on demand. Every item is made when you order it, so nothing gathers dust in a warehouse, unlike most bills.
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Box as="nav" key={column.title} aria-label={`${column.title} links`}>
              <Heading as="h2" size="sm" color="white" mb="3" fontFamily="body" textTransform="uppercase" letterSpacing="wider">
                {column.title}
              </Heading>
              <Stack as="ul" listStyleType="none" gap="2">
                {column.links.map((link) => (
                  <li key={link.to}>
                    <ChakraLink asChild color="gray.300" fontSize="sm" _hover={{ color: "white" }}>
                      <Link to={link.to}>{link.label}</Link>
                    </ChakraLink>
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
        {/* One text node: React marks the seams between adjacent ones with <!-- --> in the HTML. */}
        <Text mt="10" pt="6" borderTopWidth="1px" borderColor="whiteAlpha.300" fontSize="xs" color="gray.400">
          {`© ${new Date().getFullYear()} ${SHOP_NAME} All designs are satire and parody: they comment on politics and politicians, and are not endorsed by or affiliated with any government, party or public figure.`}
        </Text>
      </Container>
    </Box>
  );
}

/** The shop's footer; on the gateway, written from markup kept once per year (it shows the year). */
export const Footer = import.meta.env.SSR ? keptPart("footer", FooterMarkup, () => new Date().getFullYear()) : FooterMarkup;
