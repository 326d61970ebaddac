import { Button, HStack, Image, Box, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { X } from "lucide-react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { notify } from "../../../components/ui/toaster";
import type { AdminCollectionProducts_ListFragment } from "../gql/graphql";
import { formatMoney } from "../adminFormat";
import { Panel } from "../Panel";
import { ProductStatusBadge } from "../products/ProductStatusBadge";
import { ProductPicker } from "./ProductPicker";
import { SortableList } from "./SortableList";
import type { useCollectionProducts } from "./useCollectionMutations";

type Products = AdminCollectionProducts_ListFragment;
type Product = Products["nodes"][number];

interface CollectionProductsPanelProps {
  title: string;
  products: Products;
  actions: ReturnType<typeof useCollectionProducts>;
  onPage(page: number): void;
}

/**
 * The products of a collection in the order shoppers see them (drafts and archived ones listed,
 * marked, and left out of the shop), a page at a time: added with the picker (at the end), moved
 * one place at a time, by dragging or by keyboard (to a place anywhere in the page), and removed.
 */
export function CollectionProductsPanel({ title, products, actions, onPage }: CollectionProductsPanelProps) {
  const firstPlace = (products.page - 1) * products.pageSize + 1;

  const report = (what: string, done: { ok: boolean; errors?: readonly { message: string }[] }) => {
    if (!done.ok) notify({ title: `Couldn't ${what}`, description: done.errors?.[0]?.message, type: "error" });
  };
  const add = async (productId: string, productTitle: string) => {
    const done = await actions.add([productId]);
    report("add the product", done);
    if (done.ok) notify({ title: "Added to the collection", description: productTitle, type: "success" });
  };

  return (
    <Panel title={`Products (${products.totalCount})`} id="collection-products">
      <ProductPicker busy={actions.busy} onAdd={(id, productTitle) => void add(id, productTitle)} />
      {products.totalCount === 0 ? (
        <EmptyState title="No products in this collection yet." description="Shoppers see this too. Find products above and add them." headingLevel="h3" />
      ) : (
        <Stack gap="3">
          <SortableList
            items={products.nodes.map((p) => ({ ...p, label: p.title }))}
            firstPlace={firstPlace}
            total={products.totalCount}
            busy={actions.busy}
            label={`Products of ${title}, in order`}
            onMove={(product, place) => void actions.move(product.id, place).then((done) => report("move the product", done))}
            actions={(product) => (
              <Button size="xs" variant="outline" colorPalette="red" disabled={actions.busy} onClick={() => void actions.remove([product.id]).then((done) => report("remove the product", done))} aria-label={`Remove ${product.title} from the collection`}>
                <X aria-hidden="true" /> Remove
              </Button>
            )}
          >
            {(product) => <ProductRow product={product} />}
          </SortableList>
          {products.totalPages > 1 && (
            <HStack justify="space-between" wrap="wrap" gap="3">
              <Text fontSize="sm" color="fg.muted">
                Showing {firstPlace}–{firstPlace + products.nodes.length - 1} of {products.totalCount}
              </Text>
              <HStack as="nav" aria-label="Pages of the collection's products" gap="2">
                <Button variant="outline" size="sm" disabled={products.page <= 1} onClick={() => onPage(products.page - 1)}>
                  Previous
                </Button>
                <Text fontSize="sm" aria-current="page">
                  Page {products.page} of {products.totalPages}
                </Text>
                <Button variant="outline" size="sm" disabled={products.page >= products.totalPages} onClick={() => onPage(products.page + 1)}>
                  Next
                </Button>
              </HStack>
            </HStack>
          )}
        </Stack>
      )}
    </Panel>
  );
}

function ProductRow({ product }: { product: Product }) {
  return (
    <HStack gap="3" minW="0">
      <Box width="10" height="10" flexShrink={0} borderRadius="sm" overflow="hidden" bg="bg.muted">
        {product.thumbnailUrl && <Image src={product.thumbnailUrl} alt="" width="10" height="10" objectFit="cover" />}
      </Box>
      <Stack gap="0.5" minW="0">
        <ChakraLink asChild fontWeight="medium" color="fg" fontSize="sm">
          <Link to={`/admin/products/${product.id}`}>{product.title}</Link>
        </ChakraLink>
        <HStack gap="2" wrap="wrap">
          <Text fontSize="xs" color="fg.muted">
            {product.position}. {formatMoney({ amount: product.price, currencyCode: "USD" })}
          </Text>
          {product.status !== "ACTIVE" && <ProductStatusBadge status={product.status} />}
        </HStack>
      </Stack>
    </HStack>
  );
}
