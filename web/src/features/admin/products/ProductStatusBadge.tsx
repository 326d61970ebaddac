import { Badge } from "@chakra-ui/react";
import type { ProductStatus } from "../gql/graphql";
import { PRODUCT_STATUS_LABELS, PRODUCT_STATUS_PALETTE } from "./productStatus";

export function ProductStatusBadge({ status }: { status: ProductStatus }) {
  return (
    <Badge colorPalette={PRODUCT_STATUS_PALETTE[status]} variant="subtle" size="md">
      {PRODUCT_STATUS_LABELS[status]}
    </Badge>
  );
}
