import type { Kysely } from "kysely";
import type { Database } from "./db/schema.js";
import { CatalogRepository } from "./catalog/catalog.repository.js";
import { CatalogService } from "./catalog/catalog.service.js";
import { createCatalogLoaders, type CatalogLoaders } from "./catalog/catalog.loaders.js";
import { MemeRepository } from "./memes/meme.repository.js";
import { MemeService } from "./memes/meme.service.js";
import { MediaRepository } from "./media/media.repository.js";

/** The domain services, built once per process; GraphQL and REST call the same instances. */
export function createServices(db: Kysely<Database>) {
  const catalogRepository = new CatalogRepository(db);
  return {
    catalog: new CatalogService(catalogRepository),
    memes: new MemeService(new MemeRepository(db)),
    media: new MediaRepository(db),
    /** Per-request batch loaders (fresh for every request, so nothing is cached across requests). */
    createLoaders: (): RequestLoaders => ({ catalog: createCatalogLoaders(catalogRepository) }),
  };
}

export type Services = ReturnType<typeof createServices>;

export interface RequestLoaders {
  catalog: CatalogLoaders;
}
