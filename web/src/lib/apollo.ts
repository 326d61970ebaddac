import { ApolloClient, HttpLink, type ApolloLink, type TypePolicies } from "@apollo/client";
import { ExpiringInMemoryCache } from "./expiringCache";

export const typePolicies: TypePolicies = {
  // Singletons without an id: keep them under the root query, merging what each query selects.
  Shop: { keyFields: [] },
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
