import { AspectRatio, Card, SimpleGrid, Skeleton, SkeletonText } from "@chakra-ui/react";
import type { ProductCard_ProductFragment } from "../../gql/graphql";
import { HydrationBoundary } from "../HydrationBoundary";
import { ProductCard } from "./ProductCard";

export const PRODUCT_GRID_COLUMNS = { base: 2, md: 3, lg: 4 };

/**
 * The four-column product grid (two columns on phones). `headingLevel`: the cards' titles are one
 * level below the heading above the grid (h2 right under a page's h1, else h3). `eagerImages`: how
 * many of the first cards' photos are above the fold on a phone (two columns) when the grid tops a
 * page: fetched at once, first, instead of lazily (the page's largest paint). Each card
 * hydrates on its own (HydrationBoundary): a page of 24 cards is then no single long hydration task.
 */
export function ProductGrid({
  products,
  action,
  headingLevel,
  eagerImages = 0,
}: {
  products: ProductCard_ProductFragment[];
  action?: "shop" | "details";
  headingLevel?: "h2" | "h3";
  eagerImages?: number;
}) {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={PRODUCT_GRID_COLUMNS} gap={{ base: "3", md: "6" }}>
      {products.map((product, index) => (
        <li key={product.id}>
          <HydrationBoundary>
            <ProductCard product={product} action={action} headingLevel={headingLevel} eagerImage={index < eagerImages} />
          </HydrationBoundary>
        </li>
      ))}
    </SimpleGrid>
  );
}

/** Placeholder cards while products load (spec §9 gives the count per screen). */
export function ProductGridSkeleton({ count, label = "Loading products" }: { count: number; label?: string }) {
  return (
    <SimpleGrid columns={PRODUCT_GRID_COLUMNS} gap={{ base: "3", md: "6" }} aria-busy="true" aria-label={label} role="status">
      {Array.from({ length: count }, (_, i) => (
        <Card.Root key={i} variant="outline" overflow="hidden" data-testid="product-skeleton">
          <AspectRatio ratio={1}>
            <Skeleton />
          </AspectRatio>
          <Card.Body p="3" gap="2">
            <SkeletonText noOfLines={2} />
            <Skeleton height="4" width="40%" />
          </Card.Body>
        </Card.Root>
      ))}
    </SimpleGrid>
  );
}
