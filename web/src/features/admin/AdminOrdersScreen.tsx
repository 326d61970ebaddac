import { useMutation, useQuery } from "@apollo/client/react";
import { Button, Heading, HStack, Link as ChakraLink, Skeleton, Stack, Text } from "@chakra-ui/react";
import { FileDown, PackageOpen, Printer, Truck, Upload } from "lucide-react";
import { useMemo, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { EmptyState } from "../../components/StateMessage";
import { notify } from "../../components/ui/toaster";
import { AdminOrdersDocument, OrdersStartFulfillmentDocument, type AdminOrderRow_OrderFragment } from "./gql/graphql";
import { AdminOrdersTable } from "./AdminOrdersTable";
import { AdminQueryError } from "./AdminQueryError";
import { OrderListToolbar } from "./orders/OrderListToolbar";
import { OrderViewTabs } from "./orders/OrderViewTabs";
import { orderListVariables, readOrderListParams, sortInForce, writeOrderListParams, type OrderListParams } from "./orders/orderListParams";
import { ShipOrdersDialog } from "./orders/ShipOrdersDialog";
import { useOrderListKeys } from "./orders/useOrderListKeys";
import { forgetOrderLists } from "./useOrderActions";
import { ordersCsvHref } from "./shipping/ordersSelection";
import { UNREACHABLE } from "./useStaffSession";

const PAGE_SIZE = 20;

const SHIPPABLE = new Set(["UNFULFILLED", "IN_PROGRESS"]);

/** The most orders the gateway changes, prints or exports at once (its ADMIN_ORDERS_BY_IDS_MAX). */
const SELECTION_MAX = 100;

/**
 * The shop's orders: To ship (the default: what has waited longest first), every order, or one
 * status, each tab with its count; searched, dated and sorted, all in the address. Orders are
 * selected and shipped, started, printed or exported together; the keyboard moves through the
 * list (j/k, Enter, x to select, s to ship the selection, / to search).
 */
export function AdminOrdersScreen() {
  const [params, setParams] = useSearchParams();
  const list = readOrderListParams(params);
  const variables = orderListVariables(list);
  // The cursors of the pages before this one (Previous goes back one); a new filter starts at page 1.
  const filterKey = JSON.stringify(variables);
  const [paging, setPaging] = useState<{ key: string; cursors: (string | null)[] }>({ key: filterKey, cursors: [null] });
  const cursors = paging.key === filterKey ? paging.cursors : [null];
  const after = cursors[cursors.length - 1];

  const { data: current, previousData, loading, error, refetch } = useQuery(AdminOrdersDocument, {
    variables: { ...variables, first: PAGE_SIZE, after },
    fetchPolicy: "cache-and-network",
    ssr: false,
  });
  // While another list loads, the one on screen stays (no skeleton between two searches).
  const data = current ?? (loading ? previousData : undefined);
  const connection = data?.adminOrders;
  const counts = data?.adminOrderCounts ?? null;

  // The selection, kept across pages of one list (a new list starts with none).
  const [selection, setSelection] = useState<{ key: string; orders: Map<string, AdminOrderRow_OrderFragment> }>({ key: filterKey, orders: new Map() });
  const selected = useMemo(() => (selection.key === filterKey ? selection.orders : new Map<string, AdminOrderRow_OrderFragment>()), [selection, filterKey]);
  const setSelected = (change: (orders: Map<string, AdminOrderRow_OrderFragment>) => void) =>
    setSelection((previous) => {
      const next = new Map(previous.key === filterKey ? previous.orders : []);
      change(next);
      return { key: filterKey, orders: next };
    });
  const selectedIds = useMemo(() => new Set(selected.keys()), [selected]);
  const toShip = [...selected.values()].filter((o) => SHIPPABLE.has(o.fulfillmentStatus));
  const [shipping, setShipping] = useState(false);

  const apply = (next: OrderListParams) => setParams(writeOrderListParams(next), { replace: true });
  const searchRef = useRef<HTMLInputElement>(null);
  const nodes = connection?.nodes ?? [];
  const keys = useOrderListKeys({
    count: nodes.length,
    searchRef,
    onToggle: (index) => {
      const order = nodes[index];
      if (order) setSelected((orders) => (orders.has(order.id) ? orders.delete(order.id) : orders.set(order.id, order)));
    },
    onShip: () => toShip.length > 0 && selected.size <= SELECTION_MAX && setShipping(true),
    disabled: shipping,
  });

  const everythingShipped = list.tab === "TO_SHIP" && !list.search && !list.from && !list.to && !list.productId && !list.printJobFailed;
  const page = cursors.length;
  const firstShown = (page - 1) * PAGE_SIZE + 1;
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="baseline" wrap="wrap" gap="2">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
          Orders
        </Heading>
        <HStack gap="4" wrap="wrap">
          {connection && (
            <Text color="fg.muted" aria-live="polite">
              {connection.totalCount === 1 ? "1 order" : `${connection.totalCount} orders`}
            </Text>
          )}
          <ChakraLink asChild color="brand.fg" fontWeight="medium">
            <Link to="/admin/orders/import-tracking">
              <Upload size={16} aria-hidden="true" /> Import tracking
            </Link>
          </ChakraLink>
        </HStack>
      </HStack>
      <OrderViewTabs list={list} counts={counts} />
      <OrderListToolbar key={list.search} list={list} onChange={apply} searchRef={searchRef} />
      {selected.size > 0 && (
        <SelectionBar
          selected={[...selected.values()]}
          toShip={toShip.length}
          onShip={() => setShipping(true)}
          onClear={() => setSelected((orders) => orders.clear())}
          onStarted={(ids) => setSelected((orders) => ids.forEach((id) => orders.delete(id)))}
        />
      )}
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
          title={everythingShipped ? "Nothing to ship" : "No orders found"}
          description={everythingShipped ? "Every paid order has shipped or was cancelled." : "No order matches these filters."}
          headingLevel="h2"
        />
      ) : (
        <>
          <AdminOrdersTable
            orders={connection.nodes}
            sort={sortInForce(list)}
            onSort={(sort) => apply({ ...list, sort })}
            selected={selectedIds}
            onToggle={(order, checked) => setSelected((orders) => (checked ? orders.set(order.id, order) : orders.delete(order.id)))}
            onToggleAll={(checked) => setSelected((orders) => connection.nodes.forEach((o) => (checked ? orders.set(o.id, o) : orders.delete(o.id))))}
            linkRef={keys.linkRef}
          />
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted">
              Showing {firstShown}–{firstShown + connection.nodes.length - 1} of {connection.totalCount}
            </Text>
            <HStack as="nav" aria-label="Order pages" gap="2">
              <Button variant="outline" size="sm" disabled={page === 1} onClick={() => setPaging({ key: filterKey, cursors: cursors.slice(0, -1) })}>
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
          <Text fontSize="xs" color="fg.muted" display={{ base: "none", md: "block" }}>
            Keyboard: j / k move · Enter opens · x selects · s ships the selection · / searches
          </Text>
        </>
      )}
      {shipping && (
        <ShipOrdersDialog orders={toShip} onClose={() => setShipping(false)} onShipped={(ids) => setSelected((orders) => ids.forEach((id) => orders.delete(id)))} />
      )}
    </Stack>
  );
}

