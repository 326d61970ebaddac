import { useQuery } from "@apollo/client/react";
import { Box, Button, Heading, HStack, Link as ChakraLink, Skeleton, Stack } from "@chakra-ui/react";
import { ArrowLeft, ExternalLink } from "lucide-react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { AdminProductDocument, type AdminProductEditor_ProductFragment } from "../gql/graphql";
import { AdminQueryError } from "../AdminQueryError";
import { ProductForm } from "./ProductForm";
import { ProductStatusBadge } from "./ProductStatusBadge";

function BackToProducts() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="start" ms="-2">
      <Link to="/admin/products">
        <ArrowLeft aria-hidden="true" /> All products
      </Link>
    </Button>
  );
}

function EditorHeading({ product }: { product: AdminProductEditor_ProductFragment | null }) {
  return (
    <Stack gap="2">
      <BackToProducts />
      <HStack gap="3" wrap="wrap">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }} wordBreak="break-word">
          {product ? product.title : "Add product"}
        </Heading>
        {product && <ProductStatusBadge status={product.status} />}
        {product?.onlineStorePath && (
          <ChakraLink href={product.onlineStorePath} target="_blank" rel="noopener noreferrer" color="brand.fg" fontSize="sm">
            View in shop <ExternalLink size={14} aria-hidden="true" />
            <Box as="span" srOnly>
              (opens in a new tab)
            </Box>
          </ChakraLink>
        )}
      </HStack>
    </Stack>
  );
}

/** A product's editor (`id`), or a new product's (`id` null). */
export function ProductEditorScreen({ id }: { id: string | null }) {
  const { data, loading, error, refetch } = useQuery(AdminProductDocument, {
    variables: { id: id ?? "" },
    skip: id === null,
    fetchPolicy: "cache-and-network",
    ssr: false,
  });
  if (id === null) {
    return (
      <Stack gap="5">
        <EditorHeading product={null} />
        <ProductForm product={null} />
      </Stack>
    );
  }
  const product = data?.adminProduct;
  if (product) {
    return (
      <Stack gap="5">
        <EditorHeading product={product} />
        <ProductForm key={product.id} product={product} />
      </Stack>
    );
  }
  if (loading && !data) {
    return (
      <Stack gap="4" role="status" aria-label="Loading product">
        <Skeleton height="8" width="64" />
        <Skeleton height="64" />
        <Skeleton height="40" />
      </Stack>
    );
  }
  if (error && !data) return <AdminQueryError error={error} what="this product" onRetry={() => void refetch().catch(() => undefined)} />;
  return (
    <Box>
      <BackToProducts />
      <EmptyState title="Product not found" description="No product has this id: it may have been deleted." headingLevel="h2" />
    </Box>
  );
}
