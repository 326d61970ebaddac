import { Button, Container, Heading, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Pagination } from "../components/Pagination";
import { ProductGrid, ProductGridSkeleton } from "../components/product/ProductGrid";
import { EmptyState, ErrorState } from "../components/StateMessage";
import { ShopToolbar } from "../features/shop/ShopToolbar";
import { parseShopParams, shopHref } from "../features/shop/shopParams";
import { shopVariables } from "../features/shop/shopVariables";
import { ShopRouteDocument } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";

// spec §9: eight skeleton cards on the shop.
const SHOP_SKELETONS = 8;

export default function ShopRoute() {
  const [query] = useSearchParams();
  const params = parseShopParams(query);
  const navigate = useNavigate();
  // Every order and search of the list is the same page to a search engine; its pages are not.
  usePageMeta(params.search ? `Search: ${params.search}` : "Shop", "Shop political-satire t-shirts, mugs, hats, accessories and home goods.", {
    canonicalPath: shopHref({ page: params.page }),
  });

  const { data, loading, error } = useQuery(ShopRouteDocument, { variables: shopVariables(params) });
  const products = data?.products.products ?? [];
  const pageInfo = data?.products.pageInfo;

  const clear = () => navigate("/shop");

  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="6">
        Shop Political Satire
      </Heading>
      <ShopToolbar
        params={params}
        // spec §4: a new search starts again at page 1, and so does a new sort.
        onSearch={(search) => navigate(shopHref({ ...params, search, page: 1 }))}
        onSort={(sort) => navigate(shopHref({ ...params, sort, page: 1 }))}
        onClear={clear}
      />
      <Text aria-live="polite" color="fg.muted" fontSize="sm" mb="4" minHeight="5">
        {pageInfo && !loading && pageInfo.totalCount > 0
          ? `${pageInfo.totalCount} ${pageInfo.totalCount === 1 ? "product" : "products"}${params.search ? ` for “${params.search}”` : ""}`
          : ""}
      </Text>
      {error ? (
        <ErrorState title="Error loading products" description="Failed to fetch products" headingLevel="h2" />
      ) : loading ? (
        <ProductGridSkeleton count={SHOP_SKELETONS} />
      ) : products.length === 0 ? (
        <EmptyState title="No products found" description={params.search ? `Nothing matches “${params.search}”.` : undefined} headingLevel="h2">
          <Button colorPalette="brand" onClick={clear}>
            Clear Filters
          </Button>
        </EmptyState>
      ) : (
        <>
          <ProductGrid products={products} headingLevel="h2" eagerImages={2} />
          {pageInfo && <Pagination currentPage={params.page} totalPages={pageInfo.totalPages} hrefFor={(page) => shopHref({ ...params, page })} />}
        </>
      )}
    </Container>
  );
}
