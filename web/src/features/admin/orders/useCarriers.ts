import { useQuery } from "@apollo/client/react";
import { ShippingCarriersDocument } from "../gql/graphql";

/**
 * The shop's carriers (names), read once per session. `settled` once the list came or could not
 * come: without it, staff still ship with Other (a name and a tracking page).
 */
export function useCarriers(): { carriers: readonly string[]; settled: boolean } {
  const { data, loading } = useQuery(ShippingCarriersDocument, { fetchPolicy: "cache-first", ssr: false });
  return { carriers: data?.shippingCarriers.map((c) => c.name) ?? [], settled: !loading };
}
