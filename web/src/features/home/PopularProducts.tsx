import { Box, Button, Container, Flex } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { ProductGrid, ProductGridSkeleton } from "../../components/product/ProductGrid";
import { EmptyState, ErrorState } from "../../components/StateMessage";
import { HomePopularProductsDocument } from "../../gql/graphql";
import { SectionHeading } from "./SectionHeading";

export function PopularProducts() {
  const { data, loading, error } = useQuery(HomePopularProductsDocument);
  const products = data?.featuredProducts ?? [];
  return (
    <Box as="section" aria-labelledby="home-popular" py={{ base: "12", md: "16" }} bg="bg.subtle">
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <SectionHeading id="home-popular" title="Popular Products" subtitle="The best sellers of this legislative session." />
        {error ? (
          <ErrorState title="Error loading products" description="Failed to fetch featured products" />
        ) : loading ? (
          <ProductGridSkeleton count={4} label="Loading popular products" />
        ) : products.length === 0 ? (
          <EmptyState title="No products available" />
        ) : (
          <ProductGrid products={products} action="details" />
        )}
        <Flex justify="center" mt="8">
          <Button asChild colorPalette="brand" size="lg">
            <Link to="/shop">View All Products</Link>
          </Button>
        </Flex>
      </Container>
    </Box>
  );
}
