import type { Logger } from "../logger.js";
import type { SessionControl } from "../sessions/session-auth.js";
import type { Principal } from "../shared/actor.js";

/**
 * The domain services and this request's batch loaders. This layer sits below the features and names
 * none of them: the composition root (services.ts) declares what the two hold.
 */
/** @public services.ts fills it in by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GraphQLServices {}
/** @public services.ts fills it in by declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface GraphQLLoaders {}

/** What every resolver receives: the shared services and this request's loaders and id. */
export interface GraphQLContext {
  services: GraphQLServices;
  loaders: GraphQLLoaders;
  requestId: string;
  logger: Logger;
  /** The signed-in customer's id, or null for a guest (from the session, see sessions/current-customer.ts). */
  customerId: string | null;
  /**
   * Who acts on the shop's side: the staff member of this session, or the integration
   * whose API token the Authorization header carries; null for shoppers and anonymous visitors.
   */
  principal: Principal | null;
  /** The shop's public origin, for absolute URLs such as checkoutUrl and statusUrl. */
  publicUrl: string;
  /** Sign in / out on this request's session (the same functions the REST auth calls use). */
  session: SessionControl;
  /**
   * Tells the HTTP front cache (http/front-cache.ts) that this answer is the same for every asker for
   * `maxAgeMs` more; only graphql-server/response-cache.ts calls it. Unset outside an HTTP request.
   */
  shareAnswer?: (maxAgeMs: number) => void;
  /**
   * The keys of the page being rendered for the page cache: the fields answering the catalog add
   * what they showed (ssr/page-keys.ts). Unset outside a page render.
   */
  pageKeys?: Set<string>;
  /** When this request must stop resolving (GRAPHQL_TIMEOUT_MS after it started); unset in schema tools. */
  deadline?: { at: number; ms: number };
}
