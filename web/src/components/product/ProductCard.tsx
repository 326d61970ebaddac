import { AspectRatio, Box, Button, Card, LinkOverlay, Stack, Text } from "@chakra-ui/react";
import { ShoppingCart } from "lucide-react";
import { Link } from "react-router-dom";
import type { ProductCard_ProductFragment } from "../../gql/graphql";
import { keptPart } from "../../lib/serverFragments";
import { ProductImage } from "../ProductImage";
import { notify } from "../ui/toaster";
import { PriceTag } from "./PriceTag";
import { ProductBadges } from "./ProductBadges";

interface ProductCardProps {
  product: ProductCard_ProductFragment;
  /**
   * "shop": the hover Add to Cart bar of spec §2 Shop (it only points to the product page);
   * "details": a View Details button (spec §2 Home, Popular Products).
   */
  action?: "shop" | "details";
  /** The title's heading level (default h3, under a section's h2). */
  headingLevel?: "h2" | "h3";
  /** Above the fold: the photo is fetched at once and first (ProductGrid's `eagerImages`). */
  eagerImage?: boolean;
}

/** A product in a grid; the whole card links to /product/{handle}. */
function CardMarkup({ product, action = "shop", headingLevel = "h3", eagerImage = false }: ProductCardProps) {
  const href = `/product/${encodeURIComponent(product.handle)}`;
  const compareAt = product.compareAtPrice?.amount ?? null;
  return (
    <Card.Root
      as="article"
      variant="outline"
      overflow="hidden"
      height="full"
      position="relative"
      transition="box-shadow 0.2s"
      _hover={{ boxShadow: "md" }}
      // spec §2: hovering reveals the bar (so does the keyboard). A touch screen has no hover: there
      // it stays hidden below the picture, never over it, and shows only to the keyboard.
      css={{
        "& .add-bar": { opacity: 0, transform: "translateY(100%)", transition: "opacity 0.2s, transform 0.2s" },
        "@media (hover: hover)": { "&:hover .add-bar, &:focus-within .add-bar": { opacity: 1, transform: "translateY(0)" } },
        "&:has(:focus-visible) .add-bar": { opacity: 1, transform: "translateY(0)" },
        "@media (prefers-reduced-motion: reduce)": { "& .add-bar": { transition: "none" } },
      }}
    >
      <Box position="relative" overflow="hidden" bg="bg.subtle">
        <AspectRatio ratio={1}>
          <ProductImage
            src={product.featuredImage?.url}
            srcSet={product.featuredImage?.srcSet}
            // The grid's column (PRODUCT_GRID_COLUMNS in a 7xl container): a phone takes a narrow size.
            sizes="(min-width: 80em) 18rem, (min-width: 64em) 25vw, (min-width: 48em) 33vw, 50vw"
            alt={product.featuredImage?.altText || product.title}
            objectFit="cover"
            htmlWidth={800}
            htmlHeight={800}
            priority={eagerImage}
          />
        </AspectRatio>
        <Box position="absolute" top="2" left="2">
          <ProductBadges tags={product.tags} price={product.price.amount} compareAt={compareAt} />
        </Box>
        {action === "shop" && (
          // The picture's frame clips what leaves it: the bar's padding holds the button's focus ring,
          // on the panel's colour (3:1 or more) rather than on the picture, whatever its colours.
          <Box className="add-bar" position="absolute" insetX="0" bottom="0" zIndex="1" p="1" bg="bg.panel">
            <Button
              width="full"
              colorPalette="brand"
              size="sm"
              aria-label={`Add to Cart: ${product.title}`}
              onClick={() => notify({ title: "View product details", description: "Click on the product to see more details", type: "info" })}
            >
              <ShoppingCart /> Add to Cart
            </Button>
          </Box>
        )}
      </Box>
      <Card.Body gap="1" p="3">
        <Stack gap="1" flex="1">
          {/* The rest of the shop's ring, not the browser's: around the title, inside the card's padding. */}
          <LinkOverlay asChild display="block" borderRadius="l1" focusVisibleRing="outside">
            <Link to={href}>
              <Text as={headingLevel} fontWeight="semibold" lineClamp={2} fontSize={{ base: "sm", md: "md" }}>
                {product.title}
              </Text>
            </Link>
          </LinkOverlay>
          <PriceTag amount={product.price.amount} compareAt={compareAt} size="sm" />
        </Stack>
      </Card.Body>
      {action === "details" && (
        <Card.Footer p="3" pt="0">
          <Button asChild variant="outline" size="sm" width="full" position="relative" zIndex="1">
            <Link to={href} aria-label={`View details of ${product.title}`}>
              View Details
            </Link>
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

/** A product in a grid; on the gateway, a card seen on two pages is written from its kept markup (its props are its key). */
export const ProductCard = import.meta.env.SSR ? keptPart("card", CardMarkup) : CardMarkup;
