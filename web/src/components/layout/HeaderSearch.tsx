import { Box, chakra, IconButton, type BoxProps } from "@chakra-ui/react";
import { Search } from "lucide-react";
import type { FormEvent } from "react";
import { useNavigate } from "react-router-dom";

/** The shop list's address for a search: the `search` parameter /shop reads, on its first page. */
export function shopSearchHref(search: string): string {
  const text = search.trim();
  return text ? `/shop?${new URLSearchParams({ search: text })}` : "/shop";
}

/**
 * The header's search (beside the links on wide screens, in the menu on phones): a plain form that
 * opens the shop list on its results, and without JavaScript submits to the same address. Below
 * `fieldFrom` only its button shows, which opens the shop list (its own box is at its top).
 */
export function HeaderSearch({ fieldFrom, fieldWidth, ...props }: BoxProps & { fieldFrom?: "xl"; fieldWidth?: string }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement;
    navigate(shopSearchHref(input.value));
  };
  return (
    <Box asChild display="flex" gap="1" {...props}>
      <form role="search" action="/shop" onSubmit={submit}>
        {/* A plain input, not Chakra's Input: that would bring its field machinery into every first visit,
            and its recipe's CSS into every page's HTML. Its focus ring is the inputs' own (the brand's,
            inside the border), not the browser's black or white one. */}
        <chakra.input
          type="search"
          name="search"
          aria-label="Search products"
          placeholder="Search products"
          hideBelow={fieldFrom}
          width={fieldWidth}
          flex={fieldWidth ? undefined : "1"}
          minWidth="0"
          height="10"
          px="3"
          fontSize="sm"
          borderWidth="1px"
          borderRadius="l2"
          bg="transparent"
          focusVisibleRing="inside"
        />
        <IconButton type="submit" aria-label="Search" variant="ghost">
          <Search />
        </IconButton>
      </form>
    </Box>
  );
}
