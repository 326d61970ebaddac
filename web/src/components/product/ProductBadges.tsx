import { Badge, HStack } from "@chakra-ui/react";
import { isOnSale } from "../../lib/money";

// spec §2: the tags Hot Seller, New and Sale give badges.
const TAG_BADGES = [
  { tag: "Hot Seller", label: "Hot Seller", palette: "orange" },
  { tag: "New", label: "New", palette: "green" },
  { tag: "Sale", label: "Sale", palette: "red" },
] as const;

/** Badges from a product's tags; a product whose compare-at price is higher is on sale too. */
export function productBadges(tags: readonly string[], price: string, compareAt: string | null | undefined) {
  const lower = new Set(tags.map((t) => t.toLowerCase()));
  return TAG_BADGES.filter((b) => lower.has(b.tag.toLowerCase()) || (b.tag === "Sale" && compareAt != null && isOnSale(price, compareAt)));
}

export function ProductBadges({ tags, price, compareAt }: { tags: readonly string[]; price: string; compareAt?: string | null }) {
  const badges = productBadges(tags, price, compareAt);
  if (badges.length === 0) return null;
  return (
    <HStack gap="1" wrap="wrap">
      {badges.map((b) => (
        <Badge key={b.tag} colorPalette={b.palette} variant="subtle" size="sm">
          {b.label}
        </Badge>
      ))}
    </HStack>
  );
}
