import type { Kysely } from "kysely";
import type { Database } from "./db/schema.js";
import { CatalogRepository } from "./catalog/catalog.repository.js";
import { CatalogService } from "./catalog/catalog.service.js";
import { createCatalogLoaders, type CatalogLoaders } from "./catalog/catalog.loaders.js";
import { CatalogCache } from "./catalog/catalog.cache.js";
import { CatalogChanges } from "./catalog/catalog.changes.js";
import { MemeRepository } from "./memes/meme.repository.js";
import { MemeService } from "./memes/meme.service.js";
import { MediaRepository } from "./media/media.repository.js";
import { OrderRepository } from "./orders/order.repository.js";
import { OrderService } from "./orders/order.service.js";
import { DesignRepository } from "./designs/design.repository.js";
import { DesignService } from "./designs/design.service.js";
import type { Config } from "./config.js";
import { CustomerRepository } from "./customers/customer.repository.js";
import { CustomerService } from "./customers/customer.service.js";
import { RateLimiter } from "./shared/rate-limiter.js";
import { DatabaseSessionStore } from "./sessions/session-store.js";
import { CartRepository } from "./cart/cart.repository.js";
import { CartService } from "./cart/cart.service.js";
import { CheckoutService } from "./checkout/checkout.service.js";
import { TestPaymentProvider } from "./checkout/test-payment-provider.js";
import { PaymentAttemptRepository } from "./checkout/payment-attempt.repository.js";
import { NewsletterRepository } from "./newsletter/newsletter.repository.js";
import { NewsletterService } from "./newsletter/newsletter.service.js";

/** Catalog answers kept per process (GraphQL's and REST's together); enough for every page of every sort and the common searches. */
const CATALOG_CACHE_ENTRIES = 2000;

/** The domain services, built once per process; GraphQL and REST call the same instances. */
export function createServices(db: Kysely<Database>, config: Pick<Config, "authLimits" | "freeShippingThresholdCents" | "catalogCacheSeconds">) {
  const catalogRepository = new CatalogRepository(db);
  const catalogCache = new CatalogCache({ ttlMs: config.catalogCacheSeconds * 1000, maxEntries: CATALOG_CACHE_ENTRIES });
  const catalogChanges = new CatalogChanges(catalogCache, db);
  const sessionStore = new DatabaseSessionStore(db);
  const rateLimiter = new RateLimiter(db);
  const orders = new OrderService(new OrderRepository(db), rateLimiter);
  const designs = new DesignService(new DesignRepository(db), rateLimiter);
  const carts = new CartService(new CartRepository(db), designs);
  return {
    sessionStore,
    rateLimiter,
    customers: new CustomerService(new CustomerRepository(db), rateLimiter, config.authLimits, sessionStore),
    catalog: new CatalogService(catalogRepository),
    catalogCache,
    catalogChanges,
    memes: new MemeService(new MemeRepository(db)),
    media: new MediaRepository(db),
    orders,
    designs,
    newsletter: new NewsletterService(new NewsletterRepository(db), rateLimiter),
    carts,
    // The only payment provider so far is the built-in test one (README "Cart and checkout").
    checkout: new CheckoutService(
      carts,
      orders,
      new TestPaymentProvider(db),
      new PaymentAttemptRepository(db),
      { freeShippingThresholdCents: config.freeShippingThresholdCents },
      // A paid order adds to its products' sales counts: the best-selling order and the featured list.
      () => catalogChanges.changed(),
    ),
    /** Per-request batch loaders (fresh for every request, so nothing is cached across requests). */
    createLoaders: (): RequestLoaders => ({ catalog: createCatalogLoaders(catalogRepository) }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface RequestLoaders {
  catalog: CatalogLoaders;
}

// The GraphQL context and Express's per-request locals carry the services and loaders; their layers
// sit below the features and name none, so the types are filled in here, where the features meet.
declare module "./graphql/context.js" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GraphQLServices extends Services {}
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface GraphQLLoaders extends RequestLoaders {}
}

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface Locals {
      /** This request's batch loaders (REST adapters share them with GraphQL's per-request ones). */
      loaders: RequestLoaders;
    }
  }
}
