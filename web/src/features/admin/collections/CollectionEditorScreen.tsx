import { useQuery } from "@apollo/client/react";
import { Button, Heading, HStack, Link as ChakraLink, Skeleton, Stack, Text } from "@chakra-ui/react";
import { ArrowLeft, CircleX, ExternalLink } from "lucide-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router-dom";
import { EmptyState } from "../../../components/StateMessage";
import { notify } from "../../../components/ui/toaster";
import { AdminQueryError } from "../AdminQueryError";
import { AdminCollectionDocument, type AdminCollectionEditor_CollectionFragment } from "../gql/graphql";
import { Panel } from "../Panel";
import { CollectionForm } from "./CollectionForm";
import { CollectionImagePanel } from "./CollectionImagePanel";
import { CollectionProductsPanel } from "./CollectionProductsPanel";
import { useCollectionMutations, useCollectionProducts } from "./useCollectionMutations";

/** Products shown a page at a time: a generated catalog's New Arrivals can hold thousands. */
const COLLECTION_PRODUCTS_PAGE = 50;

function BackLink() {
  return (
    <ChakraLink asChild fontSize="sm" color="fg.muted">
      <Link to="/admin/collections">
        <ArrowLeft aria-hidden="true" size={16} /> Collections
      </Link>
    </ChakraLink>
  );
}

/** A new collection: its details only; products and an image come once it is created. */
export function NewCollectionScreen() {
  return (
    <Stack gap="5">
      <BackLink />
      <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
        Add collection
      </Heading>
      <CollectionForm collection={null} />
    </Stack>
  );
}

function DeleteCollection({ collection }: { collection: AdminCollectionEditor_CollectionFragment }) {
  const navigate = useNavigate();
  const { destroy, deleting } = useCollectionMutations();
  const [confirming, setConfirming] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const confirm = async () => {
    const done = await destroy(collection.id);
    if (!done.ok) {
      setProblem(done.errors[0]?.message ?? null);
      setConfirming(false);
      return;
    }
    notify({ title: "Collection deleted", description: collection.title, type: "success" });
    navigate("/admin/collections", { replace: true });
  };
  return (
    <Panel title="Delete" id="collection-delete">
      {collection.footerLinked ? (
        <Text fontSize="sm" color="fg.muted">
          The shop's footer links to this collection on every page, so it cannot be deleted. Everything else about it can change.
        </Text>
      ) : (
        <HStack justify="space-between" gap="3" wrap="wrap">
          <Text fontSize="sm" color="fg.muted">
            Removes the collection; its products stay in the shop.
          </Text>
          <HStack gap="2">
            {confirming && (
              <Button variant="outline" onClick={() => setConfirming(false)}>
                Keep it
              </Button>
            )}
            <Button variant={confirming ? "solid" : "outline"} colorPalette="red" loading={deleting} onClick={() => (confirming ? void confirm() : setConfirming(true))}>
              <CircleX aria-hidden="true" /> {confirming ? `Yes, delete “${collection.title}”` : "Delete collection"}
            </Button>
          </HStack>
        </HStack>
      )}
      {problem && (
        <Text fontSize="sm" color="fg.error" role="alert">
          {problem}
        </Text>
      )}
    </Panel>
  );
}

/** A collection's editor: details (Save), image and products (changed at once), delete. */
export function CollectionEditorScreen({ id }: { id: string }) {
  const [page, setPage] = useState(1);
  const variables = { id, page, pageSize: COLLECTION_PRODUCTS_PAGE };
  const { data, loading, error, refetch } = useQuery(AdminCollectionDocument, { variables, fetchPolicy: "cache-and-network", ssr: false });
  const products = useCollectionProducts(id, page, COLLECTION_PRODUCTS_PAGE);
  const collection = data?.adminCollection;

  if (!data && loading) {
    return (
      <Stack gap="4" role="status" aria-label="Loading the collection">
        <Skeleton height="8" width="48" />
        <Skeleton height="48" borderRadius="lg" />
        <Skeleton height="64" borderRadius="lg" />
      </Stack>
    );
  }
  if (!data) return <AdminQueryError error={error} what="the collection" onRetry={() => void refetch().catch(() => undefined)} />;
  if (!collection) {
    return (
      <EmptyState title="Collection not found" description="It may have been deleted." headingLevel="h2">
        <Button asChild variant="outline">
          <Link to="/admin/collections">All collections</Link>
        </Button>
      </EmptyState>
    );
  }
  return (
    <Stack gap="5">
      <BackLink />
      <HStack justify="space-between" align="center" wrap="wrap" gap="3">
        <Stack gap="0">
          <Heading as="h1" size={{ base: "xl", md: "2xl" }}>
            {collection.title}
          </Heading>
          <Text fontSize="sm" color="fg.muted">
            Place {collection.position} among the collections · {collection.activeProductCount} of {collection.productCount} products active
          </Text>
        </Stack>
        <Button asChild variant="outline" size="sm">
          <a href={collection.onlineStorePath} target="_blank" rel="noopener">
            <ExternalLink aria-hidden="true" /> View in shop
          </a>
        </Button>
      </HStack>
      <CollectionForm key={collection.id} collection={collection} />
      <CollectionImagePanel collection={collection} onUploaded={() => refetch()} onRemove={products.removeImage} />
      <CollectionProductsPanel title={collection.title} products={collection.products} actions={products} onPage={setPage} />
      <DeleteCollection collection={collection} />
    </Stack>
  );
}
