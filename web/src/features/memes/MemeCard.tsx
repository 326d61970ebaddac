import { AspectRatio, Badge, Button, Card, HStack, SimpleGrid, Skeleton, SkeletonText, Stack, Text } from "@chakra-ui/react";
import { ShoppingCart, Wand2 } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";
import { ProductImage } from "../../components/ProductImage";
import type { MemeCard_MemeFragment } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";
import { useAddMemeToCart } from "./useAddMemeToCart";

/** The memes' pictures are square, 800 × 800 (the card crops whatever else to its square). */
const MEME_IMAGE_SIZE = 800;

/**
 * spec §2 Meme gallery: image, title, description, tags, Customize, and Add to Cart or "Not Available".
 * `priorityImage`: the screen's largest image (the gallery's first card), fetched at once and first.
 */
export function MemeCard({ meme, featured = false, priorityImage = false }: { meme: MemeCard_MemeFragment; featured?: boolean; priorityImage?: boolean }) {
  return (
    <Card.Root
      variant="outline"
      overflow="hidden"
      height="full"
      as="article"
      aria-labelledby={`meme-${meme.id}`}
      flexDirection={featured ? { base: "column", md: "row" } : "column"}
    >
      <AspectRatio ratio={1} bg="bg.subtle" width={featured ? { base: "full", md: "50%" } : "full"} flexShrink={0}>
        <ProductImage
          src={meme.imageUrl}
          alt={`Meme: ${meme.title}`}
          objectFit="cover"
          htmlWidth={MEME_IMAGE_SIZE}
          htmlHeight={MEME_IMAGE_SIZE}
          priority={priorityImage}
        />
      </AspectRatio>
      <Stack gap="0" flex="1" justify={featured ? "center" : undefined} p={featured ? { md: "4" } : undefined}>
        <Card.Body gap={featured ? "3" : "2"} p="4" flex={featured ? "0" : "1"}>
          {featured && (
            <Badge colorPalette="red" variant="solid" alignSelf="start">
              Meme of the Week
            </Badge>
          )}
          <Text as="h2" id={`meme-${meme.id}`} fontFamily="heading" fontWeight="bold" fontSize={featured ? "2xl" : "lg"} lineHeight="short">
            {meme.title}
          </Text>
          <Text color="fg.muted" fontSize={featured ? "md" : "sm"} lineClamp={featured ? undefined : 3}>
            {meme.description}
          </Text>
          {meme.tags.length > 0 && (
            <HStack gap="1.5" wrap="wrap" pt="1" aria-label="Tags">
              {meme.tags.map((tag) => (
                <Badge key={tag} variant="outline" size="sm">
                  {tag}
                </Badge>
              ))}
            </HStack>
          )}
        </Card.Body>
        <Card.Footer p="4" pt="0" gap="2" flexWrap="wrap">
          <MemeActions meme={meme} />
        </Card.Footer>
      </Stack>
    </Card.Root>
  );
}

/** What Add to Cart adds, as its label says: "Add to Cart: Enamel pin · $11.99" (the product and the variant useAddMemeToCart adds). */
function addLabel({ product }: MemeCard_MemeFragment): string {
  const variant = product?.variants[0];
  return product && variant ? `Add to Cart: ${product.title} · ${formatPrice(variant.price.amount)}` : "Add to Cart";
}

function MemeActions({ meme }: { meme: MemeCard_MemeFragment }) {
  const addMeme = useAddMemeToCart();
  return (
    <>
      <Button asChild variant="outline" size="sm" flex="1" minWidth="fit-content">
        <Link to={`/customize?meme=${encodeURIComponent(meme.id)}`} aria-label={`Customize ${meme.title}`}>
          <Wand2 aria-hidden="true" /> Customize
        </Link>
      </Button>
      {meme.productHandle ? (
        <Button colorPalette="brand" size="sm" flex="1" minWidth="fit-content" h="auto" minH="8" py="1.5" whiteSpace="normal" onClick={() => addMeme(meme)}>
          <ShoppingCart aria-hidden="true" /> {addLabel(meme)}
        </Button>
      ) : (
        <>
          <Button size="sm" flex="1" minWidth="fit-content" variant="subtle" disabled>
            Not Available
          </Button>
          {meme.unavailableReason && (
            <Text fontSize="xs" color="fg.muted" width="full">
              {meme.unavailableReason}
            </Text>
          )}
        </>
      )}
    </>
  );
}

/** spec §9: eight of these while the gallery loads. */
export function MemeCardSkeleton() {
  return (
    <Card.Root variant="outline" overflow="hidden" data-testid="meme-skeleton">
      <AspectRatio ratio={1}>
        <Skeleton />
      </AspectRatio>
      <Card.Body gap="3" p="4">
        <Skeleton height="5" width="70%" />
        <SkeletonText noOfLines={3} />
        <HStack gap="2">
          <Skeleton height="8" flex="1" />
          <Skeleton height="8" flex="1" />
        </HStack>
      </Card.Body>
    </Card.Root>
  );
}

export function MemeGridSkeleton({ count }: { count: number }) {
  return (
    <Stack role="status" aria-label="Loading memes" aria-busy="true">
      <MemeGrid>
        {Array.from({ length: count }, (_, i) => (
          <MemeCardSkeleton key={i} />
        ))}
      </MemeGrid>
    </Stack>
  );
}


export function MemeGrid({ children, as }: { children: ReactNode; as?: "ul" }) {
  return (
    <SimpleGrid as={as} listStyleType="none" columns={{ base: 1, sm: 2, lg: 4 }} gap={{ base: "4", md: "6" }}>
      {children}
    </SimpleGrid>
  );
}
