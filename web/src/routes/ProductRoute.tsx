import { Button, Container, Grid, Heading, Stack, Text } from "@chakra-ui/react";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { useEffect, useMemo } from "react";
import { Link, useLocation, useNavigate, useParams } from "react-router-dom";
import { Breadcrumbs, type Crumb } from "../components/Breadcrumbs";
import { HydrationBoundary } from "../components/HydrationBoundary";
import { ProductGallery } from "../features/product/ProductGallery";
import { ProductPageSkeleton } from "../features/product/ProductPageSkeleton";
import { ProductPurchase } from "../features/product/ProductPurchase";
import { ProductSummary } from "../features/product/ProductSummary";
import { ProductTabs } from "../features/product/ProductTabs";
import { RelatedProducts } from "../features/product/RelatedProducts";
import { ShippingNote } from "../features/product/ShippingNote";
import { TrustBadges } from "../features/product/TrustBadges";
import { offeredOptions } from "../features/product/variantSelection";
import { useVariantParam } from "../features/product/useVariantParam";
import { ProductRouteDocument } from "../gql/graphql";
import { usePageHead, usePublicUrl } from "../lib/pageHead";
import { productHead } from "../features/product/productHead";

export default function ProductRoute() {
  const { handle = "" } = useParams();
  // A new product starts with its own default selection and quantity.
  return <ProductScreen key={handle} handle={handle} />;
}

function ProductNotFound() {
  return (
    <Container maxW="2xl" px={{ base: "4", md: "6" }} py={{ base: "16", md: "24" }} textAlign="center">
      <Heading as="h1" size="3xl" mb="4">
        Product Not Found
      </Heading>
      <Text color="fg.muted" mb="8">
        This product doesn't exist or is no longer available.
      </Text>
      <Button asChild colorPalette="brand">
        <Link to="/shop">Continue Shopping</Link>
      </Button>
    </Container>
  );
}

function ProductScreen({ handle }: { handle: string }) {
  // The shop's shipping terms ride along; a failure there must not hide the product.
  const { data, loading } = useQuery(ProductRouteDocument, { variables: { handle }, errorPolicy: "all" });
  const product = data?.product ?? null;
  const [chosenVariantId, chooseVariant] = useVariantParam();
  const { search } = useLocation();
  const navigate = useNavigate();
  const client = useApolloClient();
  // spec §4: the first variant until the shopper chooses (every choice lands on a real variant);
  // the choice is the address's ?variant=, so the gateway's page and the browser's agree on it.
  const variant = product ? (product.variants.find((v) => v.id === chosenVariantId) ?? product.variants[0] ?? null) : null;
  // Asked by a handle the product gave up: its own address is the page's (the gateway answers 301).
  const redirect = product && product.handle !== handle ? `/product/${encodeURIComponent(product.handle)}${search}` : null;
  const publicUrl = usePublicUrl();
  const head = useMemo(() => (product ? { ...productHead(product, publicUrl, variant), redirect } : null), [product, publicUrl, variant, redirect]);
  usePageHead(
    head ??
      (loading
        ? { title: null, canonicalPath: null }
        : { title: "Product Not Found", description: "This product doesn't exist or is no longer available.", status: 404, canonicalPath: null, noindex: true }),
  );

  useEffect(() => {
    if (redirect === null || !data?.product) return;
    // The answer is the product's under its own handle too: the new address shows it without asking again.
    client.writeQuery({ query: ProductRouteDocument, variables: { handle: data.product.handle }, data });
    void navigate(redirect, { replace: true });
  }, [redirect, data, client, navigate]);

  if (loading) return <ProductPageSkeleton />;
  // spec §8: a product that fails to load is shown as not found.
  if (!product) return <ProductNotFound />;

  const price = variant?.price.amount ?? product.price.amount;
  const compareAt = variant ? (variant.compareAtPrice?.amount ?? null) : (product.compareAtPrice?.amount ?? null);
  const firstCollection = product.collections[0];
  const crumbs: Crumb[] = [
    { label: "Shop", to: "/shop" },
    ...(firstCollection ? [{ label: firstCollection.title, to: `/collections/${encodeURIComponent(firstCollection.handle)}` }] : []),
    { label: product.title },
  ];

  // The gallery, the purchase column, the tabs and the related products hydrate as
  // separate pieces of work (HydrationBoundary), so hydrating the page is no single long task.
  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "6", md: "10" }}>
      <Breadcrumbs items={crumbs} />
      <Grid templateColumns={{ base: "minmax(0, 1fr)", md: "minmax(0, 1fr) minmax(0, 1fr)" }} gap={{ base: "6", md: "12" }} alignItems="start">
        <HydrationBoundary>
          <ProductGallery images={product.images} title={product.title} shownUrl={variant?.image?.url ?? null} />
        </HydrationBoundary>
        <HydrationBoundary>
          <Stack gap="6">
            <ProductSummary title={product.title} tags={product.tags} fulfillmentPartner={product.fulfillmentPartner} price={price} compareAt={compareAt} />
            <ProductPurchase
              title={product.title}
              image={variant?.image?.url ?? product.images[0]?.url ?? ""}
              options={product.options}
              variants={product.variants}
              selectedVariant={variant}
              onSelectVariant={(chosen) => chooseVariant(chosen.id)}
            />
            <TrustBadges />
            <ShippingNote freeShipping={data?.shop?.freeShipping ?? null} />
          </Stack>
        </HydrationBoundary>
      </Grid>
      <HydrationBoundary>
        <ProductTabs
          descriptionHtml={product.description}
          fulfillmentPartner={product.fulfillmentPartner}
          options={offeredOptions(product.options, product.variants)}
        />
      </HydrationBoundary>
      <HydrationBoundary>
        <RelatedProducts handle={product.handle} />
      </HydrationBoundary>
    </Container>
  );
}
