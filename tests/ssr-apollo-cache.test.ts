import { ApolloClient, ApolloLink, InMemoryCache } from "@apollo/client";
import { print } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typePolicies } from "../web/src/lib/apollo";
import { PageCache, type PageAnswer } from "../web/src/lib/pageCache";
import { screenQueries } from "../web/src/screenQueries";
import { startTestGateway, type TestGateway } from "./support/gateway.js";

// The renderer puts each page's listed queries (web/src/screenQueries.ts) into its Apollo cache
// itself (web/src/lib/pageCache.ts) rather than through Apollo's writeQuery, and answers the
// page's hooks with them. Here, on the seeded shop's real answers for every kind of page that lists
// queries (every product and collection), and the listing pages' other views: the cache must hold exactly what Apollo's writeQuery makes of them
// (the page's state is extracted from it and the browser's cache starts from that), and each hook
// must read the data Apollo would read, from the answer kept for it.
let shop: TestGateway;
const ORIGIN = "http://127.0.0.1:3000";

beforeAll(async () => {
  shop = await startTestGateway();
}, 120_000);

afterAll(async () => {
  await shop?.close();
});

/** A page: its screen's module (web/src/routes.tsx), the address's parameters and query string. */
type Page = [module: string, params: Record<string, string>, search?: string];

/** The page's listed queries, answered by the gateway as the renderer asks (its cache's documents). */
async function answersFor([module, params, search = ""]: Page): Promise<PageAnswer[]> {
  const transforms = new InMemoryCache({ typePolicies });
  return Promise.all(
    screenQueries(module, { params, search: new URLSearchParams(search), origin: ORIGIN }).map(async ({ query, variables = {} }) => {
      const { data, errors } = await shop.graphql(print(transforms.transformDocument(query)), variables);
      expect(errors, `${module} ${search}: ${print(query).slice(0, 60)}`).toBeUndefined();
      return { query, variables, data: data as Record<string, unknown> };
    }),
  );
}

describe("the renderer's Apollo cache on the shop's pages", () => {
  it("holds what Apollo's writeQuery holds and answers each hook with its query's data, on every page", async () => {
    const { data } = await shop.graphql<{ products: { products: { handle: string }[] }; collections: { handle: string }[] }>("{ products(page: 1) { products { handle } } collections { handle } }");
    const pages: Page[] = [
      ["HomeRoute", {}],
      ["ShopRoute", {}],
      ["ShopRoute", {}, "sort=price-high"],
      ["ShopRoute", {}, "search=tee"],
      ["ShopRoute", {}, "page=2"],
      ["CollectionsRoute", {}],
      ["MemesRoute", {}],
      ["MemesRoute", {}, "tab=all"],
      ["MemesRoute", {}, "tab=all&page=2"],
      ["CartRoute", {}],
      ["FaqRoute", {}],
      ["ShippingRoute", {}],
      ["LoginRoute", {}],
      ...data.products.products.map(({ handle }): Page => ["ProductRoute", { handle }]),
      ...data.collections.map(({ handle }): Page => ["CollectionsRoute", { handle }]),
      ["ProductRoute", { handle: "no-such-product" }],
      ["CollectionsRoute", { handle: "no-such-collection" }],
    ];
    expect(data.products.products.length).toBeGreaterThan(5);
    let hooks = 0;
    for (const page of pages) {
      const address = `${page[0]} ${JSON.stringify(page[1])} ${page[2] ?? ""}`;
      const answers = await answersFor(page);
      if (answers.length === 0) continue;
      const apollo = new InMemoryCache({ typePolicies, resultCaching: false });
      for (const { query, variables, data } of answers) apollo.writeQuery({ query, variables, data });
      const cache = new PageCache(typePolicies);
      cache.prefill(answers);
      expect(JSON.stringify(cache.extract()), address).toBe(JSON.stringify(apollo.extract()));
      const client = new ApolloClient({ cache, link: ApolloLink.empty() });
      for (const { query, variables, data } of answers) {
        const read = client.watchQuery({ query, variables, fetchPolicy: "cache-only" }).getCurrentResult();
        // The kept answer (no page of the seeded shop holds an object twice with other values): the
        // same object at every read, where each of Apollo's reads from the store makes a new one.
        expect(read.data, address).toBe(cache.diff({ query: cache.transformDocument(query), variables, returnPartialData: true, optimistic: true }).result);
        expect(read.data, address).toEqual(data);
        expect(read.data, address).toEqual(apollo.diff({ query: apollo.transformDocument(query), variables, returnPartialData: true, optimistic: true }).result);
        hooks++;
      }
    }
    expect(hooks).toBeGreaterThan(pages.length);
  });
});
