/* eslint-disable */
import * as types from './graphql';
import type { TypedDocumentNode as DocumentNode } from '@graphql-typed-document-node/core';

/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n  }\n}": typeof types.ProductCard_ProductFragmentDoc,
    "mutation CartSync($lines: [CartSyncLineInput!]!) {\n  cartSync(lines: $lines) {\n    cartId\n    checkoutUrl\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.CartSyncDocument,
    "query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}": typeof types.CollectionRouteDocument,
    "query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": typeof types.CollectionsRouteDocument,
    "query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}": typeof types.HomeFeaturedMemeDocument,
    "query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}": typeof types.HomePopularProductsDocument,
    "query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": typeof types.HomePromoBannerDocument,
    "query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": typeof types.HomeCollectionsDocument,
    "fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}": typeof types.ShippingRates_ShopFragmentDoc,
    "mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": typeof types.SubscribeNewsletterDocument,
    "query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}": typeof types.RelatedProductsDocument,
    "query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": typeof types.CartRouteDocument,
    "query HomeRoute {\n  featuredProducts {\n    id\n    handle\n    title\n    price {\n      amount\n    }\n    featuredImage {\n      url\n      altText\n    }\n  }\n}": typeof types.HomeRouteDocument,
    "query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      id\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    ...ShippingRates_shop\n  }\n}": typeof types.ProductRouteDocument,
    "query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}": typeof types.ShippingRouteDocument,
    "query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}": typeof types.ShopRouteDocument,
    "query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}": typeof types.TrackRouteDocument,
};
const documents: Documents = {
    "fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n  }\n}": types.ProductCard_ProductFragmentDoc,
    "mutation CartSync($lines: [CartSyncLineInput!]!) {\n  cartSync(lines: $lines) {\n    cartId\n    checkoutUrl\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.CartSyncDocument,
    "query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}": types.CollectionRouteDocument,
    "query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": types.CollectionsRouteDocument,
    "query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}": types.HomeFeaturedMemeDocument,
    "query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}": types.HomePopularProductsDocument,
    "query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": types.HomePromoBannerDocument,
    "query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}": types.HomeCollectionsDocument,
    "fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}": types.ShippingRates_ShopFragmentDoc,
    "mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}": types.SubscribeNewsletterDocument,
    "query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}": types.RelatedProductsDocument,
    "query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}": types.CartRouteDocument,
    "query HomeRoute {\n  featuredProducts {\n    id\n    handle\n    title\n    price {\n      amount\n    }\n    featuredImage {\n      url\n      altText\n    }\n  }\n}": types.HomeRouteDocument,
    "query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      id\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    ...ShippingRates_shop\n  }\n}": types.ProductRouteDocument,
    "query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}": types.ShippingRouteDocument,
    "query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}": types.ShopRouteDocument,
    "query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}": types.TrackRouteDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 *
 *
 * @example
 * ```ts
 * const query = graphql(`query GetUser($id: ID!) { user(id: $id) { name } }`);
 * ```
 *
 * The query argument is unknown!
 * Please regenerate the types.
 */
export function graphql(source: string): unknown;

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n  }\n}"): (typeof documents)["fragment ProductCard_product on Product {\n  id\n  handle\n  title\n  tags\n  price {\n    amount\n  }\n  compareAtPrice {\n    amount\n  }\n  featuredImage {\n    url\n    altText\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation CartSync($lines: [CartSyncLineInput!]!) {\n  cartSync(lines: $lines) {\n    cartId\n    checkoutUrl\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation CartSync($lines: [CartSyncLineInput!]!) {\n  cartSync(lines: $lines) {\n    cartId\n    checkoutUrl\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}"): (typeof documents)["query CollectionRoute($handle: String!) {\n  collection(handle: $handle) {\n    id\n    handle\n    title\n    description\n    products {\n      ...ProductCard_product\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"): (typeof documents)["query CollectionsRoute {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}"): (typeof documents)["query HomeFeaturedMeme {\n  featuredMeme {\n    id\n    title\n    description\n    imageUrl\n    tags\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}"): (typeof documents)["query HomePopularProducts {\n  featuredProducts(first: 4) {\n    ...ProductCard_product\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"): (typeof documents)["query HomePromoBanner {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"): (typeof documents)["query HomeCollections {\n  collections {\n    id\n    handle\n    title\n    description\n    image {\n      url\n      altText\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}"): (typeof documents)["fragment ShippingRates_shop on Shop {\n  freeShippingThreshold {\n    amount\n  }\n  shippingRates {\n    handle\n    title\n    deliveryEstimate\n    price {\n      amount\n    }\n    freeAtOrAbove {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"): (typeof documents)["mutation SubscribeNewsletter($email: String!) {\n  subscribeNewsletter(email: $email) {\n    email\n    userErrors {\n      code\n      field\n      message\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}"): (typeof documents)["query RelatedProducts($handle: String!) {\n  relatedProducts(handle: $handle, first: 4) {\n    ...ProductCard_product\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"): (typeof documents)["query CartRoute {\n  shop {\n    freeShippingThreshold {\n      amount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query HomeRoute {\n  featuredProducts {\n    id\n    handle\n    title\n    price {\n      amount\n    }\n    featuredImage {\n      url\n      altText\n    }\n  }\n}"): (typeof documents)["query HomeRoute {\n  featuredProducts {\n    id\n    handle\n    title\n    price {\n      amount\n    }\n    featuredImage {\n      url\n      altText\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      id\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    ...ShippingRates_shop\n  }\n}"): (typeof documents)["query ProductRoute($handle: String!) {\n  product(handle: $handle) {\n    id\n    handle\n    title\n    description\n    tags\n    fulfillmentPartner\n    price {\n      amount\n    }\n    compareAtPrice {\n      amount\n    }\n    images {\n      id\n      url\n      altText\n    }\n    options {\n      id\n      name\n      values\n    }\n    variants {\n      id\n      title\n      price {\n        amount\n      }\n      compareAtPrice {\n        amount\n      }\n      selectedOptions {\n        name\n        value\n      }\n    }\n    collections {\n      handle\n      title\n    }\n  }\n  shop {\n    ...ShippingRates_shop\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}"): (typeof documents)["query ShippingRoute {\n  shop {\n    ...ShippingRates_shop\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}"): (typeof documents)["query ShopRoute($page: Int!, $search: String, $sort: ProductSortKey!) {\n  products(page: $page, search: $search, sort: $sort) {\n    products {\n      ...ProductCard_product\n    }\n    pageInfo {\n      currentPage\n      totalPages\n      totalCount\n    }\n  }\n}"];
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}"): (typeof documents)["query TrackRoute($orderNumber: Int!, $email: String!) {\n  orderStatusLookup(orderNumber: $orderNumber, email: $email)\n}"];

export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}

export type DocumentType<TDocumentNode extends DocumentNode<any, any>> = TDocumentNode extends DocumentNode<  infer TType,  any>  ? TType  : never;