import { HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { Flag, ShieldCheck, ThumbsUp } from "lucide-react";
import { keptPart } from "../../lib/serverFragments";

const BADGES = [
  { icon: ShieldCheck, label: "Secure Checkout" },
  { icon: Flag, label: "Made in USA" },
  { icon: ThumbsUp, label: "Satisfaction Guaranteed" },
];

function TrustBadgesMarkup() {
  return (
    <SimpleGrid as="ul" listStyleType="none" columns={3} gap="2" aria-label="Why buy with confidence">
      {BADGES.map(({ icon: Icon, label }) => (
        <HStack as="li" key={label} gap="2" justify="center" textAlign="center" flexDirection={{ base: "column", sm: "row" }} p="2" borderRadius="md" bg="bg.subtle">
          <Icon size={20} aria-hidden="true" />
          <Text fontSize="xs" fontWeight="medium">
            {label}
          </Text>
        </HStack>
      ))}
    </SimpleGrid>
  );
}

/** spec §2 Product page's trust badges; on the gateway, written from kept markup. */
export const TrustBadges = import.meta.env.SSR ? keptPart("trust-badges", TrustBadgesMarkup) : TrustBadgesMarkup;
