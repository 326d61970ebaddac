import { Router, type Request, type Response } from "express";
import type { GraphQLSchema } from "graphql";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import { errorFields } from "../logger.js";
import type { Services } from "../services.js";
import type { GraphQLContext } from "../graphql/context.js";
import { isConnectionError } from "../db/database.js";
import { allowPageScripts } from "../http/security-headers.js";
import { RenderSlots } from "./render-slots.js";
import { HtmlCache, type CachedPage, type PageRender, type PageSource } from "./html-cache.js";
import { createPageRenderer, type ClientBuild } from "./page-renderer.js";
import { buildSitemap } from "./sitemap.js";
import { LISTING, pageKeys, recordPageKeys, shownKeys } from "./page-keys.js";

/** robots.txt, exactly as the shop wants crawlers to behave. */
function robotsTxt(publicUrl: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /store/",
    "Disallow: /dashboard",
    "Disallow: /account",
    "Disallow: /order/",
    "Disallow: /cart",
    "Disallow: /checkout-success",
    "Disallow: /admin",
    "",
    `Sitemap: ${new URL("/sitemap.xml", publicUrl).toString()}`,
    "",
  ].join("\n");
}

export interface PageRoutesDeps {
  build: ClientBuild;
  schema: GraphQLSchema;
  services: Services;
  config: Pick<Config, "publicUrl" | "graphqlLimits">;
  logger: Logger;
  cache?: { ttlMs: number; maxEntries: number };
  /**
   * A CDN in front keeps the shop's pages too (CDN_PURGE_URL is set): they are sent public for it,
   * with their keys, and the CDN is purged by those keys after each change (app.ts).
   */
  cdn?: boolean;
}

export interface PageRoutes {
  router: Router;
  /** The pages kept in memory: `invalidate(keys)` after a catalog change (page-keys.ts names the keys). */
  cache: HtmlCache;
}

/**
 * Private pages, rendered afresh for every request: never kept in the page cache (whose room is
 * for the shop's pages), never stored by a browser or proxy, never indexed. The staff's admin
 * (rendered by the browser after sign-in, so its shell is sent as it is), and the account pages an
 * emailed link opens: their address carries a token, which the page reads in the browser (it is
 * rendered here without the query, so no HTML holds it).
 */
const PRIVATE_PAGES: readonly RegExp[] = [/^\/admin(\/|$)/, /^\/account\/(forgot-password|reset-password|verify-email|delete-account)\/?$/];

const isPrivatePage = (path: string) => PRIVATE_PAGES.some((page) => page.test(path));

/**
 * Pages about one shopper, read from their address: a finished checkout, whose query is the store's
 * redirect (the order's number, email, total, and its status link, by whose token the page shows
 * what was bought and where it goes). Rendered with that query for each request, answered to that
 * request alone and never kept: not in the page cache, not by a browser or a proxy (their HTML says
 * noindex). Told by the path the renderer reads (a "//host/…" address is the renderer's "/…"); the
 * renderer marks such a page unshared too (web/src/routes.tsx, perRequest), and one is never kept.
 */
const SHOPPER_PAGES: readonly RegExp[] = [/^\/checkout-success\/?$/];

/** Never stored by a browser or anything between it and the shop. */
const SHOPPER_CACHE_CONTROL = "private, no-store";

/**
 * The visitor's own screens (their cart, account, orders, sign-in, a discount link): the same shell
 * for everyone here, kept in memory like any page, but never handed to a CDN,
 * whose copy would outlive the visit for nothing.
 */
