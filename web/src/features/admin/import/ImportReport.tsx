import { Badge, Box, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Table } from "../../../components/ui/recipes/table";
import type { CatalogImportReport } from "./useCatalogImport";

const ACTION = {
  CREATE: { label: "New", palette: "green" },
  UPDATE: { label: "Changed", palette: "blue" },
  UNCHANGED: { label: "Unchanged", palette: "gray" },
} as const;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The counts in one line: rows, new, changed, unchanged, errors. */
export function ImportCounts({ report }: { report: CatalogImportReport }) {
  return (
    <HStack as="ul" listStyleType="none" gap="2" wrap="wrap" aria-label="Summary">
      <li>
        <Badge variant="outline">{plural(report.rowCount, "row")}</Badge>
      </li>
      <li>
        <Badge colorPalette="green">{report.created} new</Badge>
      </li>
      <li>
        <Badge colorPalette="blue">{report.changed} changed</Badge>
      </li>
      <li>
        <Badge colorPalette="gray">{report.unchanged} unchanged</Badge>
      </li>
      <li>
        <Badge colorPalette={report.errors.length > 0 ? "red" : "gray"}>{plural(report.errors.length, "error")}</Badge>
      </li>
    </HStack>
  );
}

/** Every error of the file by row and column, as a spreadsheet numbers them. */
export function ImportErrors({ errors }: { errors: CatalogImportReport["errors"] }) {
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Errors: nothing will be written until they are fixed
      </Heading>
      <Box overflowX="auto">
        <Table.Root size="sm" variant="outline" aria-label="Errors by row and column">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="16">Row</Table.ColumnHeader>
              <Table.ColumnHeader>Column</Table.ColumnHeader>
              <Table.ColumnHeader>Problem</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {errors.map((error, i) => (
              <Table.Row key={i}>
                <Table.Cell>{error.row ?? "File"}</Table.Cell>
                <Table.Cell whiteSpace="nowrap">{error.column ?? "—"}</Table.Cell>
                <Table.Cell wordBreak="break-word">{error.message}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Box>
    </Stack>
  );
}

/** The products the file creates or changes, each with what changes; unchanged ones are only counted. */
export function ImportProducts({ products }: { products: CatalogImportReport["products"] }) {
  const touched = products.filter((p) => p.action !== "UNCHANGED");
  if (touched.length === 0) return <Text color="fg.muted">The file changes nothing: every product in it is as the shop has it.</Text>;
  return (
    <Stack gap="2">
      <Heading as="h3" size="sm">
        Products
      </Heading>
      <Stack as="ul" listStyleType="none" gap="2">
        {touched.map((product) => (
          <Stack as="li" key={product.handle} gap="1" borderWidth="1px" borderRadius="md" p="3">
            <HStack gap="2" wrap="wrap">
              <Badge colorPalette={ACTION[product.action].palette}>{ACTION[product.action].label}</Badge>
              <Text fontWeight="semibold" wordBreak="break-word">
                {product.title}
              </Text>
              <Text fontSize="sm" color="fg.muted" fontFamily="mono" wordBreak="break-all">
                {product.handle} · row {product.row}
              </Text>
            </HStack>
            <Stack as="ul" gap="0.5" ps="5" fontSize="sm" listStyleType="disc">
              {product.changes.map((change, i) => (
                <li key={i}>{change}</li>
              ))}
            </Stack>
          </Stack>
        ))}
      </Stack>
    </Stack>
  );
}
