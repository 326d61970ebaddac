import type { RequestHandler, Router } from "express";
import { errorAnswer, describedRouter, jsonAnswer, listOf, NOT_MODIFIED, type ApiOperation } from "../http/openapi.js";
import { route } from "../http/errors.js";
import { notFound } from "../shared/errors.js";
import { boolParam, intParam, stringParam } from "../http/params.js";
import { COLLECTION_JSON, COLLECTION_WITH_PRODUCTS_JSON, PRODUCT_DETAIL_JSON, PRODUCT_JSON, toCollectionJson, toProductDetailJson, toProductsJson } from "./catalog.view.js";
import { PAGE_INFO_JSON, restPageInfo } from "../http/page-info.js";
import type { CatalogService } from "./catalog.service.js";
import { ProductListArgs } from "./catalog.args.js";
import { parseInput } from "../shared/validation.js";
import type { CatalogCache } from "./catalog.cache.js";
import { markShareable } from "../http/front-cache.js";

// spec §7 catalog paths, each described for the REST API's document (http/openapi.ts).
const tag = "catalog";

const featuredProducts: ApiOperation = {
  method: "get",
  path: "/products/featured",
  tag,
  summary: "Featured products",
  description: "The products the home page features (spec §7), with their variants, options and collections.",
  responses: { 200: jsonAnswer("The featured products.", listOf(PRODUCT_JSON)), 304: NOT_MODIFIED },
};

const relatedProducts: ApiOperation = {
  method: "get",
  path: "/products/related/:handle",
  tag,
  summary: "Products related to a product",
  description: "Products to show beside the product with this handle (sharing its collections or tags); an unknown handle has none.",
  params: { handle: "The handle of the product being viewed." },
  responses: { 200: jsonAnswer("The related products (possibly none).", listOf(PRODUCT_JSON)), 304: NOT_MODIFIED },
};

const productList: ApiOperation = {
  method: "get",
  path: "/products",
  tag,
  summary: "Products, a page at a time",
  description:
    "The shop's products in the order `sort` names, optionally searched. With `customizable=true` and neither `page` nor `pageSize`, every customisable product at once (spec §7: {products[]}, no pageInfo).",
  query: ProductListArgs,
  responses: {
    200: jsonAnswer("A page of products and where it sits; only {products} for `customizable=true` without paging.", {
      title: "ProductPage",
      type: "object",
      required: ["products"],
      additionalProperties: false,
      properties: { products: listOf(PRODUCT_JSON), pageInfo: PAGE_INFO_JSON },
    }),
    304: NOT_MODIFIED,
    400: errorAnswer("A query parameter is refused (`field` names it): an unknown sort, a page below 1, a pageSize above 100, a search over 200 characters, a parameter given twice."),
  },
};

const product: ApiOperation = {
  method: "get",
  path: "/products/:handleOrId",
  tag,
  summary: "One product",
  description:
    "A product by its handle, or by its id (the customise screen asks by id and needs the variants, the print area and the blank mock-ups). A handle the product had before still answers it (its `handle` is the current one).",
  params: { handleOrId: "The product's handle (current or former) or id." },
  responses: {
    200: jsonAnswer("The product, with its print area and blank mock-ups.", PRODUCT_DETAIL_JSON),
    304: NOT_MODIFIED,
    404: errorAnswer('No product on sale has this handle or id ("Product not found"): also a draft or archived product.'),
  },
};

const collectionList: ApiOperation = {
  method: "get",
  path: "/collections",
  tag,
  summary: "Collections",
  description: "Every collection of the shop, without its products.",
  responses: { 200: jsonAnswer("The collections.", listOf(COLLECTION_JSON)), 304: NOT_MODIFIED },
};

const collection: ApiOperation = {
  method: "get",
  path: "/collections/:handle",
  tag,
  summary: "One collection with its products",
  description: "A collection by its handle (spec §7's slug), with every product in it.",
  params: { handle: "The collection's handle." },
  responses: { 200: jsonAnswer("The collection and its products.", COLLECTION_WITH_PRODUCTS_JSON), 304: NOT_MODIFIED, 404: errorAnswer('No collection has this handle ("Collection not found").') },
};

