import { useQuery } from "@apollo/client/react";
import { Button, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { CirclePlus } from "lucide-react";
import { useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { AdminProductsDocument, type ProductStatus } from "../gql/graphql";
import { AdminQueryError } from "../AdminQueryError";
import { BulkActions } from "./BulkActions";
import { ProductFilters } from "./ProductFilters";
import { statusParam } from "./productStatus";
import { ProductsTable } from "./ProductsTable";

const PAGE_SIZE = 20;

function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function AddProductButton() {
  return (
    <Button asChild colorPalette="brand">
      <Link to="/admin/products/new">
        <CirclePlus aria-hidden="true" /> Add product
      </Link>
    </Button>
  );
}

/**
 * The shop's products in every status, most recently changed first: filter by status, search, page by
 * number. All three are in the address (/admin/products?status=ACTIVE&q=mug&page=2), so a view can be
 * bookmarked or shared, and Back returns to it from a product.
 */
export function ProductsScreen({ canChangeInBulk = false }: { canChangeInBulk?: boolean }) {
  const [params, setParams] = useSearchParams();
  // Ticked products (owners), kept while paging and filtering, so a selection can span pages.
  const [selected, setSelected] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = (ids: string[], checked: boolean) =>
    setSelected((current) => {
      const next = new Set(current);
      for (const id of ids) {
        if (checked) next.add(id);
        else next.delete(id);
      }
      return next;
    });
  const status = statusParam(params.get("status"));
  const search = params.get("q")?.trim() ?? "";
  const page = pageParam(params.get("page"));

  const { data, loading, error, refetch } = useQuery(AdminProductsDocument, {
    variables: { status, search: search || null, page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
    ssr: false,
  });
  const list = data?.adminProducts;

  const show = (next: { status: ProductStatus | null; search: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.status) query.set("status", next.status);
    if (next.search.trim()) query.set("q", next.search.trim());
    if (next.page && next.page > 1) query.set("page", String(next.page));
    setParams(query, { replace: next.page === undefined });
  };

  const firstShown = list ? (list.page - 1) * list.pageSize + 1 : 0;
  const searchAddress = new URLSearchParams({ by: "search", ...(search ? { q: search } : {}), ...(status ? { status } : {}) });
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack gap="3" align="baseline" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            Products
          </Heading>
          {list && (
            <Text color="fg.muted" aria-live="polite">
              {list.totalCount === 1 ? "1 product" : `${list.totalCount} products`}
            </Text>
          )}
        </HStack>
        <AddProductButton />
      </HStack>
      <ProductFilters key={`${status ?? ""}|${search}`} status={status} search={search} onChange={show} />
      {!list && loading ? (
        <Stack gap="2" role="status" aria-label="Loading products">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="16" borderRadius="md" />
          ))}
        </Stack>
      ) : !list ? (
        <AdminQueryError error={error} what="products" onRetry={() => void refetch().catch(() => undefined)} />
      ) : list.nodes.length === 0 ? (
        status || search || page > 1 ? (
          <EmptyState title="No products found" description="No product matches these filters." headingLevel="h2" />
        ) : (
          <EmptyState title="No products yet" description="Add the shop's first product: it stays a draft until you make it active." headingLevel="h2">
            <AddProductButton />
          </EmptyState>
        )
      ) : (
        <>
          {canChangeInBulk && (
            <BulkActions
              selectedIds={[...selected]}
              allFound={{ count: list.totalCount, address: `/admin/prices?${searchAddress.toString()}` }}
              onClear={() => setSelected(new Set())}
              onDone={() => {
                setSelected(new Set());
                void refetch().catch(() => undefined);
              }}
            />
          )}
          <ProductsTable products={list.nodes} selection={canChangeInBulk ? { selected, onToggle: toggle } : undefined} />
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted">
              Showing {firstShown}–{firstShown + list.nodes.length - 1} of {list.totalCount}
            </Text>
            <HStack as="nav" aria-label="Product pages" gap="2">
              <Button variant="outline" size="sm" disabled={list.page <= 1} onClick={() => show({ status, search, page: list.page - 1 })}>
                Previous
              </Button>
              <Text fontSize="sm" aria-current="page">
                Page {list.page} of {list.totalPages}
              </Text>
              <Button variant="outline" size="sm" disabled={list.page >= list.totalPages} onClick={() => show({ status, search, page: list.page + 1 })}>
                Next
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Stack>
  );
}
