import { useQuery } from "@apollo/client/react";
import { Badge, Box, Button, Heading, HStack, Image, Link as ChakraLink, Skeleton, Stack, Text } from "@chakra-ui/react";
import { CirclePlus, ImageIcon } from "lucide-react";
import { Link } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { notify } from "../../../components/ui/toaster";
import { AdminQueryError } from "../AdminQueryError";
import { AdminCollectionsDocument, type AdminCollectionsList_CollectionFragment } from "../gql/graphql";
import { SortableList } from "./SortableList";
import { useCollectionMutations } from "./useCollectionMutations";

type Collection = AdminCollectionsList_CollectionFragment;

/** The smallest size made of an image that still fills a thumbnail; the original when none was made. */
const thumbnailOf = (image: { url: string; sources: { url: string; width: number }[] }) => image.sources[0]?.url ?? image.url;

function AddCollectionButton() {
  return (
    <Button asChild colorPalette="brand">
      <Link to="/admin/collections/new">
        <CirclePlus aria-hidden="true" /> Add collection
      </Link>
    </Button>
  );
}

function CollectionRow({ collection, place }: { collection: Collection; place: number }) {
  const counts =
    collection.productCount === collection.activeProductCount
      ? `${collection.productCount} ${collection.productCount === 1 ? "product" : "products"}`
      : `${collection.productCount} products, ${collection.activeProductCount} active`;
  return (
    <HStack gap="3" minW="0">
      <Box width="12" height="12" flexShrink={0} borderRadius="md" overflow="hidden" bg="bg.muted" display="flex" alignItems="center" justifyContent="center">
        {collection.image ? <Image src={thumbnailOf(collection.image)} alt="" width="12" height="12" objectFit="cover" /> : <ImageIcon aria-hidden="true" size={18} />}
      </Box>
      <Stack gap="0.5" minW="0">
        <HStack gap="2" wrap="wrap">
          <ChakraLink asChild fontWeight="semibold" color="fg">
            <Link to={`/admin/collections/${collection.id}`}>{collection.title}</Link>
          </ChakraLink>
          {place <= 3 && <Badge colorPalette="blue">On the home page</Badge>}
          {collection.footerLinked && <Badge>In the footer</Badge>}
        </HStack>
        <Text fontSize="sm" color="fg.muted" overflowWrap="anywhere">
          /collections/{collection.handle} · {counts}
        </Text>
      </Stack>
    </HStack>
  );
}

/**
 * Every collection in the shop's order: lists follow it and the home page's "Shop by Collection"
 * shows the first three. Reordered here (one move at a time, the others shifting); opened to edit.
 */
export function CollectionsScreen() {
  const { data, loading, error, refetch } = useQuery(AdminCollectionsDocument, { fetchPolicy: "cache-and-network", ssr: false });
  const { moveCollection, moving } = useCollectionMutations();
  const collections = data?.adminCollections;

  const move = async (collection: Collection, position: number) => {
    const done = await moveCollection(collection.id, position);
    if (!done.ok) notify({ title: "Couldn't move the collection", description: done.errors[0]?.message, type: "error" });
  };

  return (
    <Stack gap="5">
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <HStack gap="3" align="baseline" wrap="wrap">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            Collections
          </Heading>
          {collections && (
            <Text color="fg.muted" aria-live="polite">
              {collections.length === 1 ? "1 collection" : `${collections.length} collections`}
            </Text>
          )}
        </HStack>
        <AddCollectionButton />
      </HStack>
      <Text color="fg.muted" fontSize="sm">
        Shoppers see the collections in this order; the home page shows the first three. Drag a row by its handle, or use Move up and Move down.
      </Text>
      {!collections && loading ? (
        <Stack gap="2" role="status" aria-label="Loading collections">
          {Array.from({ length: 5 }, (_, i) => (
            <Skeleton key={i} height="16" borderRadius="md" />
          ))}
        </Stack>
      ) : !collections ? (
        <AdminQueryError error={error} what="collections" onRetry={() => void refetch().catch(() => undefined)} />
      ) : collections.length === 0 ? (
        <EmptyState title="No collections yet" description="Add the shop's first collection, then add products to it." headingLevel="h2">
          <AddCollectionButton />
        </EmptyState>
      ) : (
        <SortableList
          items={collections.map((c) => ({ ...c, label: c.title }))}
          firstPlace={1}
          total={collections.length}
          busy={moving}
          label="Collections, in the shop's order"
          onMove={(collection, place) => void move(collection, place)}
        >
          {(collection, place) => <CollectionRow collection={collection} place={place} />}
        </SortableList>
      )}
    </Stack>
  );
}
