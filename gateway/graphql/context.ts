import type { Services, RequestLoaders } from "../services.js";
import type { Logger } from "../logger.js";

/** What every resolver receives: the shared services and this request's loaders and id. */
export interface GraphQLContext {
  services: Services;
  loaders: RequestLoaders;
  requestId: string;
  logger: Logger;
}
