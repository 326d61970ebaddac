import type { ApolloServerPlugin } from "@apollo/server";
import { ApolloServerPluginCacheControl } from "@apollo/server/plugin/cacheControl";
import responseCachePlugin from "@apollo/server-plugin-response-cache";
import { CACHEABLE_CATALOG_FIELDS, type CatalogCache } from "../catalog/catalog.cache.js";
import type { GraphQLResolveInfo } from "graphql";
import type { GraphQLContext } from "../graphql/context.js";

/** What Apollo's cache-control plugin adds to the resolver info (@apollo/cache-control-types). */
type InfoWithCacheControl = GraphQLResolveInfo & { cacheControl: { setCacheHint(hint: { maxAge: number; scope: "PUBLIC" }): void } };

/**
 * GraphQL's side of the catalog cache, with Apollo's own mechanism: cache hints mark
 * the catalog's root fields and types PUBLIC for the cache's lifetime, every other field keeps
 * Apollo's default of no caching (maxAge 0), and Apollo's response cache keeps an operation's
 * answer only when every field it touched allows it, so an operation that also reads a cart or
 * the customer is never kept and never served from the cache. The answers are stored in the
 * catalog cache that REST shares (CatalogCache), keyed by the operation's text, name and
 * variables and by the cache's version when the operation began: a change to the catalog
 * (CatalogCache.clear) drops them all, and an answer computed before a change is never read after it.
 * No HTTP Cache-Control header follows from the hints: a browser must not keep prices.
 */
export function catalogResponseCache(cache: CatalogCache, maxAgeSeconds: number): ApolloServerPlugin<GraphQLContext>[] {
  const publicQueries = new Set<string>(CACHEABLE_CATALOG_FIELDS.queries);
  const publicTypes = new Set<string>(CACHEABLE_CATALOG_FIELDS.types);
  const hint = { maxAge: maxAgeSeconds, scope: "PUBLIC" } as const;
  const hints: ApolloServerPlugin<GraphQLContext> = {
    async requestDidStart() {
      return {
        async executionDidStart() {
          return {
            willResolveField({ info }) {
              const name = info.parentType.name;
              if (name === "Query" ? publicQueries.has(info.fieldName) : publicTypes.has(name)) (info as InfoWithCacheControl).cacheControl.setCacheHint(hint);
            },
          };
        },
      };
    },
  };
  // The front cache (http/front-cache.ts) keeps the HTTP answer itself, but only what Apollo's cache
  // control judged PUBLIC: a query whose every field allowed it, answered without errors. On a hit of
  // the response cache below, the policy is the one stored with the answer.
  const share: ApolloServerPlugin<GraphQLContext> = {
    async requestDidStart() {
      return {
        async willSendResponse({ response, operation, overallCachePolicy, contextValue }) {
          if (!contextValue.shareAnswer || operation?.operation !== "query") return;
          if (response.body.kind !== "single" || response.body.singleResult.errors !== undefined) return;
          if (response.http.status !== undefined && response.http.status !== 200) return;
          const policy = overallCachePolicy.policyIfCacheable();
          if (policy?.scope === "PUBLIC" && policy.maxAge > 0) contextValue.shareAnswer(policy.maxAge * 1000);
        },
      };
    },
  };
  const prefix = "graphql:";
  // Apollo calls the execution listeners last plugin first: cache control must come after the hints
  // so that its willResolveField has put info.cacheControl in place before theirs runs.
  return [
    share,
    hints,
    ApolloServerPluginCacheControl({ defaultMaxAge: 0, calculateHttpHeaders: false }),
    responseCachePlugin<GraphQLContext>({
      cache: {
        get: async (key) => cache.get(prefix + key),
        set: async (key, value, options) => cache.set(prefix + key, value, cache.version, (options?.ttl ?? maxAgeSeconds) * 1000),
        delete: async (key) => cache.delete(prefix + key),
      },
      extraCacheKeyData: async () => cache.version,
    }),
  ];
}

/**
 * The HTTP side: an answer not judged shareable (PUBLIC, with a lifetime) may depend on who asks
 * (`me`, a cart, the staff side) or on nothing cacheable at all, so neither the browser nor anything
 * between keeps it: `Cache-Control: private, no-store`, on GETs and POSTs alike. With the catalog
 * cache off (no cache control), that is every answer. A shareable answer keeps no header, as above.
 */
export const privateUnlessShareable: ApolloServerPlugin<GraphQLContext> = {
  async requestDidStart() {
    return {
      async willSendResponse({ response, overallCachePolicy }) {
        const policy = overallCachePolicy.policyIfCacheable();
        if (policy?.scope === "PUBLIC" && policy.maxAge > 0) return;
        response.http.headers.set("cache-control", "private, no-store");
      },
    };
  },
};
