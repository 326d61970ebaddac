import { Button, Field, HStack, IconButton, Input, Stack } from "@chakra-ui/react";
import { NativeSelect } from "../../components/ui/recipes/nativeSelect";
import { Search } from "lucide-react";
import { type FormEvent } from "react";
import { useDraft } from "../../lib/useDraft";
import { MAX_SEARCH_LENGTH, SORT_OPTIONS, type ShopParams, type ShopSort } from "./shopParams";

interface ShopToolbarProps {
  params: ShopParams;
  onSearch(search: string): void;
  onSort(sort: ShopSort): void;
  onClear(): void;
}

/** spec §2 Shop: search box, sort selector and Clear filters. */
export function ShopToolbar({ params, onSearch, onSort, onClear }: ShopToolbarProps) {
  // Back/Forward or Clear filters change the search in the address: the box shows it.
  const [text, setText] = useDraft(params.search, (search) => search);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(text.trim());
  };
  const filtered = params.search !== "" || params.sort !== "best-selling" || params.page !== 1 || text !== "";

  return (
    <Stack direction={{ base: "column", md: "row" }} gap="3" align={{ base: "stretch", md: "end" }} mb="8">
      <form onSubmit={submit} role="search" style={{ flex: 1 }}>
        <Field.Root>
          <Field.Label>Search products</Field.Label>
          <HStack gap="2" width="full">
            <Input
              type="search"
              name="search"
              placeholder="Try “filibuster” or “mug”"
              maxLength={MAX_SEARCH_LENGTH}
              value={text}
              onChange={(e) => setText(e.target.value)}
            />
            <IconButton type="submit" aria-label="Search" colorPalette="brand">
              <Search />
            </IconButton>
          </HStack>
        </Field.Root>
      </form>
      <HStack gap="3" align="end">
        <Field.Root width={{ base: "full", md: "56" }}>
          <Field.Label>Sort by</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field name="sort" value={params.sort} onChange={(e) => onSort(e.currentTarget.value as ShopSort)}>
              {SORT_OPTIONS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button
          variant="outline"
          flexShrink={0}
          disabled={!filtered}
          onClick={() => {
            setText("");
            onClear();
          }}
        >
          Clear filters
        </Button>
      </HStack>
    </Stack>
  );
}
