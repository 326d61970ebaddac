import { Badge, Heading, HStack, Stack, Text } from "@chakra-ui/react";
import { Star } from "lucide-react";
import { PriceTag } from "../../components/product/PriceTag";
import { productBadges } from "../../components/product/ProductBadges";
import { isOnSale, percentOff } from "../../lib/money";
import { PLACEHOLDER_RATING } from "../info/policies";

interface ProductSummaryProps {
  title: string;
  tags: readonly string[];
  fulfillmentPartner: string;
  price: string;
  compareAt: string | null;
}

/** Badges, title, the placeholder rating, price with compare-at and percent off, and tags (spec §2). */
export function ProductSummary({ title, tags, fulfillmentPartner, price, compareAt }: ProductSummaryProps) {
  const onSale = compareAt !== null && isOnSale(price, compareAt);
  const off = compareAt !== null ? percentOff(price, compareAt) : null;
  const tagBadges = productBadges(tags, price, compareAt).filter((b) => b.tag !== "Sale");
  return (
    <Stack gap="3">
      <HStack gap="2" wrap="wrap">
        {onSale && (
          <Badge colorPalette="red" variant="solid">
            SALE
          </Badge>
        )}
        {tagBadges.map((b) => (
          <Badge key={b.tag} colorPalette={b.palette} variant="subtle">
            {b.label}
          </Badge>
        ))}
        <Badge variant="outline" colorPalette="brand">
          {`Fulfilled by ${fulfillmentPartner}`}
        </Badge>
      </HStack>
      <Heading as="h1" size={{ base: "2xl", md: "3xl" }} lineHeight="1.15">
        {title}
      </Heading>
      <HStack gap="1.5" aria-label={`Rated ${PLACEHOLDER_RATING.rating} out of 5 from ${PLACEHOLDER_RATING.reviewCount} reviews`} role="img">
        <HStack gap="0.5" color="orange.500" aria-hidden="true">
          {Array.from({ length: 5 }, (_, i) => (
            <Star key={i} size={16} fill="currentColor" />
          ))}
        </HStack>
        <Text fontSize="sm" color="fg.muted" aria-hidden="true">
          {`${PLACEHOLDER_RATING.rating} (${PLACEHOLDER_RATING.reviewCount} reviews)`}
        </Text>
      </HStack>
      <HStack gap="3" align="center" wrap="wrap">
        <PriceTag amount={price} compareAt={compareAt} size="2xl" />
        {off !== null && off > 0 && (
          <Badge colorPalette="red" variant="subtle" size="lg">
            {off}% OFF
          </Badge>
        )}
      </HStack>
      {tags.length > 0 && (
        <HStack as="ul" listStyleType="none" gap="1.5" wrap="wrap" aria-label="Tags">
          {tags.map((tag) => (
            <Badge as="li" key={tag} variant="outline" size="sm">
              {tag}
            </Badge>
          ))}
        </HStack>
      )}
    </Stack>
  );
}
