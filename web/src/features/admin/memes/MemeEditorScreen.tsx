import { useQuery } from "@apollo/client/react";
import { Badge, Box, Button, Heading, HStack, Skeleton, Stack } from "@chakra-ui/react";
import { ArrowLeft } from "lucide-react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { AdminMemeDocument, type AdminMemeEditor_MemeFragment } from "../gql/graphql";
import { AdminQueryError } from "../AdminQueryError";
import { MemeForm } from "./MemeForm";

function BackToMemes() {
  return (
    <Button asChild variant="ghost" size="sm" alignSelf="start" ms="-2">
      <Link to="/admin/memes">
        <ArrowLeft aria-hidden="true" /> All memes
      </Link>
    </Button>
  );
}

function EditorHeading({ meme }: { meme: AdminMemeEditor_MemeFragment | null }) {
  return (
    <Stack gap="2">
      <BackToMemes />
      <HStack gap="3" wrap="wrap">
        <Heading as="h1" size={{ base: "xl", md: "2xl" }} wordBreak="break-word">
          {meme ? meme.title : "Add meme"}
        </Heading>
        {meme?.featured && (
          <Badge colorPalette="red" variant="solid" size="md">
            Meme of the week
          </Badge>
        )}
        {meme && !meme.visible && (
          <Badge colorPalette="orange" variant="subtle" size="md">
            Hidden: no image
          </Badge>
        )}
      </HStack>
    </Stack>
  );
}

/** A meme's editor (`id`), or a new meme's (`id` null). */
export function MemeEditorScreen({ id }: { id: string | null }) {
  const { data, loading, error, refetch } = useQuery(AdminMemeDocument, { variables: { id: id ?? "" }, skip: id === null, fetchPolicy: "cache-and-network", ssr: false });
  if (id === null) {
    return (
      <Stack gap="5">
        <EditorHeading meme={null} />
        <MemeForm meme={null} />
      </Stack>
    );
  }
  const meme = data?.adminMeme;
  if (meme) {
    return (
      <Stack gap="5">
        <EditorHeading meme={meme} />
        <MemeForm key={meme.id} meme={meme} />
      </Stack>
    );
  }
  if (loading && !data) {
    return (
      <Stack gap="4" role="status" aria-label="Loading meme">
        <Skeleton height="8" width="64" />
        <Skeleton height="64" />
      </Stack>
    );
  }
  if (error && !data) return <AdminQueryError error={error} what="this meme" onRetry={() => void refetch().catch(() => undefined)} />;
  return (
    <Box>
      <BackToMemes />
      <EmptyState title="Meme not found" description="No meme has this id: it may have been deleted." headingLevel="h2" />
    </Box>
  );
}
