import { Badge, Box, chakra, HStack, Link as ChakraLink, Text } from "@chakra-ui/react";
import { useEffect, useRef, type MouseEvent, type Ref } from "react";
import { Link, useNavigate } from "react-router-dom";
import { Table } from "../../components/ui/recipes/table";
import type { AdminOrderRow_OrderFragment, AdminOrderSort } from "./gql/graphql";
import { formatDateTime, formatMoney } from "./adminFormat";
import { AdminStatusBadge, PaymentStatusBadge } from "./AdminStatusBadge";
import { COLUMN_SORTS } from "./orders/orderListParams";

// On a phone each row becomes a card: cells stack, each with its column's name before it.
const stackedRow = {
  display: { base: "grid", md: "table-row" },
  gridTemplateColumns: "auto 1fr",
  borderWidth: { base: "1px", md: "0" },
  borderRadius: { base: "lg", md: "0" },
  bg: "bg.panel",
  mb: { base: "3", md: "0" },
  p: { base: "2", md: "0" },
} as const;

const stackedCell = {
  display: { base: "contents", md: "table-cell" },
  css: {
    "@media (max-width: 47.99em)": {
      "& > *": { padding: "0.25rem 0.5rem" },
      "&::before": { content: "attr(data-label)", color: "var(--chakra-colors-fg-muted)", fontSize: "0.875rem", padding: "0.25rem 0.5rem" },
    },
  },
} as const;

function Cell({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <Table.Cell data-label={label} {...stackedCell}>
      <div>{children}</div>
    </Table.Cell>
  );
}

type Column = keyof typeof COLUMN_SORTS;

/**
 * A plain checkbox (a controlled one that only ever changes when clicked or pressed: the list's
 * selection follows the keyboard too, and must not hear of a change it made itself).
 */
