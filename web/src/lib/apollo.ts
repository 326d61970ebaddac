import { ApolloClient, HttpLink, type ApolloLink, type TypePolicies } from "@apollo/client";
import { ExpiringInMemoryCache } from "./expiringCache";

export const typePolicies: TypePolicies = {
  // Singletons without an id: keep them under the root query, merging what each query selects.
  Shop: { keyFields: [] },
  // A rate is named by its handle ("standard"), so the FAQ's delivery times and the shipping page's
  // table, which select different fields of the same rates, merge instead of replacing each other.
  ShippingRate: { keyFields: ["handle"] },
};

/**
 * spec §8/§9's query cache, in Apollo's terms: whatever the cache holds is served (cache-first,
 * never stale), nothing refetches when the window regains focus (Apollo never does), data no screen
 * has used for 5 minutes is dropped (ExpiringInMemoryCache), there is no RetryLink (a failed query
 * fails once), and an HTTP 401 is a ServerError, i.e. the error state.
 */
export function createApolloClient(link: ApolloLink = new HttpLink({ uri: "/graphql", credentials: "same-origin" })): ApolloClient {
  return new ApolloClient({
    link,
    cache: new ExpiringInMemoryCache({ typePolicies }),
    defaultOptions: {
      watchQuery: { fetchPolicy: "cache-first", nextFetchPolicy: "cache-first" },
      query: { fetchPolicy: "cache-first" },
    },
  });
}
