import { useQuery } from "@apollo/client/react";
import { Box, Button, Field, HStack, Image, Input, Spinner, Stack, Text } from "@chakra-ui/react";
import { ImageIcon, Link2Off } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { MemeProductPickerDocument, type ProductStatus } from "../gql/graphql";
import { ProductStatusBadge } from "../products/ProductStatusBadge";

export interface PickedProduct {
  id: string;
  handle: string;
  title: string;
  status: ProductStatus;
}

/** How long typing rests before the products are searched. */
const SEARCH_DELAY_MS = 250;

function Thumbnail({ url }: { url: string | null }) {
  return (
    <Box boxSize="10" borderRadius="md" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
      {url ? <Image src={url} alt="" width="40px" height="40px" objectFit="cover" loading="lazy" /> : <ImageIcon size={16} aria-hidden="true" />}
    </Box>
  );
}

/**
 * The product a meme is sold on: the one chosen (with its status: only an active product makes the
 * meme available to shoppers) and a search of the shop's products, in every status, to choose another.
 */
export function ProductPicker({ value, onChange, error }: { value: PickedProduct | null; onChange(product: PickedProduct | null): void; error?: string }) {
  const [text, setText] = useState("");
  const [search, setSearch] = useState("");
  const resultsId = useId();
  useEffect(() => {
    const timer = setTimeout(() => setSearch(text.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, loading, error: failed } = useQuery(MemeProductPickerDocument, { variables: { search }, skip: search === "", ssr: false });
  const found = search === "" ? [] : (data?.adminProducts.nodes ?? []);

  return (
    <Stack gap="3">
      {value ? (
        <HStack borderWidth="1px" borderRadius="md" p="3" gap="3" justify="space-between" wrap="wrap">
          <Box minW="0">
            <Text fontWeight="semibold" wordBreak="break-word">
              {value.title}
            </Text>
            <HStack gap="2" wrap="wrap">
              <Text fontSize="xs" color="fg.muted" wordBreak="break-all">
                /product/{value.handle}
              </Text>
              <ProductStatusBadge status={value.status} />
            </HStack>
          </Box>
          <Button size="sm" variant="ghost" onClick={() => onChange(null)}>
            <Link2Off aria-hidden="true" /> Remove product
          </Button>
        </HStack>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          No product: shoppers see “Not Available” on its card.
        </Text>
      )}
      <Field.Root invalid={Boolean(error)}>
        <Field.Label>{value ? "Choose another product" : "Choose a product"}</Field.Label>
        <Input type="search" name="productSearch" placeholder="Search by title, tag, handle or SKU" value={text} onChange={(e) => setText(e.target.value)} autoComplete="off" aria-controls={resultsId} />
        {error ? <Field.ErrorText>{error}</Field.ErrorText> : <Field.HelperText>Any status: shoppers can buy the meme once its product is active.</Field.HelperText>}
      </Field.Root>
      <Box id={resultsId} aria-live="polite">
        {search !== "" && loading && !data ? (
          <Spinner size="sm" aria-label="Searching products" />
        ) : search !== "" && failed && !data ? (
          <Text fontSize="sm" color="fg.error">
            The products could not be searched. Please try again.
          </Text>
        ) : search !== "" && found.length === 0 ? (
          <Text fontSize="sm" color="fg.muted">
            No product matches “{search}”.
          </Text>
        ) : (
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Products found">
            {found.map((product) => (
              <HStack as="li" key={product.id} gap="3" borderWidth="1px" borderRadius="md" p="2" justify="space-between">
                <HStack gap="3" minW="0">
                  <Thumbnail url={product.thumbnailUrl} />
                  <Box minW="0">
                    <Text fontSize="sm" fontWeight="medium" wordBreak="break-word">
                      {product.title}
                    </Text>
                    <ProductStatusBadge status={product.status} />
                  </Box>
                </HStack>
                <Button
                  size="sm"
                  variant="outline"
                  disabled={product.id === value?.id}
                  aria-label={`Choose ${product.title}`}
                  onClick={() => {
                    onChange({ id: product.id, handle: product.handle, title: product.title, status: product.status });
                    setText("");
                  }}
                >
                  {product.id === value?.id ? "Chosen" : "Choose"}
                </Button>
              </HStack>
            ))}
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
