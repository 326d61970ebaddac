import { HStack, Stack, Text } from "@chakra-ui/react";
import { RotateCcw, Timer, Truck } from "lucide-react";
import { formatPrice } from "../../lib/money";
import { keptPart } from "../../lib/serverFragments";
import { RETURN_CONDITION, RETURN_WINDOW_DAYS, SHIPS_WITHIN } from "../info/policies";
import { freeShippingOffer } from "./freeShippingOffer";
import type { FreeShippingRule_RuleFragment } from "../../gql/graphql";

/** spec §2: shipping and returns info beside Add to Cart; free shipping as the checkout applies it now. */
function ShippingNoteMarkup({ freeShipping }: { freeShipping: FreeShippingRule_RuleFragment | null }) {
  const lines = [
    freeShipping ? { icon: Truck, text: `Free standard shipping on orders of ${formatPrice(freeShipping.threshold.amount)} or more${freeShippingOffer(freeShipping)}` } : null,
    { icon: Timer, text: `Printed on demand, ships in ${SHIPS_WITHIN}` },
    { icon: RotateCcw, text: `${RETURN_WINDOW_DAYS}-day returns for ${RETURN_CONDITION}` },
  ].filter((line) => line !== null);
  return (
    <Stack as="ul" listStyleType="none" gap="2" p="4" borderWidth="1px" borderRadius="lg" fontSize="sm">
      {lines.map(({ icon: Icon, text }) => (
        <HStack as="li" key={text} gap="2">
          <Icon size={18} aria-hidden="true" />
          <Text>{text}</Text>
        </HStack>
      ))}
    </Stack>
  );
}

/** Shipping and returns beside Add to Cart; on the gateway, written from markup kept for each free-shipping rule. */
export const ShippingNote = import.meta.env.SSR ? keptPart("shipping-note", ShippingNoteMarkup) : ShippingNoteMarkup;
