import { Table } from "../../components/ui/recipes/table";
import type { ShippingRates_ShopFragment } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";

/** The checkout's own shipping rates (from the gateway), so what we promise is what it charges. */
export function ShippingRatesTable({ shop }: { shop: ShippingRates_ShopFragment }) {
  return (
    <Table.Root size="sm" variant="outline" mb="4">
      <Table.Caption captionSide="top" textAlign="start" mb="2" color="fg.muted">
        Shipping rates at checkout
      </Table.Caption>
      <Table.Header>
        <Table.Row>
          <Table.ColumnHeader>Method</Table.ColumnHeader>
          <Table.ColumnHeader>Delivery after dispatch</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body>
        {shop.shippingRates.map((rate) => (
          <Table.Row key={rate.handle}>
            <Table.Cell fontWeight="medium">{rate.title}</Table.Cell>
            <Table.Cell>{rate.deliveryEstimate}</Table.Cell>
            <Table.Cell textAlign="end">
              {formatPrice(rate.price.amount)}
              {rate.freeAtOrAbove && <> (free from {formatPrice(rate.freeAtOrAbove.amount)})</>}
            </Table.Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
