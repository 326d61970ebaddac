import { Badge, Button, HStack, IconButton, Input, Stack, Text } from "@chakra-ui/react";
import { TicketPercent, X } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { formatPrice } from "../../lib/money";
import type { CartDiscountState } from "./useCartDiscount";

// Chakra's fg.success and fg.warning (green.600, orange.600) are under 4.5:1 on white.
const SAVED = { color: "green.700", _dark: { color: "green.300" } };
const WAITING = { color: "orange.700", _dark: { color: "orange.300" } };

/** The discount's amounts are shown only when the cart's code takes something off (or shipping) now. */
export function applyingDiscount({ held, cost }: CartDiscountState) {
  return held?.applicable && cost ? { code: held.code, freeShipping: held.freeShipping, cost } : null;
}

/**
 * The code field of the drawer and the cart page: a code and Apply; the code the cart holds with
 * its remove button; under them, why a code was refused (role=alert, the field points at it) or,
 * for a code the cart holds but does not meet (its minimum, its products), the gateway's message.
 */
export function DiscountCodeField({ discount }: { discount: CartDiscountState }) {
  const [typed, setTyped] = useState("");
  const id = useId();
  const { held, pending, refusal } = discount;
  const waiting = held && !held.applicable ? held.message : null;
  const note = refusal ?? waiting;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void discount.apply(typed).then((taken) => taken && setTyped(""));
  };

  return (
    <Stack gap="2">
      <HStack as="form" gap="2" onSubmit={submit}>
        <Input
          size="sm"
          flex="1"
          minW="0"
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          placeholder="Discount code"
          aria-label="Discount code"
          aria-invalid={refusal ? true : undefined}
          aria-describedby={note ? id : undefined}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
        />
        <Button type="submit" size="sm" variant="outline" loading={pending}>
          Apply
        </Button>
      </HStack>
      {held && (
        <HStack gap="1">
          <Badge size="lg" variant={held.applicable ? "subtle" : "outline"} colorPalette={held.applicable ? "green" : "gray"}>
            <TicketPercent aria-hidden="true" /> {held.code}
          </Badge>
          <IconButton aria-label={`Remove discount code ${held.code}`} variant="ghost" size="2xs" onClick={() => void discount.remove()} disabled={pending}>
            <X />
          </IconButton>
        </HStack>
      )}
      {note && (
        <Text id={id} role={refusal ? "alert" : "status"} fontSize="sm" {...(refusal ? { color: "fg.error" } : WAITING)}>
          {note}
        </Text>
      )}
    </Stack>
  );
}

/** "Discount (HEARING20)  −$5.00", or for a free-shipping code what it gives instead of an amount. */
export function DiscountLine({ discount }: { discount: NonNullable<ReturnType<typeof applyingDiscount>> }) {
  return (
    <HStack justify="space-between" wrap="wrap" columnGap="3" rowGap="0" {...SAVED}>
      <Text whiteSpace="nowrap">Discount ({discount.code})</Text>
      <Text fontWeight="medium" ms="auto" textAlign="end">{discount.freeShipping ? "Free shipping at checkout" : `\u2212${formatPrice(discount.cost.discountAmount.amount)}`}</Text>
    </HStack>
  );
}
