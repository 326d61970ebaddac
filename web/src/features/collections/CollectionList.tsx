import { Container, Heading, SimpleGrid, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { CollectionCard, CollectionCardSkeletons } from "../../components/CollectionCard";
import { EmptyState, ErrorState } from "../../components/StateMessage";
import { CollectionsRouteDocument } from "../../gql/graphql";
import { usePageMeta } from "../../lib/usePageMeta";

export function CollectionList() {
  const { data, loading, error } = useQuery(CollectionsRouteDocument);
  const collections = data?.collections ?? [];
  // The first collection's banner is the largest thing in view (on a phone, the only card in it):
  // the gateway's page fetches it early, and its image is fetched at once, first.
  usePageMeta("Collections", "Browse every collection: t-shirts, mugs, hats, accessories, home goods and new arrivals.", {
    preloadImage: collections[0]?.image?.url ?? null,
  });
  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="2">
        Shop By Collection
      </Heading>
      <Text color="fg.muted" mb="8">
        Every department of the Ministry of Merchandise, in one place.
      </Text>
      {error ? (
        <ErrorState title="Error loading collections" description="Failed to fetch collections" headingLevel="h2" />
      ) : !loading && collections.length === 0 ? (
        <EmptyState title="No collections available at the moment." description="Check back later for new collections!" headingLevel="h2" />
      ) : (
        <SimpleGrid as="ul" listStyleType="none" columns={{ base: 1, sm: 2, lg: 3 }} gap="6" aria-busy={loading || undefined}>
          {loading ? (
            <CollectionCardSkeletons count={3} />
          ) : (
            collections.map((c, index) => (
              <li key={c.id}>
                <CollectionCard collection={c} headingLevel="h2" priorityImage={index === 0} />
              </li>
            ))
          )}
        </SimpleGrid>
      )}
    </Container>
  );
}
