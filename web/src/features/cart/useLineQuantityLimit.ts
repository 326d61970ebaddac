import { useQuery } from "@apollo/client/react";
import { CartLimitsDocument } from "../../gql/graphql";

/**
 * The most one cart line may hold, as the store says (`shop.maxLineQuantity`; spec §5 sets no
 * maximum, the gateway does). Null until it is known, or when it cannot be asked: then no bound is
 * applied here, and the store's own refusal is what the shopper sees at checkout.
 */
export function useLineQuantityLimit(): number | null {
  const { data } = useQuery(CartLimitsDocument);
  return data?.shop.maxLineQuantity ?? null;
}
