import { Button, Field, HStack, Input, Stack } from "@chakra-ui/react";
import { Search } from "lucide-react";
import { useState, type FormEvent, type Ref } from "react";
import { NativeSelect } from "../../../components/ui/recipes/nativeSelect";
import { SORTS, sortInForce, type OrderListParams } from "./orderListParams";

interface Props {
  list: OrderListParams;
  onChange(next: OrderListParams): void;
  searchRef: Ref<HTMLInputElement>;
}

/** Search (on Enter or Search), dates and sort (at once), and the narrowing a link brought (a product, failed print jobs) with a way out. */
export function OrderListToolbar({ list, onChange, searchRef }: Props) {
  const [draft, setDraft] = useState(list.search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onChange({ ...list, search: draft });
  };
  return (
    <Stack gap="3">
      <Stack direction={{ base: "column", lg: "row" }} gap="3" align={{ lg: "end" }}>
        <form onSubmit={submit} role="search" aria-label="Search orders" style={{ flex: 1 }}>
          <Stack direction="row" gap="2" align="end">
            <Field.Root flex="1">
              <Field.Label>Order number or email</Field.Label>
              <Input
                ref={searchRef}
                type="search"
                name="q"
                bg="bg.panel"
                placeholder="e.g. 1004 or ada@example.com  ( / )"
                value={draft}
                onChange={(e) => setDraft(e.target.value)}
              />
            </Field.Root>
            <Button type="submit" variant="outline" bg="bg.panel">
              <Search aria-hidden="true" /> Search
            </Button>
          </Stack>
        </form>
        <HStack gap="3" align="end" wrap="wrap">
          <Field.Root w="auto">
            <Field.Label>From</Field.Label>
            <Input type="date" name="from" bg="bg.panel" value={list.from} max={list.to || undefined} onChange={(e) => onChange({ ...list, from: e.target.value })} />
          </Field.Root>
          <Field.Root w="auto">
            <Field.Label>To</Field.Label>
            <Input type="date" name="to" bg="bg.panel" value={list.to} min={list.from || undefined} onChange={(e) => onChange({ ...list, to: e.target.value })} />
          </Field.Root>
          <Field.Root w="auto" minW="48">
            <Field.Label>Sort</Field.Label>
            <NativeSelect.Root>
              <NativeSelect.Field name="sort" bg="bg.panel" value={sortInForce(list)} onChange={(e) => onChange({ ...list, sort: e.target.value as OrderListParams["sort"] })}>
                {SORTS.map((sort) => (
                  <option key={sort.value} value={sort.value}>
                    {sort.label}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </Field.Root>
        </HStack>
      </Stack>
      {(list.search || list.productId || list.printJobFailed || list.from || list.to) && (
        <HStack gap="2" wrap="wrap" aria-label="Filters in force">
          {list.search && <Chip label={`Search: ${list.search}`} onClear={() => onChange({ ...list, search: "" })} />}
          {list.printJobFailed && <Chip label="Print job failed" onClear={() => onChange({ ...list, printJobFailed: false })} />}
          {list.productId && <Chip label="With one product" onClear={() => onChange({ ...list, productId: null })} />}
          {(list.from || list.to) && <Chip label={`Paid ${list.from || "…"} to ${list.to || "…"}`} onClear={() => onChange({ ...list, from: "", to: "" })} />}
        </HStack>
      )}
    </Stack>
  );
}

function Chip({ label, onClear }: { label: string; onClear(): void }) {
  return (
    <Button size="xs" variant="subtle" borderRadius="full" aria-label={`Clear: ${label}`} onClick={onClear}>
      {label} <span aria-hidden="true">✕</span>
    </Button>
  );
}
