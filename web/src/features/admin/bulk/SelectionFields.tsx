import type { ReactNode } from "react";
import { useQuery } from "@apollo/client/react";
import { Field, Input, Stack, Text } from "@chakra-ui/react";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { BulkCollectionsDocument, type ProductStatus } from "../gql/graphql";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "../products/productStatus";
import type { SelectionDraft, SelectionKind } from "./bulkSelection";

const KIND_LABELS: Record<SelectionKind, string> = { collection: "A collection", search: "A search", ids: "Products ticked in the list" };

function Select({ label, name, value, onChange, children }: { label: string; name: string; value: string; onChange(value: string): void; children: ReactNode }) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field name={name} bg="bg.panel" value={value} onChange={(e) => onChange(e.target.value)}>
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/** Which products: a collection, a search as the products list searches, or the products ticked there. */
export function SelectionFields({ selection, onChange }: { selection: SelectionDraft; onChange(next: SelectionDraft): void }) {
  const collections = useQuery(BulkCollectionsDocument, { skip: selection.kind !== "collection", ssr: false });
  const kinds: SelectionKind[] = selection.productIds.length > 0 ? ["ids", "collection", "search"] : ["collection", "search"];
  return (
    <Stack gap="3">
      <Select label="Choose products by" name="by" value={selection.kind} onChange={(kind) => onChange({ ...selection, kind: kind as SelectionKind })}>
        {kinds.map((kind) => (
          <option key={kind} value={kind}>
            {kind === "ids" ? `${KIND_LABELS.ids} (${selection.productIds.length})` : KIND_LABELS[kind]}
          </option>
        ))}
      </Select>
      {selection.kind === "collection" && (
        <Select label="Collection" name="collection" value={selection.collectionId} onChange={(collectionId) => onChange({ ...selection, collectionId })}>
          <option value="">{collections.loading ? "Loading collections…" : collections.error ? "The collections could not be loaded" : "Choose a collection"}</option>
          {collections.data?.collections.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </Select>
      )}
      {selection.kind === "search" && (
        <Stack direction={{ base: "column", md: "row" }} gap="3">
          <Field.Root flex="1">
            <Field.Label>Title, tag, handle or SKU</Field.Label>
            <Input type="search" name="q" bg="bg.panel" placeholder="Empty: every product" value={selection.search} onChange={(e) => onChange({ ...selection, search: e.target.value })} />
          </Field.Root>
          <Field.Root maxW={{ md: "52" }}>
            <Field.Label>Status</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field
                name="status"
                bg="bg.panel"
                value={selection.status ?? ""}
                onChange={(e) => onChange({ ...selection, status: (e.target.value || null) as ProductStatus | null })}
              >
                <option value="">All</option>
                {PRODUCT_STATUSES.map((status) => (
                  <option key={status} value={status}>
                    {PRODUCT_STATUS_LABELS[status]}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </Stack>
      )}
      <Text fontSize="sm" color="fg.muted">
        {selection.kind === "search" ? "As the products list finds them." : "Products in every status."} The change applies to each variant still offered; at most 5,000 products at once.
      </Text>
    </Stack>
  );
}
