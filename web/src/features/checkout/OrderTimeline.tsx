import { Box, HStack, Stack, Text } from "@chakra-ui/react";
import { Check, Package, Truck } from "lucide-react";
import type { FulfillmentStage } from "../orders/orderStatus";

const STEPS = [
  { stage: "confirmed", label: "Order Confirmed", icon: Check },
  { stage: "processing", label: "Processing", icon: Package },
  { stage: "shipped", label: "Shipped", icon: Truck },
] as const;

const ORDER: FulfillmentStage[] = ["confirmed", "processing", "shipped"];

/**
 * The same reading as the store's status page: Order Confirmed is done for every paid order,
 * Processing is in progress while the order is (IN_PROGRESS), and a shipped order is done throughout.
 */
function stepState(index: number, reached: number): "Done" | "In progress" | "Coming up" {
  if (index > reached) return "Coming up";
  if (index === reached && ORDER[index] === "processing") return "In progress";
  return "Done";
}

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
                {stepState(index, reached)}
              </Text>
            </Stack>
          </HStack>
        );
      })}
    </Stack>
  );
}
