import { Box, Heading, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { ProductGrid, ProductGridSkeleton } from "../../components/product/ProductGrid";
import { RelatedProductsDocument } from "../../gql/graphql";

/** spec §2: "You Might Also Like", four skeletons while loading; a failure reads as no related products (spec §7). */
export function RelatedProducts({ handle }: { handle: string }) {
  const { data, loading } = useQuery(RelatedProductsDocument, { variables: { handle } });
  const products = data?.relatedProducts ?? [];
  return (
    <Box as="section" aria-labelledby="related-title" mt={{ base: "12", md: "16" }}>
      <Heading as="h2" id="related-title" size={{ base: "xl", md: "2xl" }} mb="6">
        You Might Also Like
      </Heading>
      {loading ? (
        <ProductGridSkeleton count={4} label="Loading related products" />
      ) : products.length === 0 ? (
        <Text color="fg.muted">No related products available</Text>
      ) : (
        <ProductGrid products={products} />
      )}
    </Box>
  );
}
