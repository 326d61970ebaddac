import { Box, Text } from "@chakra-ui/react";
import { useQuery } from "@apollo/client/react";
import { HomePromoBannerDocument, type HomePromoBannerQuery } from "../../gql/graphql";
import { formatPrice } from "../../lib/money";

type FreeShippingRule = HomePromoBannerQuery["shop"]["freeShipping"];

/**
 * spec §2 Home: the four promotional messages. The free-shipping one names the rule the checkout
 * applies now: the standing threshold, or a running offer's lower one with its title and the day
 * it ends, UTC as the gateway writes it (the product page's words, features/product/freeShippingOffer.ts).
 */
function promoMessages(rule: FreeShippingRule | null): string[] {
  const offer = rule?.offerTitle ? ` — ${rule.offerTitle}${rule.endsAt ? ` until ${new Date(rule.endsAt).toUTCString().slice(5, 11)}` : ""}` : "";
  return [
    "New: the Election Season collection is in. Vote early, vote often (for t-shirts).",
    rule ? `Free shipping on orders of ${formatPrice(rule.threshold.amount)} or more${offer}` : "Free shipping on qualifying orders",
    "Join the newsletter for new designs before they go to committee",
    "Your favourite political memes, now printed on mugs, tees and hats",
  ];
}

/** A marquee that pauses on hover or focus and stands still for people who prefer reduced motion. */
export function PromoBanner() {
  const { data } = useQuery(HomePromoBannerDocument);
  const messages = promoMessages(data?.shop.freeShipping ?? null);
  const row = (hidden: boolean) => (
    <Box as="ul" listStyleType="none" display="flex" flexShrink={0} gap="12" pr="12" aria-hidden={hidden || undefined} className="promo-row">
      {messages.map((message) => (
        <Text as="li" key={message} whiteSpace="nowrap" fontWeight="medium" fontSize="sm">
          <Box as="span" aria-hidden="true" color="red.300" mr="3">
            ★
          </Box>
          {message}
        </Text>
      ))}
    </Box>
  );
  return (
    <Box
      as="section"
      aria-label="Promotions"
      bg="red.700"
      color="white"
      py="2.5"
      overflow="hidden"
      tabIndex={0}
      css={{
        "& .promo-track": { display: "flex", width: "max-content", animation: "promo-scroll 40s linear infinite" },
        // :focus-within matches the section itself too (tabIndex 0).
        "&:hover .promo-track, &:focus-within .promo-track": { animationPlayState: "paused" },
        // Drawn inside: the hero below would cover an outline outside. White on red.700 is 6.3:1.
        "&:focus-visible": { outline: "2px solid white", outlineOffset: "-4px" },
        "@keyframes promo-scroll": { from: { transform: "translateX(0)" }, to: { transform: "translateX(-50%)" } },
        "@media (prefers-reduced-motion: reduce)": {
          "& .promo-track": { animation: "none", width: "auto", flexWrap: "wrap", justifyContent: "center" },
          "& .promo-row": { flexWrap: "wrap", justifyContent: "center", rowGap: "0.5rem", columnGap: "2rem", paddingInline: "1rem" },
          "& .promo-row li": { whiteSpace: "normal" },
          "& .promo-row[aria-hidden]": { display: "none" },
        },
      }}
    >
      <Box className="promo-track">
        {row(false)}
        {row(true)}
      </Box>
    </Box>
  );
}
