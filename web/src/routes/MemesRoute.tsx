import { Container, Heading, Text } from "@chakra-ui/react";
import { Tabs } from "../components/ui/recipes/tabs";
import { useQuery } from "@apollo/client/react";
import { useNavigate, useSearchParams } from "react-router-dom";
import { Pagination } from "../components/Pagination";
import { EmptyState, ErrorState } from "../components/StateMessage";
import { FeaturedMemeTab } from "../features/memes/FeaturedMemeTab";
import { MemeCard, MemeGrid, MemeGridSkeleton } from "../features/memes/MemeCard";
import { memesHref, parseMemeParams } from "../features/memes/memeParams";
import { MemesRouteDocument, type MemesRouteQuery, type MemesRouteQueryVariables } from "../gql/graphql";
import { usePageMeta } from "../lib/usePageMeta";

// spec §9: eight skeleton cards in the gallery.
const MEME_SKELETONS = 8;

export default function MemesRoute() {
  const [query] = useSearchParams();
  const params = parseMemeParams(query);
  const navigate = useNavigate();
  // The gallery's page is asked for here, not in its tab, so the head can name the first meme's
  // picture (the screen's largest image) for the gateway's page to fetch early.
  const gallery = useQuery(MemesRouteDocument, { variables: { page: params.page }, skip: params.tab !== "all" });
  usePageMeta(params.tab === "featured" ? "Meme of the Week" : "Meme Gallery", "Political memes you can print on a tee, a mug or a hat.", {
    canonicalPath: memesHref(params),
    preloadImage: params.tab === "all" ? (gallery.data?.memes.memes[0]?.imageUrl ?? null) : null,
  });

  return (
    <Container maxW="7xl" px={{ base: "4", md: "6" }} py={{ base: "8", md: "12" }}>
      <Heading as="h1" size={{ base: "3xl", md: "4xl" }} mb="2">
        Meme Gallery
      </Heading>
      <Text color="fg.muted" mb="6" maxWidth="2xl">
        The week's finest political satire. Put one on a product as it is, or customize it with your own words.
      </Text>
      <Tabs.Root value={params.tab} onValueChange={(e) => navigate(memesHref({ tab: e.value === "featured" ? "featured" : "all" }))} variant="line" lazyMount>
        <Tabs.List mb="6">
          <Tabs.Trigger value="all">All Memes</Tabs.Trigger>
          <Tabs.Trigger value="featured">Featured Meme</Tabs.Trigger>
        </Tabs.List>
        <Tabs.Content value="all">
          <AllMemes page={params.page} gallery={gallery} />
        </Tabs.Content>
        <Tabs.Content value="featured">
          <FeaturedMemeTab />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}

function AllMemes({ page, gallery }: { page: number; gallery: useQuery.Result<MemesRouteQuery, MemesRouteQueryVariables, "empty" | "complete" | "streaming"> }) {
  const { data, loading, error, refetch } = gallery;
  const memes = data?.memes.memes ?? [];
  const pageInfo = data?.memes.pageInfo;
  if (loading && !data) return <MemeGridSkeleton count={MEME_SKELETONS} />;
  if (error && !data) return <ErrorState title="Error loading memes" description="The gallery could not be loaded." onRetry={() => void refetch()} />;
  if (memes.length === 0) {
    return (
      <>
        <EmptyState title="No memes available" description={page > 1 ? `There is no page ${page} of the gallery.` : "New memes are on their way."} />
        {pageInfo && page > 1 && <Pagination currentPage={page} totalPages={pageInfo.totalPages} hrefFor={(p) => memesHref({ page: p })} />}
      </>
    );
  }
  return (
    <>
      <MemeGrid as="ul">
        {memes.map((meme, index) => (
          <li key={meme.id}>
            <MemeCard meme={meme} priorityImage={index === 0} />
          </li>
        ))}
      </MemeGrid>
      {pageInfo && <Pagination currentPage={page} totalPages={pageInfo.totalPages} hrefFor={(p) => memesHref({ page: p })} />}
    </>
  );
}
