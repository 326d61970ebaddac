import { Button, HStack, IconButton, Text } from "@chakra-ui/react";
import { ChevronLeft, ChevronRight } from "lucide-react";
import { Link } from "react-router-dom";

type PageItem = number | "ellipsis";

/**
 * spec §9: at most the first five page numbers, then an ellipsis and the last page when there are
 * more than five pages.
 */
export function pageItems(totalPages: number): PageItem[] {
  if (totalPages <= 0) return [];
  if (totalPages <= 5) return Array.from({ length: totalPages }, (_, i) => i + 1);
  return [1, 2, 3, 4, 5, "ellipsis", totalPages];
}

interface PaginationProps {
  currentPage: number;
  totalPages: number;
  /** The address of a page (links, so a page can be opened in a new tab or shared). */
  hrefFor(page: number): string;
}

/** spec §4: Previous is disabled on page 1 and Next on the last page. */
export function Pagination({ currentPage, totalPages, hrefFor }: PaginationProps) {
  if (totalPages <= 1) return null;
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= totalPages;
  return (
    <HStack as="nav" aria-label="Pagination" justify="center" gap="1" wrap="wrap" mt="10">
      {isFirst ? (
        <IconButton aria-label="Previous page" variant="outline" size="sm" disabled>
          <ChevronLeft />
        </IconButton>
      ) : (
        <IconButton asChild aria-label="Previous page" variant="outline" size="sm">
          <Link to={hrefFor(currentPage - 1)}>
            <ChevronLeft />
          </Link>
        </IconButton>
      )}
      {pageItems(totalPages).map((item, index) =>
        item === "ellipsis" ? (
          <Text key={`ellipsis-${index}`} as="span" px="2" color="fg.muted" aria-hidden="true">
            …
          </Text>
        ) : (
          <Button
            key={item}
            asChild
            size="sm"
            minWidth="9"
            variant={item === currentPage ? "solid" : "outline"}
            colorPalette={item === currentPage ? "brand" : "gray"}
          >
            <Link to={hrefFor(item)} aria-label={`Page ${item}`} aria-current={item === currentPage ? "page" : undefined}>
              {item}
            </Link>
          </Button>
        ),
      )}
      {isLast ? (
        <IconButton aria-label="Next page" variant="outline" size="sm" disabled>
          <ChevronRight />
        </IconButton>
      ) : (
        <IconButton asChild aria-label="Next page" variant="outline" size="sm">
          <Link to={hrefFor(currentPage + 1)}>
            <ChevronRight />
          </Link>
        </IconButton>
      )}
      <Text width="full" textAlign="center" fontSize="sm" color="fg.muted" mt="2">
        Page {Math.min(currentPage, totalPages)} of {totalPages}
      </Text>
    </HStack>
  );
}
