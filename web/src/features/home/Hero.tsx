import { Box, Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { ON_NAVY } from "../../theme/onNavy";

export function Hero() {
  return (
    <Box as="section" aria-labelledby="hero-title" bg="brand.900" color="white" position="relative" overflow="hidden" css={ON_NAVY}>
      <Box
        aria-hidden="true"
        position="absolute"
        inset="0"
        opacity="0.12"
        css={{
          backgroundImage: "repeating-linear-gradient(135deg, #ffffff 0 2px, transparent 2px 28px)",
        }}
      />
      <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "14", md: "24" }} position="relative">
        <Stack gap="6" maxW="2xl">
          <Text textTransform="uppercase" letterSpacing="widest" fontSize="sm" fontWeight="bold" color="red.300">
            Now in session
          </Text>
          <Heading as="h1" id="hero-title" fontSize={{ base: "4xl", md: "6xl" }} lineHeight="1.05" fontWeight="bold">
            Merch for people who read the minutes.
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="gray.200">
            T-shirts, mugs, hats and home goods that poke fun at committees, filibusters and red tape. Printed on demand, passed unanimously.
          </Text>
          <HStack gap="3" wrap="wrap">
            <Button asChild size="lg" bg="red.600" color="white" _hover={{ bg: "red.700" }}>
              <Link to="/shop">Shop Now</Link>
            </Button>
            <Button asChild size="lg" variant="outline" color="white" borderColor="whiteAlpha.600" _hover={{ bg: "whiteAlpha.200" }}>
              <Link to="/collections">Browse Collections</Link>
            </Button>
          </HStack>
        </Stack>
      </Container>
    </Box>
  );
}
