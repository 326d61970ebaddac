import { Button, Container, Heading, HStack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { usePageMeta } from "../lib/usePageMeta";

export default function NotFoundRoute() {
  usePageMeta("Page not found", "This page doesn't exist. It may have been tabled indefinitely.", { status: 404, canonicalPath: null, noindex: true });
  return (
    <Container maxW="2xl" py={{ base: "16", md: "24" }} textAlign="center">
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="4">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted" fontSize="lg" mb="8">
        This page has been referred to a subcommittee and may never return.
      </Text>
      <HStack justify="center" gap="3" wrap="wrap">
        <Button asChild colorPalette="brand">
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/shop">Shop All Products</Link>
        </Button>
      </HStack>
    </Container>
  );
}
