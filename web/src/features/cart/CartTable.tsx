import { Box, HStack, IconButton, Stack, Text } from "@chakra-ui/react";
import { Table } from "../../components/ui/recipes/table";
import { Trash2 } from "lucide-react";
import { QuantityStepper } from "../../components/QuantityStepper";
import { CartLineSummary, LINES_SEPARATED, LinePrice } from "./CartLineSummary";
import { lineKey, type LocalCartLine } from "./localCart";

interface CartTableProps {
  lines: LocalCartLine[];
  /** The most one line may hold (the store's bound), or null when not known. */
  maxQuantity: number | null;
  /** `key` is the line's lineKey (a plain line's variant id). */
  onQuantity(key: string, quantity: number): void;
  onRemove(key: string): void;
}

/** spec §2 Cart page: product, price, quantity and total with remove; a list on phones. */
export function CartTable({ lines, maxQuantity, onQuantity, onRemove }: CartTableProps) {
  const stepper = (line: LocalCartLine) => (
    <QuantityStepper value={line.quantity} max={maxQuantity} onChange={(q) => onQuantity(lineKey(line), q)} label={`Quantity of ${line.title}`} />
  );
  const remove = (line: LocalCartLine) => (
    <IconButton aria-label={`Remove ${line.title}`} variant="ghost" size="sm" onClick={() => onRemove(lineKey(line))}>
      <Trash2 />
    </IconButton>
  );
  return (
    <>
      <Table.Root hideBelow="md" size="md" variant="line" css={{ "& td": { verticalAlign: "middle" } }}>
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader>Product</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Price</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="center">Quantity</Table.ColumnHeader>
            <Table.ColumnHeader textAlign="end">Total</Table.ColumnHeader>
            <Table.ColumnHeader>
              <Text srOnly>Remove</Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {lines.map((line) => (
            <Table.Row key={lineKey(line)}>
              <Table.Cell>
                <CartLineSummary line={line} showPrice={false} />
              </Table.Cell>
              <Table.Cell textAlign="end">
                <LinePrice line={line} />
              </Table.Cell>
              <Table.Cell>
                <HStack justify="center">{stepper(line)}</HStack>
              </Table.Cell>
              <Table.Cell textAlign="end" fontWeight="semibold">
                <LinePrice line={line} total />
              </Table.Cell>
              <Table.Cell textAlign="end">{remove(line)}</Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>

      <Stack as="ul" listStyleType="none" hideFrom="md" gap="4" css={LINES_SEPARATED}>
        {lines.map((line) => (
          <Box as="li" key={lineKey(line)}>
            <CartLineSummary line={line} />
            <HStack justify="space-between" mt="3" wrap="wrap" gap="2">
              {stepper(line)}
              <HStack gap="2">
                <Text fontWeight="semibold">
                  <LinePrice line={line} total />
                </Text>
                {remove(line)}
              </HStack>
            </HStack>
          </Box>
        ))}
      </Stack>
    </>
  );
}
