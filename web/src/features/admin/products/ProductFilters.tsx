import { Button, Field, Input, Stack } from "@chakra-ui/react";
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import type { ProductStatus } from "../gql/graphql";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUSES } from "./productStatus";

interface Filters {
  status: ProductStatus | null;
  search: string;
}

/** Status applies at once; the search on Enter or Search (not on every key), as the orders' filters do. */
export function ProductFilters({ status, search, onChange }: Filters & { onChange(next: Filters): void }) {
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ status, search: draft });
  };
  return (
    <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ md: "end" }}>
      <Field.Root maxW={{ md: "52" }}>
        <Field.Label>Status</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            name="status"
            bg="bg.panel"
            value={status ?? ""}
            onChange={(e) => onChange({ status: (e.target.value || null) as ProductStatus | null, search: draft })}
          >
            <option value="">All</option>
            {PRODUCT_STATUSES.map((value) => (
              <option key={value} value={value}>
                {PRODUCT_STATUS_LABELS[value]}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <form onSubmit={submit} role="search" aria-label="Search products" style={{ flex: 1 }}>
        <Stack direction="row" gap="2" align="end">
          <Field.Root flex="1">
            <Field.Label>Title, tag, handle or SKU</Field.Label>
            <Input type="search" name="q" bg="bg.panel" placeholder="e.g. mug" value={draft} onChange={(e) => setDraft(e.target.value)} />
          </Field.Root>
          <Button type="submit" variant="outline" bg="bg.panel">
            <Search aria-hidden="true" /> Search
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
