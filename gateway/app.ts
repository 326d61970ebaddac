// TypeGraphQL's decorators need the metadata API before any decorated class loads; the REST
// adapters below import input classes, so it comes first here, as in graphql-server/schema.ts.
import "reflect-metadata";
import type { IncomingMessage, RequestListener } from "node:http";
import express, { type Express, type RequestHandler } from "express";
import compression from "compression";
import type { Kysely } from "kysely";
import type { Config } from "./config.js";
import type { Database } from "./db/schema.js";
import { isConnectionError, type Listen } from "./db/database.js";
import { errorFields, type Logger } from "./logger.js";
import { createServices, type Services } from "./services.js";
import { ignoredForwardedForWarning, requestContext } from "./http/request-context.js";
import { apiNotFound, errorHandler } from "./http/errors.js";
import { refuseCrossSiteWrites } from "./http/cross-site.js";
import { clientRoutes, readClientShell } from "./http/static.js";
import { middlewareChain } from "./http/middleware-chain.js";
import { clientSecurityHeaders, graphqlSecurityHeaders, inlineScriptHashes } from "./http/security-headers.js";
import { FrontCache } from "./http/front-cache.js";
import { SESSION_COOKIE } from "./sessions/session-auth.js";
import { catalogRoutes } from "./catalog/catalog.rest.js";
import { memeRoutes } from "./memes/meme.rest.js";
import { memeAdminRoutes } from "./memes/meme-admin.rest.js";
import { mediaRoutes } from "./media/media.rest.js";
import { createGraphQLMiddleware, refuseBatches, type GraphQLHandle } from "./graphql-server/server.js";
import { authRoutes } from "./customers/auth.rest.js";
import { orderRoutes } from "./orders/order.rest.js";
import { designRoutes } from "./designs/design.rest.js";
import { productImageRoutes } from "./catalog/product-images.rest.js";
import { productMockupRoutes } from "./catalog/product-mockups.rest.js";
import { collectionAdminRoutes } from "./catalog/collection-admin.rest.js";
import { catalogCsvRoutes } from "./catalog/catalog-csv.rest.js";
import { promotionAdminRoutes } from "./promotions/promotion-admin.rest.js";
import { orderSelectionRoutes } from "./orders/order-selection.rest.js";
import { sessionMiddleware } from "./sessions/session.middleware.js";
import { startSweeper } from "./maintenance.js";
import { accountExportRoutes } from "./account-data/account-export.rest.js";
import { cartRoutes } from "./cart/cart.rest.js";
import { cartDiscountRoutes } from "./promotions/cart-discount.rest.js";
import { storeRoutes } from "./checkout/checkout.pages.js";
import { buildGatewaySchema } from "./graphql-server/schema.js";
import { loadClientBuild } from "./ssr/page-renderer.js";
import { pageRoutes } from "./ssr/ssr.pages.js";
import { keysTouchedBy } from "./ssr/page-keys.js";
import { CdnPurge } from "./ssr/cdn-purge.js";
import { printfulWebhookRoutes } from "./fulfillment/partners/printful-webhook.rest.js";
import { stripeWebhookRoutes } from "./checkout/stripe-webhook.rest.js";
import { gatewayRoutes, restApiDocument, signedCallPaths } from "./rest-api.js";

export interface AppDeps {
  config: Config;
  db: Kysely<Database>;
  logger: Logger;
  ping(): Promise<boolean>;
  /** LISTEN on the database, for other processes' catalog changes (none: this process hears only its own). */
  listen?: Listen;
}

export interface GatewayApp {
  app: Express;
  /** The HTTP server's request handler: the front cache (when the catalog cache is on), then the GraphQL door for POST /graphql, otherwise `app`. */
  handler: RequestListener;
  services: Services;
  graphql: GraphQLHandle;
  /**
   * The rendered pages kept in memory; clear() after changing the catalog behind the gateway's back.
   * `size`: how many are kept; `holds(address)`: whether the page at that path and query is.
   */
  pageCache: { clear(): void; readonly size: number; holds(address: string): boolean };
  /** Stops background work (the sweeper, the job runner after its job in hand); the HTTP server is closed by its owner. */
  stopBackgroundWork(): Promise<void>;
}

/** spec/issue: request bodies over 100 kB are refused with 413. */
const BODY_LIMIT = "100kb";

/**
 * The front cache's bounds: the shop's own catalog operations are a few hundred bytes of query and
 * at most some tens of kB of answer; distinct searches and pages must not grow it without end.
 */
const FRONT_CACHE = { maxEntries: 1000, maxBytes: 16 * 1024 * 1024, maxRequestBytes: 16 * 1024, maxAnswerBytes: 1024 * 1024 };

/** /graphql and what is under it, as app.use("/graphql") matches it. */
const isGraphQLPath = (path: string) => /^\/graphql(\/|$)/i.test(path);

