import { buildSchema, graphql, type GraphQLSchema } from "graphql";
import { describe, expect, it } from "vitest";
import { keysTouchedBy, pageKeys, recordPageKeys, shownKeys } from "../gateway/ssr/page-keys.js";

// A page's keys come from what the resolvers of its render answered (gateway/ssr/page-keys.ts):
// the products and collections answered, `listing` for lists drawn from the whole catalog and for
// lookups that found nothing; a failed catalog field keeps the page from being kept. The catalog's
// shapes here are the gateway's (the same type and field names), with resolvers of fixed answers.

const SDL = /* GraphQL */ `
  type Product { id: ID! handle: String! collections: [Collection!]! }
  type Collection { id: ID! handle: String! products: [Product!]! }
  type ProductPage { products: [Product!]! }
  type Meme { id: ID! product: Product }
  type Query {
    product(handle: String!): Product
    collection(handle: String!): Collection
    products: ProductPage!
    collections: [Collection!]!
    relatedProducts(handle: String!): [Product!]!
    memes: [Meme!]!
    broken: [Product!]!
  }
`;

const mugs = { id: "c-mugs", handle: "mugs" };
const mug = { id: "p-mug", handle: "mug", collections: [mugs] };
const cup = { id: "p-cup", handle: "cup", collections: [mugs] };
const tee = { id: "p-tee", handle: "tee", collections: [] };

function catalogSchema(): GraphQLSchema {
  const schema = buildSchema(SDL);
  const query = schema.getQueryType()!.getFields();
  const byHandle = (handle: string) => [mug, cup, tee].find((p) => p.handle === handle) ?? null;
  query.product!.resolve = (_root, { handle }: { handle: string }) => byHandle(handle);
  query.collection!.resolve = (_root, { handle }: { handle: string }) => (handle === "mugs" ? { ...mugs, products: [mug, cup] } : null);
  query.products!.resolve = () => ({ products: [mug, tee] });
  query.collections!.resolve = () => [mugs];
  query.relatedProducts!.resolve = (_root, { handle }: { handle: string }) => (handle === "mug" ? [cup] : []);
  query.memes!.resolve = () => [{ id: "m1", product: null }];
  query.broken!.resolve = () => Promise.reject(new Error("database unavailable"));
  recordPageKeys(schema);
  return schema;
}

/** The loaders relatedProducts' rule reads (the gateway's catalog loaders, by handle and by product). */
const loaders = {
  catalog: {
    productByHandle: { load: async (handle: string) => [mug, cup, tee].find((p) => p.handle === handle) ?? null },
    collectionsByProductId: { load: async (id: string) => [mug, cup, tee].find((p) => p.id === id)?.collections ?? [] },
  },
};

async function keysOf(schema: GraphQLSchema, query: string) {
  const recorded = pageKeys();
  const result = await graphql({ schema, source: query, contextValue: { pageKeys: recorded, loaders } });
  return { ...shownKeys(recorded), errors: result.errors?.map((e) => e.message) ?? [] };
}

describe("a page's keys", () => {
  const schema = catalogSchema();

  it.each([
    ["a product page: the product and the collections it shows", "{ product(handle: \"mug\") { handle collections { handle } } }", ["all", "product-p-mug", "collection-c-mugs"]],
    ["a product page that selects no id still names its product", "{ product(handle: \"tee\") { handle } }", ["all", "product-p-tee"]],
    ["an address naming no product: a list change may fill it", "{ product(handle: \"new\") { handle } }", ["all", "listing"]],
    ["a collection page: the collection and its products", "{ collection(handle: \"mugs\") { products { handle } } }", ["all", "collection-c-mugs", "product-p-mug", "product-p-cup"]],
    ["the shop list: a listing with the products it shows", "{ products { products { handle } } }", ["all", "listing", "product-p-mug", "product-p-tee"]],
    ["the collections' list", "{ collections { handle } }", ["all", "listing", "collection-c-mugs"]],
    ["related products: the product named and its collections, whose products they are", "{ relatedProducts(handle: \"mug\") { handle } }", ["all", "product-p-cup", "product-p-mug", "collection-c-mugs"]],
    ["related products of nothing", "{ relatedProducts(handle: \"new\") { handle } }", ["all", "listing"]],
    ["a meme, whose availability follows its product's status", "{ memes { id } }", ["all", "listing"]],
  ])("%s", async (_what, query, expected) => {
    const { keys, complete, errors } = await keysOf(schema, query);
    expect(errors).toEqual([]);
    expect(complete).toBe(true);
    expect([...keys].sort()).toEqual([...expected].sort());
  });

  it("are incomplete when a catalog field fails: the page is not kept", async () => {
    const { complete, errors } = await keysOf(schema, "{ broken { handle } product(handle: \"mug\") { handle } }");
    expect(errors).toEqual(["database unavailable"]);
    expect(complete).toBe(false);
  });

  it("are not asked for outside a page render: API requests answer as before", async () => {
    const result = await graphql({ schema, source: "{ product(handle: \"mug\") { handle } products { products { handle } } }", contextValue: { loaders } });
    expect(result).toEqual({ data: { product: { handle: "mug" }, products: { products: [{ handle: "mug" }, { handle: "tee" }] } } });
  });
});

describe("what a change names", () => {
  it("turns into the keys pages carry: products, collections, listing; everything is `all`", () => {
    expect(keysTouchedBy({ products: ["p-mug"], collections: ["c-mugs"], lists: true })).toEqual(["product-p-mug", "collection-c-mugs", "listing"]);
    expect(keysTouchedBy({ products: [], collections: ["c-mugs"], lists: false })).toEqual(["collection-c-mugs"]);
    expect(keysTouchedBy("everything")).toEqual(["all"]);
  });
});