const VISITOR_PAGES: readonly RegExp[] = [/^\/(cart|dashboard|account|login)(\/|$)/, /^\/(order|discount)\//];

const sharedWithCdn = (path: string) => !VISITOR_PAGES.some((page) => page.test(path));

/**
 * Pages live a minute in memory (then one more while a fresh render replaces them): what no change
 * announces shows within that; a catalog change drops the pages it touched at once.
 */
const DEFAULT_PAGE_CACHE = { ttlMs: 60_000, maxEntries: 1_000 };

/**
 * Pages a worker renders at once (render-slots.ts): enough to keep its thread busy while a page's
 * data is read; a crawl's thirty-two connections then cost a worker four renders' memory, not thirty-two.
 */
const RENDER_SLOTS = 4;

/** A CDN's own copy may hold a page no longer than its own cache does. */
const cdnCacheControl = (ttlMs: number) => {
  const seconds = Math.round(ttlMs / 1000);
  return `public, max-age=0, s-maxage=${seconds}, stale-while-revalidate=${seconds}`;
};
/** Surrogate-Key and Cache-Tag stay under what CDNs take (16 kB); a page showing more is left to the shop's own cache. */
const MOST_KEY_BYTES = 8_000;

/**
 * The shop's pages rendered on the gateway, with their data in them, from memory (html-cache.ts)
 * until a catalog change touches what they show or they are a minute old; plus /robots.txt and
 * /sitemap.xml. Each render records the products and collections it showed (page-keys.ts). Every page is
 * rendered for an anonymous visitor (no session is read here), so any of them can be cached and
 * sent to anyone, but those about one shopper read from their address (SHOPPER_PAGES, rendered for
 * each request and kept nowhere); the browser fills in the visitor's own parts (name, cart) after hydrating.
 */
export function pageRoutes(deps: PageRoutesDeps): PageRoutes {
  const { build, schema, services, config, logger } = deps;
  const renderer = createPageRenderer(build, { publicUrl: config.publicUrl, schema });
  recordPageKeys(schema);
  const settings = deps.cache ?? DEFAULT_PAGE_CACHE;
  const cache = new HtmlCache({
    ...settings,
    onRefreshError: (url, error) => logger.error("page render failed", { path: url, ...errorFields(error) }),
  });
  const timeoutMs = config.graphqlLimits.timeoutMs;
  const slots = new RenderSlots(RENDER_SLOTS);
  const cacheControl = cdnCacheControl(settings.ttlMs);

  const anonymousContext = (requestId: string, keys?: Set<string>): GraphQLContext => ({
    services,
    loaders: services.createLoaders(),
    requestId,
    logger,
    customerId: null,
    principal: null,
    publicUrl: config.publicUrl,
    session: {
      signIn: () => Promise.reject(new Error("No session while rendering a page")),
      signInStaff: () => Promise.reject(new Error("No session while rendering a page")),
      beginStaffSecondStep: () => Promise.reject(new Error("No session while rendering a page")),
      staffSecondStep: () => null,
      clearStaffSecondStep: () => Promise.resolve(),
      signOut: () => Promise.resolve(),
      sessionId: null,
      clientKey: "gateway",
      signInClient: { key: "gateway", trustedDevice: () => null },
      rememberDevice: () => {
        throw new Error("No session while rendering a page");
      },
    },
    deadline: { at: Date.now() + timeoutMs, ms: timeoutMs },
    pageKeys: keys,
  });

  const render = async (url: string, requestId: string, keys?: Set<string>) => {
    // The render's time (its signal, its resolvers' deadline) starts once the renderer is loaded:
    // the first page imports it, for seconds on a busy machine.
    await build.renderer();
    return renderer.render(url, anonymousContext(requestId, keys), AbortSignal.timeout(timeoutMs));
  };

  /**
   * The page for this address with the keys of what it shows, or null when its data did not arrive
   * in time; one whose catalog data failed is answered but not kept.
   */
  const renderPage = async (url: string, requestId: string): Promise<PageRender | null> => {
    const recorded = pageKeys();
    // No slot within the render's own deadline: answered as a page whose data did not arrive.
    const page = await slots.run(() => render(url, requestId, recorded), timeoutMs);
    if (!page) {
      logger.warn("page not rendered: every render slot stayed busy", { requestId, path: url, waitedMs: timeoutMs });
      return null;
    }
    const round = (ms: number) => Math.round(ms * 10) / 10;
    logger.debug("page rendered", { requestId, path: url, renders: page.renders, fragments: page.fragments, dataMs: round(page.timings.data), renderMs: round(page.timings.render), stylesMs: round(page.timings.styles) });
    const { keys, complete } = shownKeys(recorded);
    // A page about one shopper is never kept, whatever brought it here.
    return page.complete ? { status: page.status, html: page.html, location: page.location, keys, keep: complete && page.shared, scriptHashes: page.scriptHashes } : null;
  };

  /** A page about one shopper (SHOPPER_PAGES): rendered for this request, sent to it alone, kept nowhere. */
  const sendShopperPage = async (req: Request, res: Response) => {
    res.setHeader("Cache-Control", SHOPPER_CACHE_CONTROL);
    const page = await slots.run(() => render(req.originalUrl, req.id), timeoutMs);
    if (!page?.complete) {
      // No slot, or its data failed or did not arrive in time: the browser renders the page itself.
      logger.warn("page not rendered", { requestId: req.id, path: req.path, reason: page ? "its data failed or came too late" : "every render slot stayed busy" });
      res.status(503).setHeader("X-Robots-Tag", "noindex");
      return void res.type("html").send(build.template);
    }
    logger.debug("page rendered", { requestId: req.id, path: req.path, renders: page.renders, shared: page.shared });
    if (page.location !== null) return void res.status(page.status).setHeader("Location", page.location).end();
    // end(), not send(): no ETag, so no 304 answers it from anyone's copy. Compressed on the fly (app.ts).
    allowPageScripts(res, page.scriptHashes);
    res.status(page.status).type("html").end(page.html);
  };

  /**
   * The headers of a kept page: for browsers, ask again each time (a 304 when unchanged); for a CDN,
   * keep it as long as the shop does, purged by its keys (docs/operations.md "A CDN or Varnish in front").
   */
  const cachingHeaders = (req: Request, res: Response, page: CachedPage, source: PageSource) => {
    res.setHeader("X-Page-Cache", source);
    const tags = deps.cdn && sharedWithCdn(req.path) ? page.keys.join(" ") : "";
    if (!tags || tags.length > MOST_KEY_BYTES) return void res.setHeader("Cache-Control", "no-cache");
    res.setHeader("Cache-Control", cacheControl);
    res.setHeader("Surrogate-Key", tags);
    res.setHeader("Cache-Tag", page.keys.join(","));
    res.setHeader("Age", String(Math.max(0, Math.floor((Date.now() - page.renderedAt) / 1000))));
  };

  const send = (req: Request, res: Response, { page, source }: { page: CachedPage; source: PageSource }, type: string) => {
    cachingHeaders(req, res, page, source);
    allowPageScripts(res, page.scriptHashes);
    if (page.location !== null) {
      // A product asked by a handle it gave up: its own address, with the same query (?variant=).
      // Not kept by browsers for good: the old handle may one day name another product.
      res.status(page.status).setHeader("Location", page.location);
      return void res.end();
    }
    res.status(page.status);
    res.setHeader("Content-Type", type);
    // Every visitor gets the same page.
    res.setHeader("Vary", "Accept-Encoding");
    res.setHeader("ETag", page.etag);
    if (req.fresh) {
      res.status(304).end();
      return;
    }
    // Brotli whenever the browser takes it (a page is ~10 % smaller than gzip). Asked as one list,
    // equal preferences go by the header's order, and browsers send "gzip, deflate, br, zstd".
    const encoding = req.acceptsEncodings("br") ? "br" : req.acceptsEncodings("gzip") ? "gzip" : "identity";
    const body = page.bodyFor(encoding);
    if (encoding === "br" || encoding === "gzip") res.setHeader("Content-Encoding", encoding);
    res.setHeader("Content-Length", String(body.length));
    res.end(req.method === "HEAD" ? undefined : body);
  };

  const router = Router();
  router.get("/robots.txt", (_req, res) => {
    res.type("text/plain").setHeader("Cache-Control", "public, max-age=3600");
    res.send(robotsTxt(config.publicUrl));
  });

  // Browsers ask for /favicon.ico whatever the page's <link rel="icon"> says.
  router.get("/favicon.ico", (_req, res) => res.redirect(301, "/favicon.svg"));

  router.get("/sitemap.xml", async (req, res, next) => {
    try {
      const sitemap = async (): Promise<PageRender> => ({ status: 200, html: await buildSitemap(services, config.publicUrl), location: null, keys: pageKeys(LISTING) });
      send(req, res, (await cache.page(req.path, sitemap))!, "application/xml; charset=utf-8");
    } catch (error) {
      next(error);
    }
  });

  router.get("/{*splat}", async (req, res, next) => {
    try {
      if (isPrivatePage(req.path)) {
        const page = await render(req.path, req.id);
        allowPageScripts(res, page.scriptHashes);
        res.status(page.status).setHeader("Cache-Control", "no-store");
        res.setHeader("X-Robots-Tag", "noindex, nofollow");
        // end(), not send(): no ETag, so no 304 answers a private page from anyone's copy.
        return void res.type("html").end(page.html);
      }
      if (SHOPPER_PAGES.some((page) => page.test(new URL(req.originalUrl, config.publicUrl).pathname))) return await sendShopperPage(req, res);
      const page = await cache.page(req.originalUrl, () => renderPage(req.originalUrl, req.id));
      if (page) return send(req, res, page, "text/html; charset=utf-8");
      // The data did not arrive in time: the browser renders the page itself.
      res.status(503).setHeader("Cache-Control", "no-store");
      res.type("html").send(build.template);
    } catch (error) {
      logger.error("page render failed", { requestId: req.id, path: req.path, ...errorFields(error) });
      if (res.headersSent) return next(error);
      // The shop still works as a single-page app; the status tells crawlers to come back later.
      res.status(isConnectionError(error) ? 503 : 500).setHeader("Cache-Control", "no-store");
      res.type("html").send(build.template);
    }
  });

  return { router, cache };
}
