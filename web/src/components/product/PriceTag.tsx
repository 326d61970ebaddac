import { HStack, Text, VisuallyHidden, type StackProps } from "@chakra-ui/react";
import { formatPrice, isOnSale } from "../../lib/money";

interface PriceTagProps extends StackProps {
  amount: string | number;
  compareAt?: string | number | null;
  size?: "sm" | "md" | "lg" | "2xl";
}

/** The price, and the compare-at price struck through when it is higher (spec §9). */
export function PriceTag({ amount, compareAt, size = "md", ...rest }: PriceTagProps) {
  const sale = compareAt !== null && compareAt !== undefined && isOnSale(amount, compareAt);
  return (
    <HStack gap="2" align="baseline" wrap="wrap" {...rest}>
      <Text fontSize={size} fontWeight="bold" color={sale ? "fg.error" : "fg"}>
        {sale && <VisuallyHidden>Sale price </VisuallyHidden>}
        {formatPrice(amount)}
      </Text>
      {sale && (
        <Text as="s" fontSize={size === "2xl" ? "lg" : "sm"} color="fg.muted">
          <VisuallyHidden>Regular price </VisuallyHidden>
          {formatPrice(compareAt)}
        </Text>
      )}
    </HStack>
  );
}
