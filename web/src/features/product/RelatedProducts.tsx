import { Box, Heading, SimpleGrid, Skeleton, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useDeferredValue } from "react";
import { PRODUCT_GRID_COLUMNS, ProductGrid } from "../../components/product/ProductGrid";
import { RelatedProductsDocument } from "../../gql/graphql";
import { useHydrationDone } from "../../lib/hydration";

const NONE: never[] = [];

/**
 * spec §2: "You Might Also Like", four skeletons while loading; a failure reads as no related products (spec §7).
 *
 * Asked for once the page has hydrated, not rendered by the gateway. The section is below
 * the fold on every screen, and its four cards (photos' alt text, badges, Add to Cart bars, their
 * CSS and their data) were ~1.3 kB of the product page's brotli HTML, which pushed the page past
 * TCP's first round trip. The gateway's page holds the heading and the skeleton grid, which keeps
 * the cards' place; without JavaScript the section is not shown at all (`scripting: none`), since
 * it would never fill in. The cards are links to other products, which the shop, the collections
 * and /sitemap.xml list for crawlers.
 */
export function RelatedProducts({ handle }: { handle: string }) {
  const hydrated = useHydrationDone();
  const { data, loading } = useQuery(RelatedProductsDocument, { variables: { handle }, skip: !hydrated });
  // The four cards are rendered as deferred (interruptible) work: Apollo's answer arrives as an
  // urgent update, which rendered them in one task of ~28 ms unthrottled (×4 on Lighthouse's phone,
  // most of it counted as blocking time); deferred, React yields to the browser as it goes.
  const products = useDeferredValue(hydrated && !loading ? (data?.relatedProducts ?? NONE) : null);
  return (
    <Box as="section" aria-labelledby="related-title" mt={{ base: "12", md: "16" }} css={{ "@media (scripting: none)": { display: "none" } }}>
      <Heading as="h2" id="related-title" size={{ base: "xl", md: "2xl" }} mb="6">
        You Might Also Like
      </Heading>
      {products === null ? (
        <RelatedSkeletons />
      ) : products.length === 0 ? (
        <Text color="fg.muted">No related products available</Text>
      ) : (
        <ProductGrid products={products} />
      )}
    </Box>
  );
}

/**
 * spec §2's four skeletons, one element each (one class for the four: they are in every
 * product page's HTML), each as tall as a card with a two-line title: its square photo, then the
 * card's body (91 px on phones, 97 px from `md` on, where the title's font is larger; measured in
 * Chromium at 390, 768 and 1280 px), so the cards take their place without moving what follows.
 */
function RelatedSkeletons() {
  return (
    <SimpleGrid columns={PRODUCT_GRID_COLUMNS} gap={{ base: "3", md: "6" }} aria-busy="true" aria-label="Loading related products" role="status">
      {Array.from({ length: 4 }, (_, i) => (
        <Skeleton key={i} height="auto" borderRadius="l3" pb={{ base: "calc(100% + 91px)", md: "calc(100% + 97px)" }} data-testid="product-skeleton" />
      ))}
    </SimpleGrid>
  );
}
