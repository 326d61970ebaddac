import { Box, chakra, IconButton, useRecipe, type BoxProps } from "@chakra-ui/react";
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
export function HeaderSearch({ fieldFrom, ...props }: BoxProps & { fieldFrom?: "xl" }) {
  const navigate = useNavigate();
  // The theme's input look on a plain input: Chakra's Input would bring its field machinery into every first visit.
  const inputStyles = useRecipe({ key: "input" })({});
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("search") as HTMLInputElement;
    navigate(shopSearchHref(input.value));
  };
  return (
    <Box asChild display="flex" gap="1" {...props}>
      <form role="search" action="/shop" onSubmit={submit}>
        <chakra.input
          css={inputStyles}
          type="search"
          name="search"
          aria-label="Search products"
          placeholder="Search products"
          hideBelow={fieldFrom}
          flex="1"
          minWidth="0"
        />
        <IconButton type="submit" aria-label="Search" variant="ghost">
          <Search />
        </IconButton>
      </form>
    </Box>
  );
}
