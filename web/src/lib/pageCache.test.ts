import { ApolloClient, ApolloLink, gql, InMemoryCache, type DocumentNode } from "@apollo/client";
import { describe, expect, it } from "vitest";
import { typePolicies } from "./apollo";
import { PageCache } from "./pageCache";

// The renderer's cache must hold exactly what Apollo's writeQuery would have made of the same
// answers (the page's state is extracted from it, and the browser's cache starts from that), and
// a hook must read the same data from it.

interface Listed {
  query: DocumentNode;
  variables?: Record<string, unknown>;
  data: Record<string, unknown>;
}

const money = (amount: string) => ({ __typename: "Money", amount });
const card = (id: string, title: string, price: string) => ({ __typename: "Product", id, handle: `h-${id}`, title, tags: ["a", "b"], price: money(price), image: null });

const CARD = gql`
  fragment Card on Product {
    id
    handle
    title
    tags
    price {
      amount
    }
    image {
      url
    }
  }
`;
const LIST = gql`
  query List($page: Int!, $search: String) {
    products(page: $page, search: $search) {
      products {
        ...Card
      }
      pageInfo {
        currentPage
        totalCount
      }
    }
  }
  ${CARD}
`;
const DETAIL = gql`
  query Detail($handle: String!) {
    product(handle: $handle) {
      id
      title
      description
      price {
        amount
        currency
      }
      related {
        ...Card
      }
    }
    shop {
      maxLineQuantity
    }
    rates {
      handle
      days
    }
  }
  ${CARD}
`;
const LIMITS = gql`
  query Limits {
    shop {
      maxLineQuantity
      freeShippingFrom {
        amount
      }
    }
  }
`;

const listAnswer = (page: number, search: string | null, products: unknown[]): Listed => ({
  query: LIST,
  variables: { page, search },
  data: { products: { __typename: "ProductPage", products, pageInfo: { __typename: "PageInfo", currentPage: page, totalCount: 40 } } },
});

const detailAnswer: Listed = {
  query: DETAIL,
  variables: { handle: "h-1" },
  data: {
    product: {
      __typename: "Product",
      id: "1",
      title: "One",
      description: "<p>One</p>",
      price: { __typename: "Money", amount: "12.00", currency: "USD" },
      // Another product twice (the same selection set twice).
      related: [card("2", "Two", "3.00"), card("3", "Three", "1.00"), card("2", "Two", "3.00")],
    },
    shop: { __typename: "Shop", maxLineQuantity: 10 },
    rates: [
      { __typename: "ShippingRate", handle: "standard", days: "5–7" },
      { __typename: "ShippingRate", handle: "express", days: null },
    ],
  },
};

const limitsAnswer: Listed = { query: LIMITS, data: { shop: { __typename: "Shop", maxLineQuantity: 10, freeShippingFrom: money("50.00") } } };

/** The same answers written by Apollo's writeQuery, one after the other, and put in a PageCache. */
function bothWays(answers: Listed[]) {
  const apollo = new InMemoryCache({ typePolicies, resultCaching: false });
  for (const { query, variables, data } of answers) apollo.writeQuery({ query, variables, data });
  const page = new PageCache(typePolicies);
  page.prefill(answers.map(({ query, variables = {}, data }) => ({ query, variables, data })));
  // The documents the hooks read with (the cache's transform of each, as Apollo's QueryManager makes it).
  const listed = answers.map(({ query, variables = {}, data }) => ({ query: page.transformDocument(query), variables, data }));
  return { apollo, page, listed };
}

const read = (cache: InMemoryCache, query: DocumentNode, variables: Record<string, unknown> = {}) =>
  cache.diff({ query: cache.transformDocument(query), variables, returnPartialData: true, optimistic: true });

