import { Box, HStack, Image, Link as ChakraLink, Text } from "@chakra-ui/react";
import { ImageIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { Table } from "../../../components/ui/recipes/table";
import type { AdminProductRow_ProductFragment } from "../gql/graphql";
import { formatDateTime, formatMoney } from "../adminFormat";
import { ProductStatusBadge } from "./ProductStatusBadge";

// As the orders' table: on a phone each row becomes a card, each cell with its column's name before it.
const stackedRow = {
  display: { base: "grid", md: "table-row" },
  gridTemplateColumns: "auto 1fr",
  borderWidth: { base: "1px", md: "0" },
  borderRadius: { base: "lg", md: "0" },
  bg: "bg.panel",
  mb: { base: "3", md: "0" },
  p: { base: "2", md: "0" },
  // The whole row opens the product: the title's link covers it (its ::after), and shows its focus on the row.
  position: "relative",
  cursor: "pointer",
  _hover: { bg: "bg.muted" },
  css: { "&:has(a:focus-visible)": { outline: "2px solid var(--chakra-colors-brand-focus-ring)", outlineOffset: "-2px" } },
} as const;

const stackedCell = {
  display: { base: "contents", md: "table-cell" },
  verticalAlign: "middle",
  css: {
    "@media (max-width: 47.99em)": {
      "& > *": { padding: "0.25rem 0.5rem" },
      "&::before": { content: "attr(data-label)", color: "var(--chakra-colors-fg-muted)", fontSize: "0.875rem", padding: "0.25rem 0.5rem" },
    },
  },
} as const;

function Cell({ label, children, end }: { label: string; children: ReactNode; end?: boolean }) {
  return (
    <Table.Cell data-label={label} textAlign={end ? { md: "end" } : undefined} {...stackedCell}>
      <div>{children}</div>
    </Table.Cell>
  );
}

function Thumbnail({ url }: { url: string | null }) {
  return (
    <Box boxSize="12" borderRadius="md" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
      {url ? <Image src={url} alt="" width="48px" height="48px" objectFit="cover" loading="lazy" /> : <ImageIcon size={18} aria-hidden="true" />}
    </Box>
  );
}

/** A variant count in words: "1 variant", "3 variants". */
const variantsText = (count: number) => (count === 1 ? "1 variant" : `${count} variants`);

/** Ticking rows for a bulk change (owners): the box sits above the row's link, so ticking never opens the product. */
interface RowSelection {
  selected: ReadonlySet<string>;
  onToggle(ids: string[], checked: boolean): void;
}

const checkboxStyle = { width: "1.125rem", height: "1.125rem", accentColor: "var(--chakra-colors-brand-solid)", cursor: "pointer" };

export function ProductsTable({ products, selection }: { products: readonly AdminProductRow_ProductFragment[]; selection?: RowSelection }) {
  const allTicked = selection !== undefined && products.length > 0 && products.every((p) => selection.selected.has(p.id));
  return (
    <Table.Root size="sm" variant="outline" bg={{ md: "bg.panel" }} display={{ base: "block", md: "table" }} borderWidth={{ base: "0", md: "1px" }}>
      <Table.Header display={{ base: "none", md: "table-header-group" }}>
        <Table.Row>
          {selection && (
            <Table.ColumnHeader width="1">
              <input
                type="checkbox"
                aria-label="Select every product on this page"
                checked={allTicked}
                onChange={(e) => selection.onToggle(products.map((p) => p.id), e.target.checked)}
                style={checkboxStyle}
              />
            </Table.ColumnHeader>
          )}
          <Table.ColumnHeader>Product</Table.ColumnHeader>
          <Table.ColumnHeader>Status</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
          <Table.ColumnHeader textAlign="end">Variants</Table.ColumnHeader>
          <Table.ColumnHeader>Updated</Table.ColumnHeader>
        </Table.Row>
      </Table.Header>
      <Table.Body display={{ base: "block", md: "table-row-group" }}>
        {products.map((product) => (
          <Table.Row key={product.id} {...stackedRow}>
            {selection && (
              <Table.Cell display={{ base: "block", md: "table-cell" }} gridColumn="1 / -1" verticalAlign="middle" p={{ base: "2", md: undefined }} position="relative" zIndex="1" width={{ md: "1" }}>
                <input
                  type="checkbox"
                  aria-label={`Select ${product.title}`}
                  checked={selection.selected.has(product.id)}
                  onChange={(e) => selection.onToggle([product.id], e.target.checked)}
                  style={checkboxStyle}
                />
              </Table.Cell>
            )}
            <Table.Cell display={{ base: "block", md: "table-cell" }} gridColumn="1 / -1" verticalAlign="middle" p={{ base: "2", md: undefined }}>
              <HStack gap="3" minW="0">
                <Thumbnail url={product.thumbnailUrl} />
                <Box minW="0">
                  <ChakraLink
                    asChild
                    fontWeight="semibold"
                    color="brand.fg"
                    outline="none"
                    _after={{ content: '""', position: "absolute", inset: "0" }}
                  >
                    <Link to={`/admin/products/${encodeURIComponent(product.id)}`}>{product.title}</Link>
                  </ChakraLink>
                  <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                    /product/{product.handle}
                  </Text>
                </Box>
              </HStack>
            </Table.Cell>
            <Cell label="Status">
              <ProductStatusBadge status={product.status} />
            </Cell>
            <Cell label="Price" end>
              <Text fontWeight="medium">
                {product.variantCount > 1 ? "From " : ""}
                {formatMoney({ amount: product.price, currencyCode: "USD" })}
              </Text>
            </Cell>
            <Cell label="Variants" end>
              {variantsText(product.variantCount)}
            </Cell>
            <Cell label="Updated">{formatDateTime(product.updatedAt)}</Cell>
          </Table.Row>
        ))}
      </Table.Body>
    </Table.Root>
  );
}
