import { useQuery } from "@apollo/client/react";
import { Box, Button, HStack, Image, Input, Stack, Text } from "@chakra-ui/react";
import { CirclePlus, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { CollectionProductPickerDocument } from "../gql/graphql";
import { ProductStatusBadge } from "../products/ProductStatusBadge";

const RESULTS = 8;

/**
 * Finds products to add (adminProducts: words of the title, tags or description, part of the handle
 * or a SKU; every status) and adds one with its button; it goes at the end of the collection.
 */
export function ProductPicker({ busy, onAdd }: { busy: boolean; onAdd(productId: string, title: string): void }) {
  const [typed, setTyped] = useState("");
  const [search, setSearch] = useState<string | null>(null);
  const { data, loading } = useQuery(CollectionProductPickerDocument, {
    variables: { search, pageSize: RESULTS },
    skip: search === null,
    fetchPolicy: "network-only",
    ssr: false,
  });
  const found = data?.adminProducts;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(typed.trim());
  };

  return (
    <Stack gap="3">
      <HStack as="form" role="search" gap="2" onSubmit={(e: FormEvent) => submit(e)}>
        <Input aria-label="Find products to add" type="search" placeholder="Find products to add (title, tag, handle or SKU)" value={typed} onChange={(e) => setTyped(e.target.value)} />
        <Button type="submit" variant="outline" loading={loading}>
          <Search aria-hidden="true" /> Search
        </Button>
      </HStack>
      {found && (
        <Box aria-live="polite">
          {found.nodes.length === 0 ? (
            <Text fontSize="sm" color="fg.muted">
              No product matches “{search}”.
            </Text>
          ) : (
            <Stack as="ul" listStyleType="none" gap="1" aria-label="Products found">
              {found.nodes.map((product) => (
                <HStack as="li" key={product.id} gap="3" py="1" borderBottomWidth="1px" _last={{ borderBottomWidth: 0 }}>
                  <Box width="8" height="8" flexShrink={0} borderRadius="sm" overflow="hidden" bg="bg.muted">
                    {product.thumbnailUrl && <Image src={product.thumbnailUrl} alt="" width="8" height="8" objectFit="cover" />}
                  </Box>
                  <Text flex="1" minW="0" fontSize="sm" truncate>
                    {product.title}
                  </Text>
                  <ProductStatusBadge status={product.status} />
                  <Button size="xs" colorPalette="brand" variant="subtle" disabled={busy} onClick={() => onAdd(product.id, product.title)} aria-label={`Add ${product.title}`}>
                    <CirclePlus aria-hidden="true" /> Add
                  </Button>
                </HStack>
              ))}
              {found.totalCount > found.nodes.length && (
                <Text as="li" fontSize="sm" color="fg.muted">
                  {found.totalCount - found.nodes.length} more: search with more words.
                </Text>
              )}
            </Stack>
          )}
        </Box>
      )}
    </Stack>
  );
}
