import { Button, Container, Heading, Skeleton, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { Link } from "react-router-dom";
import { Breadcrumbs } from "../../components/Breadcrumbs";
import { ProductGrid, ProductGridSkeleton } from "../../components/product/ProductGrid";
import { EmptyState } from "../../components/StateMessage";
import { CollectionRouteDocument } from "../../gql/graphql";
import { usePageHead, usePublicUrl } from "../../lib/pageHead";
import { breadcrumbList } from "../product/productHead";

export function CollectionDetail({ handle }: { handle: string }) {
  const { data, loading, error } = useQuery(CollectionRouteDocument, { variables: { handle } });
  const collection = data?.collection ?? null;
  const notFound = !loading && (error || !collection);
  const publicUrl = usePublicUrl();
  const path = `/collections/${encodeURIComponent(handle)}`;
  usePageHead(
    collection
      ? {
          title: collection.title,
          description: collection.description,
          canonicalPath: path,
          jsonLd: [
            breadcrumbList(
              [
                { name: "Collections", path: "/collections" },
                { name: collection.title, path },
              ],
              publicUrl,
            ),
          ],
        }
      : notFound
        ? { title: "Collection Not Found", status: 404, canonicalPath: null, noindex: true }
        : { title: "Collections", canonicalPath: null },
  );

  if (loading) {
    return (
      <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
        <Skeleton height="4" width="40" mb="6" />
        <Skeleton height="10" width="64" mb="3" />
        <Skeleton height="5" maxWidth="xl" mb="8" />
        <ProductGridSkeleton count={8} />
      </Container>
    );
  }

  // spec §8: a collection that fails to load is shown as not found.
  if (notFound || !collection) {
    return (
      <Container maxW="2xl" px={{ base: "4", md: "6" }} py={{ base: "16", md: "24" }} textAlign="center">
        <Heading as="h1" size="3xl" mb="4">
          Collection Not Found
        </Heading>
        <Text color="fg.muted" mb="8">
          The collection you're looking for doesn't exist or isn't available.
        </Text>
        <Button asChild colorPalette="brand">
          <Link to="/collections">View All Collections</Link>
        </Button>
      </Container>
    );
  }

  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Breadcrumbs items={[{ label: "Collections", to: "/collections" }, { label: collection.title }]} />
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="3">
        {collection.title}
      </Heading>
      {collection.description && (
        <Text color="fg.muted" fontSize="lg" maxW="3xl" mb="8">
          {collection.description}
        </Text>
      )}
      {collection.products.length === 0 ? (
        <EmptyState title="No products in this collection yet." headingLevel="h2">
          <Button asChild colorPalette="brand">
            <Link to="/collections">Browse Other Collections</Link>
          </Button>
        </EmptyState>
      ) : (
        <ProductGrid products={collection.products} headingLevel="h2" eagerImages={2} />
      )}
    </Container>
  );
}
