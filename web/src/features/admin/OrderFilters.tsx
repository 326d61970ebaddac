import { Button, Field, Input, Stack } from "@chakra-ui/react";
import { NativeSelect } from "../../components/ui/recipes/nativeSelect";
import { Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import type { OrderFulfillmentStatus } from "./gql/graphql";

export const STATUS_FILTERS: readonly { value: OrderFulfillmentStatus | ""; label: string }[] = [
  { value: "", label: "All" },
  { value: "UNFULFILLED", label: "Unfulfilled" },
  { value: "IN_PROGRESS", label: "In progress" },
  { value: "FULFILLED", label: "Fulfilled" },
  { value: "CANCELLED", label: "Cancelled" },
];

interface Filters {
  status: OrderFulfillmentStatus | null;
  search: string;
}

/** Status applies at once; the search applies on Enter or Search (not on every key). */
export function OrderFilters({ status, search, onChange }: Filters & { onChange(next: Filters): void }) {
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
            onChange={(e) => onChange({ status: (e.target.value || null) as OrderFulfillmentStatus | null, search: draft })}
          >
            {STATUS_FILTERS.map((filter) => (
              <option key={filter.value} value={filter.value}>
                {filter.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <form onSubmit={submit} role="search" aria-label="Search orders" style={{ flex: 1 }}>
        <Stack direction="row" gap="2" align="end">
          <Field.Root flex="1">
            <Field.Label>Order number or email</Field.Label>
            <Input
              type="search"
              name="q"
              bg="bg.panel"
              placeholder="e.g. 1004 or ada@example.com"
              value={draft}
              onChange={(e) => setDraft(e.target.value)}
            />
          </Field.Root>
          <Button type="submit" variant="outline" bg="bg.panel">
            <Search aria-hidden="true" /> Search
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
