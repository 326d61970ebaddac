import type { RequestHandler } from "express";
import type { CatalogCache } from "./catalog.cache.js";
import { markShareable } from "../http/front-cache.js";

/**
 * REST's side of the catalog cache: a catalog path's 200 answer is kept under its address (path
 * and query) and sent as is to whoever asks next, until the catalog changes. Only for paths whose
 * answer is the catalog's alone (catalog.rest.ts puts it on each of them, never on a router: the
 * cart's and the account's paths pass through the same /api).
 */
export function cachedCatalogAnswer(cache: CatalogCache): RequestHandler {
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
