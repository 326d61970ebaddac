import { Box, chakra, HStack, IconButton, Image, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { Check, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useState } from "react";
import { ErrorState } from "../../components/StateMessage";
import { MemePickerDocument } from "../../gql/graphql";

interface MemePickerProps {
  selectedMemeId: string | null;
  onPick(memeId: string): void;
}

/**
 * The picker's first page, fetched once the browser is idle after the studio starts: the Design
 * tab's controls are made when it is first opened, and its memes are there already.
 */
export function usePrefetchedMemePicker(): void {
  const client = useApolloClient();
  useEffect(() => {
    const fetchFirstPage = () => void client.query({ query: MemePickerDocument, variables: { page: 1 } }).catch(() => undefined);
    if (typeof window.requestIdleCallback === "function") {
      const id = window.requestIdleCallback(fetchFirstPage, { timeout: 2_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(fetchFirstPage, 200);
    return () => window.clearTimeout(id);
  }, [client]);
}

/**
 * Design tab: the meme gallery to pick from, a page at a time. Its pages are buttons rather
 * than links: the studio's address stays put, so the page does not jump while designing.
 */
export function MemePicker({ selectedMemeId, onPick }: MemePickerProps) {
  const [page, setPage] = useState(1);
  const { data, loading, error } = useQuery(MemePickerDocument, { variables: { page } });
  const memes = data?.memes.memes ?? [];
  const totalPages = data?.memes.pageInfo.totalPages ?? 1;

  if (error) return <ErrorState title="Error loading memes" description="The meme gallery could not be loaded." />;

  return (
    <Stack gap="3">
      <SimpleGrid columns={4} gap="2" as="ul" listStyleType="none" aria-busy={loading}>
        {loading && memes.length === 0
          ? Array.from({ length: 8 }, (_, i) => <Skeleton as="li" key={i} aspectRatio="1" borderRadius="md" />)
          : memes.map((meme) => {
              const selected = meme.id === selectedMemeId;
              return (
                <Box as="li" key={meme.id}>
                  <chakra.button
                    type="button"
                    position="relative"
                    display="block"
                    width="full"
                    aspectRatio="1"
                    borderRadius="md"
                    overflow="hidden"
                    borderWidth="3px"
                    borderColor={selected ? "brand.solid" : "transparent"}
                    outline="none"
                    cursor="pointer"
                    _focusVisible={{ boxShadow: "0 0 0 3px var(--chakra-colors-brand-focus-ring)" }}
                    _hover={{ borderColor: selected ? "brand.solid" : "border" }}
                    aria-pressed={selected}
                    aria-label={`Use meme: ${meme.title}`}
                    title={meme.title}
                    onClick={() => onPick(meme.id)}
                  >
                    <Image src={meme.imageUrl} alt="" width="full" height="full" objectFit="cover" loading="lazy" />
                    {selected && (
                      <Box position="absolute" top="1" right="1" bg="brand.solid" color="brand.contrast" borderRadius="full" p="0.5">
                        <Check size={14} aria-hidden="true" />
                      </Box>
                    )}
                  </chakra.button>
                </Box>
              );
            })}
      </SimpleGrid>
      {totalPages > 1 && (
        <HStack justify="center" gap="3">
          <IconButton aria-label="Previous memes" size="xs" variant="outline" disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
            <ChevronLeft />
          </IconButton>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            Page {page} of {totalPages}
          </Text>
          <IconButton
            aria-label="More memes"
            size="xs"
            variant="outline"
            disabled={page >= totalPages || loading}
            onClick={() => setPage(page + 1)}
          >
            <ChevronRight />
          </IconButton>
        </HStack>
      )}
    </Stack>
  );
}