describe("PageCache", () => {
  // Pages whose answers hold each object with the same values wherever they hold it.
  const pages: [string, Listed[]][] = [
    ["one list", [listAnswer(1, null, [card("1", "One", "12.00"), card("2", "Two", "3.00")])]],
    ["a product, its related products (one twice) and the shop's limits", [detailAnswer, limitsAnswer]],
    ["two lists sharing a product", [listAnswer(1, null, [card("1", "One", "12.00"), card("2", "Two", "3.00")]), listAnswer(2, "o", [card("3", "Three", "1.00"), card("1", "One", "12.00")])]],
    ["an empty list and a null product", [listAnswer(9, null, []), { query: DETAIL, variables: { handle: "gone" }, data: { product: null, shop: { __typename: "Shop", maxLineQuantity: 10 }, rates: [] } }]],
  ];
  // A product held by several answers with other values (renamed and repriced between two of the
  // page's queries) and with another selection of a field (its price with and without a currency).
  const changed: Listed[] = [
    listAnswer(1, null, [card("1", "One", "12.00"), card("2", "Two", "3.00")]),
    { ...detailAnswer, data: { ...detailAnswer.data, product: { ...(detailAnswer.data.product as object), title: "One, renamed", related: [card("1", "One, renamed", "12.00")] } } },
    listAnswer(2, "o", [card("3", "Three", "1.00"), card("1", "One", "12.50")]),
    limitsAnswer,
  ];

  it.each([...pages, ["a product held with other values", changed] as [string, Listed[]]])("holds what Apollo's writeQuery holds, field for field and in the same order: %s", (_, answers) => {
    const { apollo, page } = bothWays(answers);
    expect(JSON.stringify(page.extract())).toBe(JSON.stringify(apollo.extract()));
  });

  it.each(pages)("answers each listed query with its own data, which Apollo would read the same: %s", (_, answers) => {
    const { apollo, page, listed } = bothWays(answers);
    for (const answer of listed) {
      const diff = page.diff({ query: answer.query, variables: { ...answer.variables }, returnPartialData: true, optimistic: true });
      expect(diff.complete).toBe(true);
      expect(diff.result).toEqual(answer.data);
      expect(diff.result).toEqual(read(apollo, answers[listed.indexOf(answer)]!.query, answer.variables).result);
      // The answer kept, not read from the store: every read gives the same object (each of Apollo's is new).
      expect(page.diff({ query: answer.query, variables: answer.variables, returnPartialData: true, optimistic: true }).result).toBe(diff.result);
    }
  });

  it("gives plain objects that share nothing with the store, as Apollo's reads do", () => {
    // As graphql-js answers: objects without a prototype.
    const bare = <T extends object>(value: T): T => Object.assign(Object.create(null) as T, value);
    const product = bare({ __typename: "Product", id: "9", handle: "h-9", title: "Nine", tags: ["b", "a"], price: bare({ __typename: "Money", amount: "9.00" }), image: null });
    const answer: Listed = { query: LIST, variables: { page: 1, search: null }, data: bare({ products: bare({ __typename: "ProductPage", products: [product], pageInfo: bare({ __typename: "PageInfo", currentPage: 1, totalCount: 1 }) }) }) };
    const { page, listed } = bothWays([answer]);
    const read = page.diff({ query: listed[0]!.query, variables: listed[0]!.variables, returnPartialData: true, optimistic: true }).result as { products: { products: { tags: string[]; price: object }[] } };
    const card = read.products.products[0]!;
    expect(Object.getPrototypeOf(card)).toBe(Object.prototype);
    expect(Object.getPrototypeOf(card.price)).toBe(Object.prototype);
    card.tags.sort();
    expect((page.extract()["Product:9"] as { tags: string[] }).tags).toEqual(["b", "a"]);
  });

  it("gives a hook (Apollo's watched query, reading the cache alone) the kept answer", () => {
    const [, answers] = pages[1]!;
    const { page } = bothWays(answers);
    const client = new ApolloClient({ cache: page, link: ApolloLink.empty() });
    for (const { query, variables } of answers) {
      const result = client.watchQuery({ query, variables, fetchPolicy: "cache-only" }).getCurrentResult();
      expect(result.data).toBe(page.diff({ query: page.transformDocument(query), variables: variables ?? {}, returnPartialData: true, optimistic: true }).result);
      expect(result.dataState).toBe("complete");
    }
  });

  it("leaves every read to Apollo when an object is held with other values, which it reads as the last answer left them", () => {
    const { apollo, page, listed } = bothWays(changed);
    listed.forEach((answer, i) => {
      const diff = page.diff({ query: answer.query, variables: answer.variables, returnPartialData: true, optimistic: true });
      // Read from the store: each read a new object.
      expect(page.diff({ query: answer.query, variables: answer.variables, returnPartialData: true, optimistic: true }).result).not.toBe(diff.result);
      expect(diff.result).toEqual(read(apollo, changed[i]!.query, answer.variables).result);
    });
    const first = page.diff({ query: listed[0]!.query, variables: listed[0]!.variables, returnPartialData: true, optimistic: true }).result as { products: { products: { title: string; price: { amount: string } }[] } };
    // Its first answer said 12.00; the last one written says 12.50.
    expect(first.products.products[0]).toMatchObject({ title: "One", price: { amount: "12.50" } });
  });

  it("reads anything else from the store: other variables, another document, a part of it", () => {
    const { page, listed } = bothWays(pages[2]![1]);
    const other = page.diff({ query: listed[0]!.query, variables: { page: 3, search: null }, returnPartialData: true, optimistic: true });
    expect(other.complete).toBe(false);
    const another = page.diff({ query: page.transformDocument(gql`query { products(page: 1, search: null) { pageInfo { totalCount } } }`), returnPartialData: true, optimistic: true });
    expect(another.result).toEqual({ products: { __typename: "ProductPage", pageInfo: { __typename: "PageInfo", totalCount: 40 } } });
    expect(page.readFragment({ id: "Product:1", fragment: gql`fragment T on Product { title }` })).toEqual({ __typename: "Product", title: "One" });
  });

  it("stops answering from the listed data once the store is written to", () => {
    const { page, listed } = bothWays([limitsAnswer]);
    const [limits] = listed;
    page.writeQuery({ query: LIMITS, data: { shop: { __typename: "Shop", maxLineQuantity: 3, freeShippingFrom: money("50.00") } } });
    const diff = page.diff({ query: limits!.query, variables: {}, returnPartialData: true, optimistic: true });
    expect(page.diff({ query: limits!.query, variables: {}, returnPartialData: true, optimistic: true }).result).not.toBe(diff.result);
    expect(diff.result).toEqual({ shop: { __typename: "Shop", maxLineQuantity: 3, freeShippingFrom: money("50.00") } });
  });

  it("leaves to Apollo's writer a document it does not follow (a directive), with the same store", () => {
    const withDirective = gql`
      query Flagged($full: Boolean!) {
        shop {
          maxLineQuantity
          freeShippingFrom @include(if: $full) {
            amount
          }
        }
      }
    `;
    const answers = [{ query: withDirective, variables: { full: true }, data: limitsAnswer.data }, detailAnswer];
    const { apollo, page, listed } = bothWays(answers);
    expect(JSON.stringify(page.extract())).toBe(JSON.stringify(apollo.extract()));
    // Written by Apollo: read by Apollo too.
    const twice = [0, 1].map(() => page.diff({ query: listed[1]!.query, variables: listed[1]!.variables, returnPartialData: true, optimistic: true }).result);
    expect(twice[0]).not.toBe(twice[1]);
  });

  it("leaves to Apollo's writer a field answering the root type, whose fields Apollo keeps on the root itself", () => {
    const nestedRoot = gql`
      query Viewer {
        query {
          shop {
            maxLineQuantity
          }
        }
      }
    `;
    const { apollo, page } = bothWays([detailAnswer, { query: nestedRoot, data: { query: { __typename: "Query", shop: { __typename: "Shop", maxLineQuantity: 10 } } } }]);
    expect(JSON.stringify(page.extract())).toBe(JSON.stringify(apollo.extract()));
  });

  it("keeps what a cache already holds: answers put into one that is not empty are written by Apollo", () => {
    const page = new PageCache(typePolicies);
    page.writeQuery({ query: LIMITS, data: limitsAnswer.data });
    page.prefill([{ query: DETAIL, variables: detailAnswer.variables!, data: detailAnswer.data }]);
    const apollo = new InMemoryCache({ typePolicies, resultCaching: false });
    for (const { query, variables, data } of [limitsAnswer, detailAnswer]) apollo.writeQuery({ query, variables, data });
    expect(page.extract()).toEqual(apollo.extract());
  });
});
