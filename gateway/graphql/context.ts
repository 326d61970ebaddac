import type { Services, RequestLoaders } from "../services.js";
import type { Logger } from "../logger.js";
import type { SessionControl } from "../sessions/session-auth.js";

/** What every resolver receives: the shared services and this request's loaders and id. */
export interface GraphQLContext {
  services: Services;
  loaders: RequestLoaders;
  requestId: string;
  logger: Logger;
  /** The signed-in customer's id, or null for a guest (from the session, see sessions/current-customer.ts). */
  customerId: string | null;
  /** The shop's public origin, for absolute URLs such as checkoutUrl and statusUrl. */
  publicUrl: string;
  /** Sign in / out on this request's session (the same functions the REST auth calls use). */
  session: SessionControl;
  /** When this request must stop resolving (GRAPHQL_TIMEOUT_MS after it started); unset in schema tools. */
  deadline?: { at: number; ms: number };
}
