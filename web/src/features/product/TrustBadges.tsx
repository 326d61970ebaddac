import { HStack, SimpleGrid, Text } from "@chakra-ui/react";
import { Flag, ShieldCheck, ThumbsUp } from "lucide-react";

const BADGES = [
  { icon: ShieldCheck, label: "Secure Checkout" },
  { icon: Flag, label: "Made in USA" },
  { icon: ThumbsUp, label: "Satisfaction Guaranteed" },
];

export function TrustBadges() {
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
