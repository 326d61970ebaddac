import { Router, type RequestHandler } from "express";
import { route } from "../http/errors.js";
import { notFound } from "../shared/errors.js";
import { boolParam, intParam, stringParam } from "../http/params.js";
import { toCollectionJson, toProductJson, toProductsJson } from "./catalog.view.js";
import { restPageInfo } from "../http/page-info.js";
import type { CatalogService } from "./catalog.service.js";
import { ProductListArgs } from "./catalog.args.js";
import { parseInput } from "../shared/validation.js";
import type { CatalogCache } from "./catalog.cache.js";
import { markShareable } from "../http/front-cache.js";

/** spec §7 catalog paths: parse, call the catalog service, shape the answer (kept in the catalog cache). */
export function catalogRoutes(catalog: CatalogService, cache: CatalogCache): Router {
  const router = Router();
  const cached = cachedCatalogAnswer(cache);

  router.get(
    "/products/featured",
    cached,
    route(async (_req, res) => {
      const loaders = res.locals.loaders.catalog;
      res.json(await toProductsJson(await catalog.featuredProducts(), loaders));
    }),
  );

  router.get(
    "/products/related/:handle",
    cached,
    route(async (req, res) => {
      const loaders = res.locals.loaders.catalog;
      const products = await catalog.relatedProducts(String(req.params.handle));
      res.json(await toProductsJson(products, loaders));
    }),
  );

  router.get(
    "/products",
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

  router.get(
    "/products/:handleOrId",
    cached,
    route(async (req, res) => {
      const product = await catalog.findProductByHandleOrId(String(req.params.handleOrId));
      if (!product) throw notFound("Product not found");
      res.json(await toProductJson(product, res.locals.loaders.catalog));
    }),
  );

  router.get(
    "/collections",
    cached,
    route(async (_req, res) => {
      res.json((await catalog.collections()).map(toCollectionJson));
    }),
  );

  router.get(
    "/collections/:handle",
    cached,
    route(async (req, res) => {
      const collection = await catalog.findCollection({ handle: String(req.params.handle) });
      if (!collection) throw notFound("Collection not found");
      const loaders = res.locals.loaders.catalog;
      const products = await loaders.productsByCollectionId.load(collection.id);
      res.json({ ...toCollectionJson(collection), products: await toProductsJson(products, loaders) });
    }),
  );

  return router;
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