/** What can be done with the selected orders. */
function SelectionBar({
  selected,
  toShip,
  onShip,
  onClear,
  onStarted,
}: {
  selected: AdminOrderRow_OrderFragment[];
  toShip: number;
  onShip(): void;
  onClear(): void;
  onStarted(ids: string[]): void;
}) {
  const [start, { loading }] = useMutation(OrdersStartFulfillmentDocument, { update: forgetOrderLists });
  const pending = selected.filter((o) => o.fulfillmentStatus === "UNFULFILLED");
  const tooMany = selected.length > SELECTION_MAX;
  const ids = selected.map((o) => o.id);
  const startAll = async () => {
    try {
      const { data } = await start({ variables: { orderIds: pending.map((o) => o.id) } });
      const results = data?.ordersStartFulfillment.results ?? [];
      const started = results.filter((r) => r.order).map((r) => r.orderId);
      const refused = results.filter((r) => !r.order);
      if (started.length > 0) notify({ title: started.length === 1 ? "Fulfilment started for 1 order" : `Fulfilment started for ${started.length} orders`, type: "success" });
      for (const r of refused) notify({ title: `Order #${r.orderNumber ?? "?"} not started`, description: r.userErrors.map((e) => e.message).join(" "), type: "error" });
      onStarted(started);
    } catch {
      notify({ title: "Nothing was started", description: UNREACHABLE, type: "error" });
    }
  };

  return (
    <HStack
      role="region"
      aria-label="Selected orders"
      gap="2"
      wrap="wrap"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
      position="sticky"
      top="2"
      zIndex="docked"
      shadow="sm"
    >
      <Text fontWeight="semibold" mr="2" aria-live="polite">
        {selected.length === 1 ? "1 selected" : `${selected.length} selected`}
        {tooMany && (
          <Text as="span" fontWeight="normal" color="fg.error">
            {` · at most ${SELECTION_MAX} at a time: clear some first`}
          </Text>
        )}
      </Text>
      <Button size="sm" colorPalette="brand" onClick={onShip} disabled={toShip === 0 || tooMany}>
        <Truck aria-hidden="true" /> Mark shipped{toShip !== selected.length ? ` (${toShip})` : ""}
      </Button>
      <Button size="sm" variant="outline" onClick={() => void startAll()} loading={loading} disabled={pending.length === 0 || tooMany}>
        <PackageOpen aria-hidden="true" /> Start fulfilment{pending.length !== selected.length ? ` (${pending.length})` : ""}
      </Button>
      <LinkButton href={`/admin/orders/packing-slips?ids=${ids.map(encodeURIComponent).join(",")}`} disabled={tooMany} newTab>
        <Printer aria-hidden="true" /> Packing slips
      </LinkButton>
      <LinkButton href={ordersCsvHref(ids)} disabled={tooMany} download>
        <FileDown aria-hidden="true" /> Export CSV
      </LinkButton>
      <Button size="sm" variant="ghost" onClick={onClear}>
        Clear selection
      </Button>
    </HStack>
  );
}

/** A link that looks like the bar's buttons; a plain disabled button while it cannot be followed. */
function LinkButton({ href, disabled, newTab = false, download = false, children }: { href: string; disabled: boolean; newTab?: boolean; download?: boolean; children: React.ReactNode }) {
  if (disabled) {
    return (
      <Button size="sm" variant="outline" disabled>
        {children}
      </Button>
    );
  }
  return (
    <Button asChild size="sm" variant="outline">
      <a href={href} target={newTab ? "_blank" : undefined} rel={newTab ? "noopener" : undefined} download={download || undefined}>
        {children}
      </a>
    </Button>
  );
}
