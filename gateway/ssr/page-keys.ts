import { defaultFieldResolver, getNamedType, isObjectType, type GraphQLFieldResolver, type GraphQLSchema } from "graphql";
import type { CatalogTouched } from "../catalog/catalog.changes.js";
import type { GraphQLContext } from "../graphql/context.js";

// What a kept page shows, as keys: the page cache drops the pages whose keys a catalog change names,
// and a CDN in front purges them by the same keys (Surrogate-Key / Cache-Tag, docs/operations.md).

/** On every kept page: purging it purges them all (a change that names nothing). */
export const ALL_PAGES = "all";
/**
 * On a page showing a list drawn from the whole catalog (the shop list, a search, the best sellers,
 * the collections, the sitemap), or an address that names no product or collection yet: any
 * product added, removed, reordered or shown differently may change it.
 */
export const LISTING = "listing";
/** Recorded when a field answering the catalog failed: the page may lack what it should show, and keys for it. */
const FAILED = " failed";
const productKey = (id: string) => `product-${id}`;
const collectionKey = (id: string) => `collection-${id}`;

/** The keys of one page being rendered, every page's own among them. */
export function pageKeys(...keys: string[]): Set<string> {
  return new Set([ALL_PAGES, ...keys]);
}

/** What a render recorded: the page's keys, and whether every field answering the catalog answered (else the page is not kept). */
export function shownKeys(recorded: Set<string>): { keys: Set<string>; complete: boolean } {
  const keys = new Set(recorded);
  return { keys, complete: !keys.delete(FAILED) };
}

/** The keys of every page a catalog change makes wrong. */
export function keysTouchedBy(touched: CatalogTouched): string[] {
  if (touched === "everything") return [ALL_PAGES];
  return [...touched.products.map(productKey), ...touched.collections.map(collectionKey), ...(touched.lists ? [LISTING] : [])];
}

/** What a field's answer adds to the keys of the page being rendered. */
type Shown = (answer: unknown, args: Record<string, unknown>, context: GraphQLContext, keys: Set<string>) => void | Promise<void>;

/** Each product or collection answered by its id; none at all (a null) may be one added later. */
const byId =
  (key: (id: string) => string): Shown =>
  (answer, _args, _context, keys) => {
    if (answer === null || answer === undefined) return void keys.add(LISTING);
    for (const item of Array.isArray(answer) ? answer : [answer]) {
      const id = (item as { id?: unknown } | null)?.id;
      if (typeof id === "string") keys.add(key(id));
    }
  };

const listing: Shown = (_answer, _args, _context, keys) => void keys.add(LISTING);

/**
 * relatedProducts(handle): the products sharing the named product's collections, in their sales
 * order; so it reads differently after any change to those collections or their products.
 */
const relatedTo: Shown = async (_answer, args, { loaders }, keys) => {
  const product = await loaders.catalog.productByHandle.load(String(args.handle));
  if (!product) return void keys.add(LISTING);
  keys.add(productKey(product.id));
  for (const collection of await loaders.catalog.collectionsByProductId.load(product.id)) keys.add(collectionKey(collection.id));
};

const both =
  (...rules: Shown[]): Shown =>
  async (answer, args, context, keys) => {
    for (const rule of rules) await rule(answer, args, context, keys);
  };

/** Root fields that find one product or collection by id or handle: the page shows that one. */
const LOOKUPS = new Set(["product", "collection"]);
/** The types of root fields that answer the catalog: unless a lookup, a list drawn from all of it. */
const CATALOG_ANSWERS = new Set(["Product", "Collection", "ProductPage", "ProductConnection"]);

function shownBy(atRoot: boolean, field: string, type: string): Shown | null {
  const ids = type === "Product" ? byId(productKey) : type === "Collection" ? byId(collectionKey) : null;
  if (atRoot && field === "relatedProducts") return both(ids!, relatedTo);
  if (atRoot && CATALOG_ANSWERS.has(type) && !LOOKUPS.has(field)) return ids ? both(ids, listing) : listing;
  // A meme's availability follows its product's status, which it reads without answering the product.
  if (type === "Meme") return listing;
  return ids;
}

function recording(resolve: GraphQLFieldResolver<unknown, GraphQLContext>, shown: Shown): GraphQLFieldResolver<unknown, GraphQLContext> {
  return (source, args, context, info) => {
    const keys = context.pageKeys;
    if (!keys) return resolve(source, args, context, info);
    return (async () => {
      try {
        const answer: unknown = await resolve(source, args, context, info);
        await shown(answer, args, context, keys);
        return answer;
      } catch (error) {
        keys.add(FAILED);
        throw error;
      }
    })();
  };
}

const instrumented = new WeakSet<GraphQLSchema>();

/**
 * Makes every query field that answers products, collections or memes add to the keys of the page
 * being rendered (the context's pageKeys) what it showed, whichever screen asked and however deep:
 * the keys are derived from what the resolvers answered, never from the markup. Fields of API
 * requests (no pageKeys) resolve as they did. Once per schema.
 */
export function recordPageKeys(schema: GraphQLSchema): void {
  if (instrumented.has(schema)) return;
  instrumented.add(schema);
  const root = schema.getQueryType();
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__") || type === schema.getMutationType()) continue;
    for (const field of Object.values(type.getFields())) {
      const shown = shownBy(type === root, field.name, getNamedType(field.type).name);
      if (shown) field.resolve = recording((field.resolve ?? defaultFieldResolver) as GraphQLFieldResolver<unknown, GraphQLContext>, shown);
    }
  }
}
