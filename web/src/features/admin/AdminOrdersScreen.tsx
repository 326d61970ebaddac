import { useQuery } from "@apollo/client/react";
import { Button, Heading, HStack, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { useSearchParams } from "react-router-dom";
import { EmptyState } from "../../components/StateMessage";
import { AdminOrdersDocument, type OrderFulfillmentStatus } from "./gql/graphql";
import { AdminOrdersTable } from "./AdminOrdersTable";
import { AdminQueryError } from "./AdminQueryError";
import { OrderFilters, STATUS_FILTERS } from "./OrderFilters";

const PAGE_SIZE = 20;

function statusParam(value: string | null): OrderFulfillmentStatus | null {
  return STATUS_FILTERS.some((filter) => filter.value === value) ? (value as OrderFulfillmentStatus) : null;
}

/** The shop's orders, newest first: filter by status, search by number or email, page by cursor. */
export function AdminOrdersScreen() {
  const [params, setParams] = useSearchParams();
  const status = statusParam(params.get("status"));
  const search = params.get("q")?.trim() ?? "";
  // The cursors of the pages before this one (Previous goes back one); a new filter starts at page 1.
  const filterKey = `${status ?? ""}|${search}`;
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({ key: filterKey, cursors: [null] });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const after = cursors[cursors.length - 1];

  const { data, loading, error, refetch } = useQuery(AdminOrdersDocument, {
    variables: { status, search: search || null, first: PAGE_SIZE, after },
    fetchPolicy: "cache-and-network",
    ssr: false,
  });
  const connection = data?.adminOrders;

  const applyFilters = (next: { status: OrderFulfillmentStatus | null; search: string }) => {
    const query = new URLSearchParams();
    if (next.status) query.set("status", next.status);
    if (next.search.trim()) query.set("q", next.search.trim());
    setParams(query, { replace: true });
  };

  const page = cursors.length;
  const firstShown = (page - 1) * PAGE_SIZE + 1;
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Orders
        </Heading>
        {connection && (
          <Text color="fg.muted" aria-live="polite">
            {connection.totalCount === 1 ? "1 order" : `${connection.totalCount} orders`}
          </Text>
        )}
      </HStack>
      <OrderFilters key={filterKey} status={status} search={search} onChange={applyFilters} />
      {!connection && loading ? (
        <Stack gap="2" role="status" aria-label="Loading orders">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="14" borderRadius="md" />
          ))}
        </Stack>
      ) : !connection ? (
        <AdminQueryError error={error} what="orders" onRetry={() => void refetch().catch(() => undefined)} />
      ) : connection.nodes.length === 0 ? (
        <EmptyState
          title="No orders found"
          description={status || search ? "No order matches these filters." : "Paid orders show up here."}
          headingLevel="h2"
        />
      ) : (
        <>
          <AdminOrdersTable orders={connection.nodes} />
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted">
              Showing {firstShown}–{firstShown + connection.nodes.length - 1} of {connection.totalCount}
            </Text>
            <HStack as="nav" aria-label="Order pages" gap="2">
              <Button
                variant="outline"
                size="sm"
                disabled={page === 1}
                onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}
              >
                Previous
              </Button>
              <Button
                variant="outline"
                size="sm"
                disabled={!connection.pageInfo.hasNextPage || !connection.pageInfo.endCursor}
                onClick={() => setPaging({ key: filterKey, cursors: [...cursors, connection.pageInfo.endCursor] })}
              >
                Next
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Stack>
  );
}
