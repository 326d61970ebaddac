import type { Kysely } from "kysely";
import type { Database } from "./db/schema.js";
import { CatalogRepository } from "./catalog/catalog.repository.js";
import { CatalogService } from "./catalog/catalog.service.js";
import { createCatalogLoaders, type CatalogLoaders } from "./catalog/catalog.loaders.js";
import { MemeRepository } from "./memes/meme.repository.js";
import { MemeService } from "./memes/meme.service.js";
import { MediaRepository } from "./media/media.repository.js";
import { OrderRepository } from "./orders/order.repository.js";
import { OrderService } from "./orders/order.service.js";
import type { Config } from "./config.js";
import { CustomerRepository } from "./customers/customer.repository.js";
import { CustomerService } from "./customers/customer.service.js";
import { RateLimiter } from "./customers/rate-limiter.js";
import { DatabaseSessionStore } from "./customers/session-store.js";

/** The domain services, built once per process; GraphQL and REST call the same instances. */
export function createServices(db: Kysely<Database>, config: Pick<Config, "authLimits">) {
  const catalogRepository = new CatalogRepository(db);
  const sessionStore = new DatabaseSessionStore(db);
  const rateLimiter = new RateLimiter(db);
  return {
    sessionStore,
    rateLimiter,
    customers: new CustomerService(new CustomerRepository(db), rateLimiter, config.authLimits, sessionStore),
    catalog: new CatalogService(catalogRepository),
    memes: new MemeService(new MemeRepository(db)),
    media: new MediaRepository(db),
    orders: new OrderService(new OrderRepository(db)),
    /** Per-request batch loaders (fresh for every request, so nothing is cached across requests). */
    createLoaders: (): RequestLoaders => ({ catalog: createCatalogLoaders(catalogRepository) }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface RequestLoaders {
  catalog: CatalogLoaders;
}