/** A POST to /graphql itself (with or without a query string), as the shop's client and integrations send every operation. */
const isGraphQLPost = (req: IncomingMessage) => req.method === "POST" && (req.url === "/graphql" || req.url?.startsWith("/graphql?") === true);

export async function createApp(deps: AppDeps): Promise<GatewayApp> {
  const { config, logger } = deps;
  const services = createServices(deps.db, config, logger);
  const app = express();
  app.disable("x-powered-by");
  // Whose X-Forwarded-For names the client (TRUST_PROXY); by default nobody's: the socket's address is.
  app.set("trust proxy", config.trustProxy ?? false);

  // What every request goes through first, here and at the GraphQL door below.
  const everyRequest: RequestHandler[] = [
    requestContext(logger),
    ...(config.trustProxy === null ? [ignoredForwardedForWarning(logger)] : []),
    // A change a browser sends from another site's page is refused before anything reads it; GraphQL
    // has its own CSRF prevention, and partners' webhooks prove themselves by their signature.
    refuseCrossSiteWrites({ publicUrl: config.publicUrl, exempt: ["/graphql", ...signedCallPaths()] }),
    // HTML, JSON, GraphQL, CSS and SVG answers of 1 kB and more are compressed on the fly (brotli or
    // gzip, as the browser accepts); images are not, and the client's hashed assets are served from
    // the copies the build compressed (http/static.ts), which this leaves alone.
    compression({ threshold: 1024 }),
    (_req, res, next) => {
      res.locals.loaders = services.createLoaders();
      next();
    },
  ];
  app.use(everyRequest);

  // The client's page (its renderer's template, or the plain index.html), read once: its inline
  // script is allowed by the hash of these very bytes. Its security headers go on every answer but
  // GraphQL's (which sends its own, below): /healthz and the API's description included.
  const build = await loadClientBuild(config.webDistDir);
  const shell = build?.template ?? readClientShell(config.webDistDir);
  const hsts = config.publicUrl.startsWith("https://");
  const pageHeaders = clientSecurityHeaders(shell ? inlineScriptHashes(shell) : [], { hsts });
  app.use((req, res, next) => (isGraphQLPath(req.path) ? next() : pageHeaders(req, res, next)));

  // GET /healthz and GET /api/openapi.json, the REST API's description (rest-api.ts).
  app.use(gatewayRoutes({ ping: deps.ping, document: restApiDocument({ printfulWebhook: Boolean(services.printfulWebhook), stripeWebhook: Boolean(services.stripeWebhook) }) }));

  // Sessions only where they are read: the API, GraphQL and the store's checkout pages.
  const sessions = sessionMiddleware(config, services.sessionStore);
  app.use(["/api", "/store"], sessions.always);

  // One schema for Apollo and the page renderer (building it costs start-up time).
  const schema = await buildGatewaySchema();
  const graphql = await createGraphQLMiddleware({ config, logger, services, schema });
  const graphqlRoute: RequestHandler[] = [
    sessions.deferredWithoutCookie,
    graphqlSecurityHeaders({ hsts }),
    express.json({ limit: BODY_LIMIT }),
    refuseBatches,
    graphql.middleware,
  ];
  app.use("/graphql", graphqlRoute);

  // The print partner's shipment webhook reads its raw body (the signature is over the bytes): before the JSON parser.
  if (services.printfulWebhook) app.use("/api", printfulWebhookRoutes(services.printfulWebhook));
  // Stripe's webhook likewise (its Stripe-Signature is over the raw bytes).
  if (services.stripeWebhook) app.use("/api", stripeWebhookRoutes(services.stripeWebhook));
  app.use("/api", express.json({ limit: BODY_LIMIT }));
  app.use("/api", catalogRoutes(services.catalog, services.catalogCache), memeRoutes(services.memes), authRoutes(services.customers, config));
  app.use("/api", orderRoutes(services.orders, config.publicUrl), accountExportRoutes(services.accountExport));
  app.use("/api", cartRoutes(services.carts, config.publicUrl));
  app.use("/api", cartDiscountRoutes(services.cartDiscounts, config.publicUrl));
  const designs = designRoutes(services.designs);
  app.use("/api", designs.api);
  // The shop's side over REST: a staff session or an API token (the same principal GraphQL resolves).
  app.use("/api", productImageRoutes(services.productImages, (request) => services.staff.principalFor(request)));
  app.use("/api", productMockupRoutes(services.productMockups, (request) => services.staff.principalFor(request)));
  app.use("/api", memeAdminRoutes(services.memeAdmin, (request) => services.staff.principalFor(request)));
  app.use("/api", collectionAdminRoutes(services.collectionAdmin, (request) => services.staff.principalFor(request)));
  app.use("/api", catalogCsvRoutes(services.catalogCsv, (request) => services.staff.principalFor(request)));
  app.use("/api", promotionAdminRoutes(services.promotionAdmin, (request) => services.staff.principalFor(request)));
  app.use("/api", orderSelectionRoutes(services.orderAdmin, services.trackingImport, (request) => services.staff.principalFor(request)));
  app.use("/api", apiNotFound);
  app.use("/media", mediaRoutes(services.media));
  app.use("/designs", designs.files);
  // The hosted checkout and order status pages: their own CSP and form parsing (storeRoutes).
  app.use("/store", storeRoutes(services, config.publicUrl, logger));
  // Pages rendered here with their data, when the client build has its renderer.
  const pages = build ? pageRoutes({ build, schema, services, config, logger, cdn: config.cdnPurge !== null }) : null;
  app.use(clientRoutes(config.webDistDir, shell, pages?.router ?? null));
  // A change to the catalog, here or in another process, drops the cached answers (catalog.changes.ts)
  // and the pages showing what it touched; the process that made it then purges the CDN in front of
  // every process, once the others have dropped their pages too (so the CDN fetches them afresh).
  if (pages) services.catalogChanges.onChange((touched) => pages.cache.invalidate(keysTouchedBy(touched)));
  if (config.cdnPurge) {
    const cdn = new CdnPurge(config.cdnPurge, logger);
    services.catalogChanges.onSettled((touched) => void cdn.purge(keysTouchedBy(touched)));
  }
  const unlisten = deps.listen ? await services.catalogChanges.subscribe(deps.listen) : null;

  const onError = errorHandler(logger, isConnectionError);
  app.use(onError);
  // POST /graphql, the API's every operation, through the very handlers Express runs for it
  // (everyRequest, then graphqlRoute: no other layer of the app matches that path) but without
  // Express's router, whose walk through the app's ~30 layers cost more than Apollo's own pipeline
  // on a small query. Any other request to /graphql (a GET, the explorer, a path below it) goes to
  // Express as before. A handler added to the app in front of /graphql belongs in these lists too:
  // tests/graphql-http.test.ts holds the door's answers to the app's own. docs/performance.md
  // "Side by side with Vendure".
  const graphqlDoor = middlewareChain(app, [...everyRequest, ...graphqlRoute], onError);
  const inner: RequestListener = (req, res) => (isGraphQLPost(req) ? graphqlDoor(req, res) : void app(req, res));

  const windowSeconds = Math.max(config.authLimits.windowMinutes * 60, 3600);
  const stopSweeper = startSweeper(
    [
      { name: "expired sessions", run: () => services.sessionStore.sweepExpired() },
      { name: "old rate-limit events", run: () => services.rateLimiter.sweep(windowSeconds) },
      { name: "untouched carts", run: () => services.carts.sweepUntouched() },
      { name: "deleted accounts' order contacts and designs", run: () => services.accountDeletion.sweep() },
    ],
    logger,
  );
  // Payments a crash left open (charged but not yet an order): settled during start-up, before the
  // gateway serves, then every minute.
  const reconcile = async (options: { atStartUp?: boolean } = {}) => {
    const report = await services.checkout.reconcilePayments(options);
    if (Object.values(report).some((n) => n > 0)) logger.info("payments reconciled", { ...report });
    // Refunds asked for but not answered (the provider unreachable, a crash before the answer was recorded).
    const refunds = await services.refunds.reconcile(new Date(), { askAll: options.atStartUp ?? false });
    if (Object.values(refunds).some((n) => n > 0)) logger.info("refunds reconciled", { ...refunds });
  };
  // At start-up every open attempt is asked about at once: a stopped process may have left payments
  // the provider took and nobody recorded.
  await reconcile({ atStartUp: true }).catch((error: unknown) => logger.warn("payment reconciliation failed", errorFields(error)));
  const stopReconciler = startSweeper([{ name: "payment reconciliation", run: () => reconcile() }], logger, 60_000, 60_000);
  // The durable jobs (print partner, emails, webhooks): this process's runner, also for work left by a stopped one.
  const stopPipeline = await services.startPipeline();
  // Catalog reads (GraphQL's, and REST's catalog paths) answered before Express runs, invalidated
  // with the catalog cache (http/front-cache.ts); only what the pipeline marked shareable is kept.
  const front = services.catalogCache.enabled
    ? new FrontCache(services.catalogCache, { ...FRONT_CACHE, postPath: "/graphql", getPrefixes: ["/api/products", "/api/collections"], maxAgeMs: config.catalogCacheSeconds * 1000, sessionCookie: SESSION_COOKIE, logger })
    : null;
  return {
    app,
    handler: front ? front.handler(inner) : inner,
    services,
    graphql,
    pageCache: {
      clear: () => pages?.cache.clear(),
      get size() {
        return pages?.cache.size ?? 0;
      },
      holds: (address) => Boolean(pages?.cache.get(address)),
    },
    stopBackgroundWork: async () => {
      stopSweeper();
      stopReconciler();
      await stopPipeline();
      unlisten?.().catch(() => undefined);
    },
  };
}
