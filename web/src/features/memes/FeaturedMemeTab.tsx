import { Box } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { EmptyState, ErrorState } from "../../components/StateMessage";
import { FeaturedMemeTabDocument } from "../../gql/graphql";
import { MemeCard, MemeCardSkeleton } from "./MemeCard";

/** spec §2 Meme gallery, Featured Meme tab: the Meme of the Week, or "No featured meme available". */
export function FeaturedMemeTab() {
  const { data, loading, error } = useQuery(FeaturedMemeTabDocument);
  const meme = data?.featuredMeme;
  if (loading && !data) {
    return (
      <Box maxWidth="sm" mx="auto" role="status" aria-label="Loading the featured meme" aria-busy="true">
        <MemeCardSkeleton />
      </Box>
    );
  }
  // spec §8: "Failed to fetch featured meme", shown as "Error loading featured meme" with Try Again (reload), as on the home page.
  if (error && !data) return <ErrorState title="Error loading featured meme" description="Failed to fetch featured meme" />;
  if (!meme) return <EmptyState title="No featured meme available" description="Check back soon: the committee is still deliberating." />;
  return (
    <Box maxWidth="4xl" mx="auto">
      <MemeCard meme={meme} featured priorityImage />
    </Box>
  );
}
