import { Link as ChakraLink, Text } from "@chakra-ui/react";
import { Table } from "../../components/ui/recipes/table";
import { Link } from "react-router-dom";
import type { AdminOrderRow_OrderFragment } from "./gql/graphql";
import { formatDateTime, formatMoney } from "./adminFormat";
import { AdminStatusBadge, PaymentStatusBadge } from "./AdminStatusBadge";

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

export function AdminOrdersTable({ orders }: { orders: readonly AdminOrderRow_OrderFragment[] }) {
  return (
    <Table.Root size="sm" variant="outline" bg={{ md: "bg.panel" }} display={{ base: "block", md: "table" }} borderWidth={{ base: "0", md: "1px" }}>
      <Table.Header display={{ base: "none", md: "table-header-group" }}>
        <Table.Row>
          <Table.ColumnHeader>Order</Table.ColumnHeader>
          <Table.ColumnHeader>Date</Table.ColumnHeader>
          <Table.ColumnHeader>Customer</Table.ColumnHeader>
          <Table.ColumnHeader>Payment</Table.ColumnHeader>
          <Table.ColumnHeader>Fulfilment</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Items</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body display={{ base: "block", md: "table-row-group" }}>
        {orders.map((order) => (
          <Table.Row key={order.id} {...stackedRow}>
            <Cell label="Order">
              <ChakraLink asChild fontWeight="semibold" color="brand.fg">
                <Link to={`/admin/orders/${encodeURIComponent(order.id)}`}>#{order.orderNumber}</Link>
              </ChakraLink>
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
        ))}
      </Table.Body>
    </Table.Root>
  );
}
