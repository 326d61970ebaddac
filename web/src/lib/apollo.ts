import { ApolloClient, HttpLink, InMemoryCache } from "@apollo/client";

/**
 * spec §8/§9's query cache, in Apollo's terms: whatever the cache holds is served (cache-first,
 * never stale), nothing refetches when the window regains focus (Apollo never does), there is no
 * RetryLink (a failed query fails once), and an HTTP 401 is a ServerError, i.e. the error state.
 */
export function createApolloClient(uri = "/graphql"): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({ uri, credentials: "same-origin" }),
    cache: new InMemoryCache({
      typePolicies: {
        // Singletons without an id: keep them under the root query.
        Shop: { keyFields: [] },
      },
    }),
    defaultOptions: {
      watchQuery: { fetchPolicy: "cache-first", nextFetchPolicy: "cache-first" },
      query: { fetchPolicy: "cache-first" },
    },
  });
}
