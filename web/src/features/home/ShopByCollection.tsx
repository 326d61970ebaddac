import { Box, Container, SimpleGrid } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { CollectionCard, CollectionCardSkeletons } from "../../components/CollectionCard";
import { EmptyState, ErrorState } from "../../components/StateMessage";
import { HomeCollectionsDocument } from "../../gql/graphql";
import { SectionHeading } from "./SectionHeading";

// spec §2 Home: three collection cards (spec §9: three skeletons).
const HOME_COLLECTIONS = 3;

export function ShopByCollection() {
  const { data, loading, error } = useQuery(HomeCollectionsDocument);
  const collections = data?.collections.slice(0, HOME_COLLECTIONS) ?? [];
  return (
    <Box as="section" aria-labelledby="home-collections" py={{ base: "12", md: "16" }}>
      <Container maxW="7xl" px={{ base: "4", md: "6" }}>
        <SectionHeading id="home-collections" title="Shop by Collection" subtitle="Find the right vessel for your disillusionment." />
        {error ? (
          <ErrorState title="Error loading collections" description="Failed to fetch collections" />
        ) : !loading && collections.length === 0 ? (
          <EmptyState title="No collections available" description="Check back later for new collections!" />
        ) : (
          <SimpleGrid columns={{ base: 1, md: 3 }} gap="6" aria-busy={loading || undefined}>
            {loading ? <CollectionCardSkeletons count={HOME_COLLECTIONS} /> : collections.map((c, index) => <CollectionCard key={c.id} collection={c} priorityImage={index === 0} />)}
          </SimpleGrid>
        )}
      </Container>
    </Box>
  );
}