export const CATALOG_API = [featuredProducts, relatedProducts, productList, product, collectionList, collection];

/** spec §7 catalog paths: parse, call the catalog service, shape the answer (kept in the catalog cache). */
export function catalogRoutes(catalog: CatalogService, cache: CatalogCache): Router {
  const api = describedRouter(CATALOG_API);
  const cached = cachedCatalogAnswer(cache);

  api.on(
    featuredProducts,
    cached,
    route(async (_req, res) => {
      const loaders = res.locals.loaders.catalog;
      res.json(await toProductsJson(await catalog.featuredProducts(), loaders));
    }),
  );

  api.on(
    relatedProducts,
    cached,
    route(async (req, res) => {
      const loaders = res.locals.loaders.catalog;
      const products = await catalog.relatedProducts(String(req.params.handle));
      res.json(await toProductsJson(products, loaders));
    }),
  );

  api.on(
    productList,
    cached,
    route(async (req, res) => {
      const input = parseInput(ProductListArgs, {
        sort: stringParam(req, "sort") || undefined,
        page: intParam(req, "page"),
        pageSize: intParam(req, "pageSize"),
        search: stringParam(req, "search"),
        customizable: boolParam(req, "customizable"),
      });
      // spec §7: `?customizable=true` answers {products[]} with every customisable product; asking
      // for a page (page or pageSize) still pages.
      if (input.customizable === true && input.page === undefined && input.pageSize === undefined) {
        const products = await catalog.customizableProducts(input);
        return void res.json({ products: await toProductsJson(products, res.locals.loaders.catalog) });
      }
      const page = await catalog.listProducts(input);
      res.json({ products: await toProductsJson(page.items, res.locals.loaders.catalog), pageInfo: restPageInfo(page) });
    }),
  );

  api.on(
    product,
    cached,
    route(async (req, res) => {
      const product = await catalog.findProductByHandleOrId(String(req.params.handleOrId));
      if (!product) throw notFound("Product not found");
      res.json(await toProductDetailJson(product, res.locals.loaders.catalog));
    }),
  );

  api.on(
    collectionList,
    cached,
    route(async (_req, res) => {
      res.json((await catalog.collections()).map(toCollectionJson));
    }),
  );

  api.on(
    collection,
    cached,
    route(async (req, res) => {
      const collection = await catalog.findCollection({ handle: String(req.params.handle) });
      if (!collection) throw notFound("Collection not found");
      const loaders = res.locals.loaders.catalog;
      const products = await loaders.productsByCollectionId.load(collection.id);
      res.json({ ...toCollectionJson(collection), products: await toProductsJson(products, loaders) });
    }),
  );

  return api.done();
}

/**
 * REST's side of the catalog cache: a catalog path's 200 answer is kept under its address (path
 * and query) and sent as is to whoever asks next, until the catalog changes. Only for paths whose
 * answer is the catalog's alone (catalogRoutes puts it on each of them, never on a router: the
 * cart's and the account's paths pass through the same /api).
 */
function cachedCatalogAnswer(cache: CatalogCache): RequestHandler {
  return (req, res, next) => {
    if (!cache.enabled || req.method !== "GET") return next();
    const key = `rest:${req.originalUrl}`;
    const hit = cache.get(key);
    if (hit !== undefined) {
      // The HTTP front cache (http/front-cache.ts) may keep this answer for as long as this cache would.
      markShareable(res, cache.remainingMs(key));
      return void res.type("json").send(hit);
    }
    const version = cache.version;
    res.json = (body: unknown) => {
      const text = JSON.stringify(body);
      if (res.statusCode === 200) {
        cache.set(key, text, version);
        // Kept (not computed before a change): the front cache may keep it too, no longer than this one.
        markShareable(res, cache.remainingMs(key));
      }
      if (!res.get("Content-Type")) res.type("json");
      return res.send(text);
    };
    next();
  };
}
