import { useQuery } from "@apollo/client/react";
import { ShippingCarriersDocument } from "../gql/graphql";

/** The shop's carriers (names), read once per session; empty while loading. */
export function useCarriers(): readonly string[] {
  const { data } = useQuery(ShippingCarriersDocument, { fetchPolicy: "cache-first", ssr: false });
  return data?.shippingCarriers.map((c) => c.name) ?? [];
}
