import { useQuery } from "@apollo/client/react";
import { Badge, Box, Button, Field, Heading, HStack, Image, Input, Link as ChakraLink, Skeleton, Stack, Text } from "@chakra-ui/react";
import { CirclePlus, ImageIcon, Search } from "lucide-react";
import { useState, type FormEvent } from "react";
import { Link, useSearchParams } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { formatDateTime } from "../adminFormat";
import { AdminQueryError } from "../AdminQueryError";
import { AdminMemesDocument, type AdminMemeRow_MemeFragment } from "../gql/graphql";

const PAGE_SIZE = 20;

function pageParam(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

function AddMemeButton() {
  return (
    <Button asChild colorPalette="brand">
      <Link to="/admin/memes/new">
        <CirclePlus aria-hidden="true" /> Add meme
      </Link>
    </Button>
  );
}

function SearchForm({ search, onSearch }: { search: string; onSearch(text: string): void }) {
  const [draft, setDraft] = useState(search);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onSearch(draft);
  };
  return (
    <form onSubmit={submit} role="search" aria-label="Search memes">
      <Stack direction="row" gap="2" align="end">
        <Field.Root flex="1">
          <Field.Label>Title, description or tag</Field.Label>
          <Input type="search" name="q" bg="bg.panel" placeholder="e.g. filibuster" value={draft} onChange={(e) => setDraft(e.target.value)} />
        </Field.Root>
        <Button type="submit" variant="outline" bg="bg.panel">
          <Search aria-hidden="true" /> Search
        </Button>
      </Stack>
    </form>
  );
}

/** One meme of the list: its picture, title (the link to its editor), product and what shoppers see of it. */
function MemeRow({ meme }: { meme: AdminMemeRow_MemeFragment }) {
  return (
    <HStack
      as="li"
      gap="3"
      p="3"
      borderWidth="1px"
      borderRadius="lg"
      bg="bg.panel"
      position="relative"
      _hover={{ bg: "bg.muted" }}
      css={{ "&:has(a:focus-visible)": { outline: "2px solid var(--chakra-colors-brand-focus-ring)", outlineOffset: "-2px" } }}
    >
      <Box boxSize="14" borderRadius="md" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center" flexShrink={0}>
        {meme.imageUrl ? <Image src={meme.imageUrl} alt="" width="56px" height="56px" objectFit="cover" loading="lazy" /> : <ImageIcon size={18} aria-hidden="true" />}
      </Box>
      <Stack gap="1" minW="0" flex="1">
        <ChakraLink asChild fontWeight="semibold" color="brand.fg" outline="none" _after={{ content: '""', position: "absolute", inset: "0" }}>
          <Link to={`/admin/memes/${encodeURIComponent(meme.id)}`}>{meme.title}</Link>
        </ChakraLink>
        <Text fontSize="sm" color="fg.muted" wordBreak="break-word">
          {meme.product ? `Product: ${meme.product.title}` : "No product"}
          {" · "}Updated {formatDateTime(meme.updatedAt)}
        </Text>
        <HStack gap="1.5" wrap="wrap">
          {meme.featured && (
            <Badge colorPalette="red" variant="solid">
              Meme of the week
            </Badge>
          )}
          {!meme.visible && (
            <Badge colorPalette="orange" variant="subtle">
              Hidden: no image
            </Badge>
          )}
          {meme.availability !== "AVAILABLE" && (
            <Badge colorPalette="gray" variant="subtle">
              Not Available to buy
            </Badge>
          )}
        </HStack>
      </Stack>
    </HStack>
  );
}

/**
 * The gallery on the shop's side: every meme, most recently changed first, searched and paged. The
 * search and page are in the address (/admin/memes?q=vote&page=2), so Back returns to the same view.
 */
export function MemesScreen() {
  const [params, setParams] = useSearchParams();
  const search = params.get("q")?.trim() ?? "";
  const page = pageParam(params.get("page"));
  const { data, loading, error, refetch } = useQuery(AdminMemesDocument, {
    variables: { search: search || null, page, pageSize: PAGE_SIZE },
    fetchPolicy: "cache-and-network",
    ssr: false,
  });
  const list = data?.adminMemes;
  const show = (next: { search: string; page?: number }) => {
    const query = new URLSearchParams();
    if (next.search.trim()) query.set("q", next.search.trim());
    if (next.page && next.page > 1) query.set("page", String(next.page));
    setParams(query, { replace: next.page === undefined });
  };
  const firstShown = list ? (list.page - 1) * list.pageSize + 1 : 0;
  return (
    <Stack gap="5">
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack gap="3" align="baseline" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            Memes
          </Heading>
          {list && (
            <Text color="fg.muted" aria-live="polite">
              {list.totalCount === 1 ? "1 meme" : `${list.totalCount} memes`}
            </Text>
          )}
        </HStack>
        <AddMemeButton />
      </HStack>
      <SearchForm key={search} search={search} onSearch={(text) => show({ search: text })} />
      {!list && loading ? (
        <Stack gap="2" role="status" aria-label="Loading memes">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="20" borderRadius="lg" />
          ))}
        </Stack>
      ) : !list ? (
        <AdminQueryError error={error} what="memes" onRetry={() => void refetch().catch(() => undefined)} />
      ) : list.nodes.length === 0 ? (
        search || page > 1 ? (
          <EmptyState title="No memes found" description="No meme matches this search." headingLevel="h2" />
        ) : (
          <EmptyState title="No memes yet" description="Add the gallery's first meme." headingLevel="h2">
            <AddMemeButton />
          </EmptyState>
        )
      ) : (
        <>
          <Stack as="ul" gap="2" listStyleType="none" aria-label="Memes">
            {list.nodes.map((meme) => (
              <MemeRow key={meme.id} meme={meme} />
            ))}
          </Stack>
          <HStack justify="space-between" wrap="wrap" gap="3">
            <Text fontSize="sm" color="fg.muted">
              Showing {firstShown}–{firstShown + list.nodes.length - 1} of {list.totalCount}
            </Text>
            <HStack as="nav" aria-label="Meme pages" gap="2">
              <Button variant="outline" size="sm" disabled={list.page <= 1} onClick={() => show({ search, page: list.page - 1 })}>
                Previous
              </Button>
              <Text fontSize="sm" aria-current="page">
                Page {list.page} of {list.totalPages}
              </Text>
              <Button variant="outline" size="sm" disabled={list.page >= list.totalPages} onClick={() => show({ search, page: list.page + 1 })}>
                Next
              </Button>
            </HStack>
          </HStack>
        </>
      )}
    </Stack>
  );
}
