import { AspectRatio, Box, Button, Container, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { ON_NAVY } from "../../theme/onNavy";
import { ProductImage } from "../../components/ProductImage";
import { HomePopularProductsDocument } from "../../gql/graphql";

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
      <Container
        maxW="7xl"
        px={{ base: "4", md: "6" }}
        py={{ base: "14", md: "24" }}
        position="relative"
        display={{ lg: "grid" }}
        gridTemplateColumns={{ lg: "minmax(0, 1fr) 18rem", xl: "minmax(0, 1fr) 24rem" }}
        gap="12"
        alignItems="center"
      >
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
        <BestSellerCollage />
      </Container>
    </Box>
  );
}

/**
 * The best sellers' pictures beside the text on wide screens (Popular Products' query: no request
 * of its own). Decoration for the eye: the same products, named and linked, follow in Popular
 * Products, so the collage is hidden from screen readers and the keyboard, and a click on a picture
 * still opens its product. Not displayed below lg, where its lazy images are never fetched; each
 * tile is smaller than the heading, which stays the page's largest paint. Four places of a fixed
 * size whether or not the products have arrived, so nothing moves when they do.
 */
function BestSellerCollage() {
  const products = useQuery(HomePopularProductsDocument).data?.featuredProducts ?? [];
  return (
    <Box
      aria-hidden="true"
      display={{ base: "none", lg: "grid" }}
      gridTemplateColumns="1fr 1fr"
      gap={{ lg: "4", xl: "6" }}
      // Into the hero's padding, so the section is hardly taller than its text.
      marginBlock="-10"
      css={{
        "& > *": { bg: "white", borderWidth: "6px", borderColor: "white", borderRadius: "lg", boxShadow: "0 12px 28px rgba(0, 0, 0, 0.45)", rotate: "-4deg" },
        // The right column a little lower and tilted the other way: pinned up, not filed.
        // nth-of-type: Emotion warns (a console error) that nth-child can count its server-rendered style tags.
        "& > :nth-of-type(even)": { translate: "0 1.5rem", rotate: "3deg" },
      }}
    >
      {[0, 1, 2, 3].map((index) => {
        const product = products[index];
        return (
          <AspectRatio key={index} ratio={1}>
            {product ? (
              <Link to={`/product/${encodeURIComponent(product.handle)}`} tabIndex={-1}>
                <ProductImage
                  src={product.featuredImage?.url}
                  srcSet={product.featuredImage?.srcSet}
                  sizes="(min-width: 80em) 11rem, 8rem"
                  alt=""
                  htmlWidth={176}
                  htmlHeight={176}
                  boxSize="full"
                  objectFit="cover"
                  borderRadius="md"
                  fetchPriority="low"
                />
              </Link>
            ) : (
              <Box bg="brand.800" />
            )}
          </AspectRatio>
        );
      })}
    </Box>
  );
}