function SelectBox({ label, checked, indeterminate = false, onChange }: { label: string; checked: boolean; indeterminate?: boolean; onChange(checked: boolean): void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return (
    <chakra.input
      ref={ref}
      type="checkbox"
      aria-label={label}
      checked={checked}
      onChange={(e) => onChange(e.target.checked)}
      w="4"
      h="4"
      m="0"
      verticalAlign="middle"
      cursor="pointer"
      css={{ accentColor: "var(--chakra-colors-brand-solid)" }}
    />
  );
}

/** A column header that sorts: a first click asks for its first sort, the next for the other way. */
function SortHeader({ column, label, sort, onSort, end = false }: { column: Column; label: string; sort: AdminOrderSort; onSort(next: AdminOrderSort): void; end?: boolean }) {
  const [first, second] = COLUMN_SORTS[column];
  const active = sort === first || sort === second;
  const descending = sort.endsWith("HIGHEST_FIRST") || sort === "NEWEST_FIRST" || sort === "CUSTOMER_Z_TO_A";
  const ariaSort = !active ? undefined : descending ? "descending" : "ascending";
  return (
    <Table.ColumnHeader aria-sort={ariaSort} textAlign={end ? "end" : undefined}>
      <Box
        as="button"
        display="inline-flex"
        gap="1"
        fontWeight="inherit"
        color={active ? "fg" : "inherit"}
        cursor="pointer"
        _hover={{ textDecoration: "underline" }}
        onClick={() => onSort(sort === first ? second : first)}
      >
        {label}
        <span aria-hidden="true">{!active ? "↕" : descending ? "↓" : "↑"}</span>
      </Box>
    </Table.ColumnHeader>
  );
}

interface Props {
  orders: readonly AdminOrderRow_OrderFragment[];
  sort: AdminOrderSort;
  onSort(next: AdminOrderSort): void;
  selected: ReadonlySet<string>;
  onToggle(order: AdminOrderRow_OrderFragment, checked: boolean): void;
  onToggleAll(checked: boolean): void;
  /** Each row's order link, for the list's keyboard (j/k move between them). */
  linkRef(index: number): Ref<HTMLAnchorElement>;
}

/** The orders of a page: a click anywhere on a row opens it, a box selects it, a column header sorts. */
export function AdminOrdersTable({ orders, sort, onSort, selected, onToggle, onToggleAll, linkRef }: Props) {
  const navigate = useNavigate();
  const allSelected = orders.length > 0 && orders.every((o) => selected.has(o.id));
  const someSelected = orders.some((o) => selected.has(o.id));
  const openRow = (event: MouseEvent<HTMLTableRowElement>, id: string) => {
    // A click on the row's own controls (its link, its box) does what they do.
    if ((event.target as HTMLElement).closest("a, button, input, label")) return;
    if (window.getSelection()?.toString()) return;
    navigate(`/admin/orders/${encodeURIComponent(id)}`);
  };
  return (
    <Table.Root size="sm" variant="outline" bg={{ md: "bg.panel" }} display={{ base: "block", md: "table" }} borderWidth={{ base: "0", md: "1px" }}>
      <Table.Header display={{ base: "none", md: "table-header-group" }}>
        <Table.Row>
          <Table.ColumnHeader w="10">
            <SelectBox label="Select every order on this page" checked={allSelected} indeterminate={someSelected && !allSelected} onChange={onToggleAll} />
          </Table.ColumnHeader>
          <SortHeader column="number" label="Order" sort={sort} onSort={onSort} />
          <SortHeader column="date" label="Date" sort={sort} onSort={onSort} />
          <SortHeader column="customer" label="Customer" sort={sort} onSort={onSort} />
          <Table.ColumnHeader>Payment</Table.ColumnHeader>
          <Table.ColumnHeader>Fulfilment</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Items</Table.ColumnHeader>
          <SortHeader column="total" label="Total" sort={sort} onSort={onSort} end />
        </Table.Row>
      </Table.Header>
      <Table.Body display={{ base: "block", md: "table-row-group" }}>
        {orders.map((order, index) => {
          const checked = selected.has(order.id);
          return (
            <Table.Row
              key={order.id}
              {...stackedRow}
              data-selected={checked ? "" : undefined}
              cursor="pointer"
              _hover={{ bg: "bg.muted" }}
              css={{ "&[data-selected]": { bg: "bg.muted" }, "&:focus-within": { outline: "2px solid", outlineColor: "var(--chakra-colors-brand-solid)", outlineOffset: "-2px" } }}
              onClick={(event) => openRow(event, order.id)}
            >
              <Cell label="Select">
                <SelectBox label={`Select order #${order.orderNumber}`} checked={checked} onChange={(value) => onToggle(order, value)} />
              </Cell>
              <Cell label="Order">
                <HStack gap="2" wrap="wrap">
                  <ChakraLink asChild fontWeight="semibold" color="brand.fg">
                    <Link ref={linkRef(index)} to={`/admin/orders/${encodeURIComponent(order.id)}`}>
                      #{order.orderNumber}
                    </Link>
                  </ChakraLink>
                  {order.lineItems.some((line) => line.design?.printWarning) && (
                    // The order's page says which line and why (OrderLinesPanel).
                    <Badge colorPalette="orange" variant="subtle" size="sm" title="A customer's picture may print blurry at its size">
                      Low-res design
                    </Badge>
                  )}
                </HStack>
              </Cell>
              <Cell label="Date">{formatDateTime(order.processedAt)}</Cell>
              <Cell label="Customer">
                {order.customerName && <Text>{order.customerName}</Text>}
                <Text color={order.customerName ? "fg.muted" : undefined} fontSize={order.customerName ? "xs" : undefined} wordBreak="break-all">
                  {order.email || (order.accountDeletion ? "Deleted account" : "")}
                </Text>
              </Cell>
              <Cell label="Payment">
                <PaymentStatusBadge status={order.financialStatus} />
              </Cell>
              <Cell label="Fulfilment">
                <AdminStatusBadge status={order.fulfillmentStatus} />
              </Cell>
              <Cell label="Items">
                <Text textAlign={{ md: "end" }}>{order.lineItems.reduce((sum, line) => sum + line.quantity, 0)}</Text>
              </Cell>
              <Cell label="Total">
                <Text textAlign={{ md: "end" }} fontWeight="medium">
                  {formatMoney(order.totalPrice)}
                </Text>
              </Cell>
            </Table.Row>
          );
        })}
      </Table.Body>
    </Table.Root>
  );
}
