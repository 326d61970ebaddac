import { AspectRatio, Button, Card, Skeleton, Text } from "@chakra-ui/react";
import { Link } from "react-router-dom";
import { ProductImage } from "./ProductImage";

interface CollectionCardData {
  handle: string;
  title: string;
  description: string;
  image?: { url: string; altText: string } | null;
}

interface CollectionCardProps {
  collection: CollectionCardData;
  headingLevel?: "h2" | "h3";
  /** The screen's largest image (the home page's first collection): fetched at once and first. */
  priorityImage?: boolean;
}

/** spec §2 Collections: image (placeholder when none), title, optional description, Browse Collection. */
export function CollectionCard({ collection, headingLevel = "h3", priorityImage = false }: CollectionCardProps) {
  return (
    <Card.Root as="article" variant="outline" overflow="hidden" height="full">
      <AspectRatio ratio={4 / 3} bg="bg.subtle">
        {/* The collections' banners are 800 × 600, the card's 4:3. */}
        <ProductImage
          src={collection.image?.url}
          alt={collection.image?.altText || collection.title}
          objectFit="cover"
          htmlWidth={800}
          htmlHeight={600}
          priority={priorityImage}
        />
      </AspectRatio>
      <Card.Body gap="2">
        <Card.Title as={headingLevel} fontFamily="heading" fontSize="xl">
          {collection.title}
        </Card.Title>
        {collection.description && (
          <Text color="fg.muted" lineClamp={3}>
            {collection.description}
          </Text>
        )}
      </Card.Body>
      <Card.Footer>
        <Button asChild colorPalette="brand" variant="outline">
          <Link to={`/collections/${encodeURIComponent(collection.handle)}`} aria-label={`Browse Collection: ${collection.title}`}>
            Browse Collection
          </Link>
        </Button>
      </Card.Footer>
    </Card.Root>
  );
}

export function CollectionCardSkeletons({ count }: { count: number }) {
  return (
    <>
      {Array.from({ length: count }, (_, i) => (
        <Card.Root key={i} variant="outline" overflow="hidden" data-testid="collection-skeleton">
          <AspectRatio ratio={4 / 3}>
            <Skeleton />
          </AspectRatio>
          <Card.Body gap="2">
            <Skeleton height="6" width="50%" />
            <Skeleton height="4" />
          </Card.Body>
        </Card.Root>
      ))}
    </>
  );
}
