import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { Check, Package, Truck } from "lucide-react";
import type { FulfillmentStage } from "./checkoutResult";

const STEPS = [
  { stage: "confirmed", label: "Order Confirmed", icon: Check },
  { stage: "processing", label: "Processing", icon: Package },
  { stage: "shipped", label: "Shipped", icon: Truck },
] as const;

const ORDER: FulfillmentStage[] = ["confirmed", "processing", "shipped"];

/** spec §2 Checkout success: Order Confirmed / Processing / Shipped, up to the order's stage. */
export function OrderTimeline({ stage }: { stage: FulfillmentStage }) {
  const reached = ORDER.indexOf(stage);
  return (
    <Stack as="ol" listStyleType="none" direction={{ base: "column", sm: "row" }} gap={{ base: "3", sm: "0" }} aria-label="Order progress">
      {STEPS.map(({ stage: step, label, icon: Icon }, index) => {
        const done = index <= reached;
        return (
          <HStack as="li" key={step} flex="1" gap="3" position="relative" aria-current={index === reached ? "step" : undefined}>
            <Box
              display="flex"
              alignItems="center"
              justifyContent="center"
              boxSize="10"
              borderRadius="full"
              flexShrink={0}
              bg={done ? "green.600" : "bg.muted"}
              color={done ? "white" : "fg.muted"}
            >
              <Icon size={18} aria-hidden="true" />
            </Box>
            <Stack gap="0">
              <Text fontWeight="semibold">{label}</Text>
              <Text fontSize="xs" color="fg.muted">
                {/* A confirmed order is done being confirmed: only the later steps are "in progress". */}
                {index < reached || (index === 0 && reached === 0) ? "Done" : index === reached ? "In progress" : "Coming up"}
              </Text>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}
