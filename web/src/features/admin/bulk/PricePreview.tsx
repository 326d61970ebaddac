import { Badge, Box, Button, HStack, Stack, Text } from "@chakra-ui/react";
import { Table } from "../../../components/ui/recipes/table";
import { formatMoney } from "../adminFormat";
import type { BulkPreview_PreviewFragment } from "../gql/graphql";
import { ProductStatusBadge } from "../products/ProductStatusBadge";

type PreviewProduct = BulkPreview_PreviewFragment["products"][number];

const usd = (amount: string | null) => (amount === null ? "—" : formatMoney({ amount, currencyCode: "USD" }));
const plural = (n: number, noun: string) => `${n.toLocaleString("en-US")} ${noun}${n === 1 ? "" : "s"}`;

/** What the change would do, in numbers. */
export function PreviewSummary({ preview }: { preview: BulkPreview_PreviewFragment }) {
  return (
    <Stack gap="1" aria-live="polite">
      <Text fontWeight="semibold">
        {plural(preview.productCount, "product")} selected: {plural(preview.changedVariantCount, "variant price")} of {plural(preview.changedProductCount, "product")} would change.
      </Text>
      {preview.endedSaleCount > 0 && <Text color="fg.muted">{plural(preview.endedSaleCount, "compare-at price")} would be removed: those sales end.</Text>}
      {preview.refusedCount > 0 && (
        <Text color="fg.error" fontWeight="medium">
          {plural(preview.refusedCount, "product")} would be refused, so nothing can be changed: leave them out of the selection or choose another change.
        </Text>
      )}
    </Stack>
  );
}

function ProductPrices({ product }: { product: PreviewProduct }) {
  const refused = product.refusal !== null;
  return (
    <Box
      as="section"
      aria-label={product.title}
      borderWidth="1px"
      borderColor={refused ? "border.error" : "border"}
      bg={refused ? "bg.error" : "bg.panel"}
      borderRadius="lg"
      p={{ base: "3", md: "4" }}
    >
      <Stack gap="2">
        <HStack justify="space-between" align="start" gap="3" wrap="wrap">
          <Box minW="0">
            <Text fontWeight="semibold">{product.title}</Text>
            <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
              /product/{product.handle}
            </Text>
          </Box>
          <HStack gap="2">
            <ProductStatusBadge status={product.status} />
            {!product.changes && !refused && <Badge variant="surface">Unchanged</Badge>}
          </HStack>
        </HStack>
        {refused && (
          <Text color="fg.error" fontWeight="medium">
            Refused: {product.refusal}
          </Text>
        )}
        {/* On a phone the prices scroll sideways: the area takes the keyboard's focus so it can be scrolled without a pointer. */}
        <Table.ScrollArea tabIndex={0} role="group" aria-label={`Prices of ${product.title}`} borderRadius="md" _focusVisible={{ outline: "2px solid", outlineColor: "brand.focusRing" }}>
          <Table.Root size="sm" variant="line" bg="transparent">
            <Table.Header>
              <Table.Row bg="transparent">
                <Table.ColumnHeader>Variant</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">New price</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">Compare-at</Table.ColumnHeader>
                <Table.ColumnHeader textAlign="end">New compare-at</Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {product.variants.map((v) => {
                const ended = v.compareAtPrice !== null && v.newCompareAtPrice === null;
                return (
                  <Table.Row key={v.id} bg="transparent">
                    <Table.Cell>{v.title}</Table.Cell>
                    <Table.Cell textAlign="end">{usd(v.price)}</Table.Cell>
                    <Table.Cell textAlign="end" fontWeight={v.newPrice !== v.price ? "semibold" : undefined}>
                      {usd(v.newPrice)}
                    </Table.Cell>
                    <Table.Cell textAlign="end">{usd(v.compareAtPrice)}</Table.Cell>
                    <Table.Cell textAlign="end">{ended ? "Sale ends" : usd(v.newCompareAtPrice)}</Table.Cell>
                  </Table.Row>
                );
              })}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      </Stack>
    </Box>
  );
}

/** A page of the preview: refused products first, then by title; each with its variants' old and new prices. */
export function PricePreview({ preview, onPage }: { preview: BulkPreview_PreviewFragment; onPage(page: number): void }) {
  return (
    <Stack gap="3">
      {preview.products.map((product) => (
        <ProductPrices key={product.id} product={product} />
      ))}
      {preview.totalPages > 1 && (
        <HStack as="nav" aria-label="Preview pages" gap="2" justify="end">
          <Button variant="outline" size="sm" disabled={preview.page <= 1} onClick={() => onPage(preview.page - 1)}>
            Previous
          </Button>
          <Text fontSize="sm" aria-current="page">
            Page {preview.page} of {preview.totalPages}
          </Text>
          <Button variant="outline" size="sm" disabled={preview.page >= preview.totalPages} onClick={() => onPage(preview.page + 1)}>
            Next
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
