import { getNamedType, getNullableType, isLeafType, isListType, type DocumentNode, type GraphQLField, type GraphQLSchema } from "graphql";
import { getComplexity, type ComplexityEstimator } from "graphql-query-complexity";
import { MAX_PAGE_SIZE } from "../../shared/paging.js";

/** The arguments that say how many items a list field answers. */
const LIST_SIZE_ARGUMENTS = ["pageSize", "first"] as const;

/** What a list without a size argument counts as (variants of a product, lines of an order, a customer's orders…). */
const UNSIZED_LIST_ITEMS = 10;

/** A flat price for `__schema` / `__type`: their contents are bounded by graphql-js's MaxIntrospectionDepthRule. */
const INTROSPECTION_COST = 100;

/**
 * Lists that hold the items of a page whose size argument (`products(pageSize)`, `memes(pageSize)`,
 * `productsConnection(first)`, `adminOrders(first)`, `auditLog(first)`, `adminProducts(pageSize)`, `adminMemes(pageSize)`,
 * `bulkPricePreview(pageSize)`, `AdminCollection.products(pageSize)`, `promotions(first)`, `AdminPromotion.codes(first)`) already multiplied them.
 */
const PAGE_ITEM_LISTS = new Set([
  "ProductPage.products",
  "MemePage.memes",
  "ProductConnection.edges",
  "ProductConnection.nodes",
  "AdminOrderConnection.edges",
  "AdminOrderConnection.nodes",
  "AuditLogConnection.nodes",
  "AdminProductList.nodes",
  "AdminMemeList.nodes",
  "BulkChangePreview.products",
  "AdminCollectionProductList.nodes",
  "AdminPromotionConnection.nodes",
  "AdminDiscountCodeConnection.nodes",
]);

/**
 * The field's size argument; one the request leaves unusable counts as the largest size the API
 * accepts. An optional size left out (`variants` without `first`: all of them) is no size: the
 * list counts as any unsized one.
 */
function sizeArgument(field: GraphQLField<unknown, unknown>, args: Record<string, unknown>): number | null {
  for (const name of LIST_SIZE_ARGUMENTS) {
    if (!field.args.some((a) => a.name === name)) continue;
    const value = args[name];
    if (value === undefined || value === null) return null;
    return typeof value === "number" && Number.isFinite(value) ? Math.min(MAX_PAGE_SIZE, Math.max(0, Math.ceil(value))) : MAX_PAGE_SIZE;
  }
  return null;
}

/**
 * The shop's cost model: every field costs 1; a field with a size argument costs 1 plus its size
 * times what one item costs; a list without one counts UNSIZED_LIST_ITEMS items; a list of scalars
 * (tags, option values) costs 1.
 */
const shopCostEstimator: ComplexityEstimator = ({ type, field, args, childComplexity }) => {
  if (type.name.startsWith("__")) return 0;
  if (field.name === "__schema" || field.name === "__type") return INTROSPECTION_COST;
  const size = sizeArgument(field, args);
  if (size !== null) return 1 + size * Math.max(1, childComplexity);
  const fieldType = getNullableType(field.type);
  if (isListType(fieldType) && !isLeafType(getNamedType(fieldType)) && !PAGE_ITEM_LISTS.has(`${type.name}.${field.name}`)) {
    return 1 + UNSIZED_LIST_ITEMS * childComplexity;
  }
  return 1 + childComplexity;
};

/** The cost of one operation of a document, with its variables (an unknown or invalid variable counts as its default). */
export function operationCost(schema: GraphQLSchema, document: DocumentNode, variables: Record<string, unknown> | undefined, operationName?: string | null): number {
  return getComplexity({
    schema,
    query: document,
    variables: variables ?? {},
    ...(operationName ? { operationName } : {}),
    estimators: [shopCostEstimator],
  });
}
