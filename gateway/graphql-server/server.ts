import { ApolloServer } from "@apollo/server";
import { ApolloServerPluginCacheControlDisabled, ApolloServerPluginLandingPageDisabled } from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import type { RequestHandler } from "express";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { Services } from "../services.js";
import type { GraphQLContext } from "../graphql/context.js";
import type { GraphQLFormattedError, GraphQLSchema } from "graphql";
import { isConnectionError } from "../db/database.js";
import { currentCustomerId } from "../sessions/current-customer.js";
import { currentStaffSession, sessionControl } from "../sessions/session-auth.js";
import { shapeLimitRules } from "./limits/rules.js";
import { queryLimitsPlugin } from "./limits/plugin.js";
import { formatLimitError, QueryLimitError } from "./limits/errors.js";
import { databaseUnavailable } from "./errors.js";
import { catalogResponseCache, privateUnlessShareable } from "./response-cache.js";
import { markShareable } from "../http/front-cache.js";
import { apolloHandler } from "./apollo-http.js";

export interface GraphQLHandle {
  middleware: RequestHandler;
  stop(): Promise<void>;
}

/**
 * One operation per request: an array body (a batch) is refused before Apollo sees it, so the
 * per-operation limits cannot be multiplied.
 */
export const refuseBatches: RequestHandler = (req, res, next) => {
  if (!Array.isArray(req.body)) return next();
  const error = new QueryLimitError(
    "BATCH_NOT_ALLOWED",
    `Batched operations are not accepted: this request holds ${req.body.length}, the limit is 1 per request`,
    { limit: 1, found: req.body.length },
  );
  const { http: _http, ...extensions } = error.extensions as Record<string, unknown>;
  res.status(400).json({ errors: [{ message: error.message, extensions }] });
};

/**
 * graphql-js suggests the schema's names also where Apollo's hideSchemaDetailsFromClientErrors does
 * not look (it strips validation errors only): a variable's value is coerced after validation, and
 * an unknown enum value there is answered "Did you mean the enum value …?".
 */
function withoutSuggestions(formatted: GraphQLFormattedError): GraphQLFormattedError {
  const message = formatted.message.replace(/ ?Did you mean(.+?)\?$/, "");
  return message === formatted.message ? formatted : { ...formatted, message };
}

export async function createGraphQLMiddleware(deps: {
  config: Config;
  logger: Logger;
  services: Services;
  schema: GraphQLSchema;
}): Promise<GraphQLHandle> {
  const { config, logger, services } = deps;
  const limits = config.graphqlLimits;
  const server = new ApolloServer<GraphQLContext>({
    schema: deps.schema,
    // docs/api.md "Limits": tokens are counted by graphql-js's parser, the shape by GraphQL Armor's
    // rules during validation, the cost (with variables) just before execution.
    parseOptions: { maxTokens: limits.maxTokens },
    validationRules: shapeLimitRules(limits),
    allowBatchedHttpRequests: false,
    formatError: (formatted, error) => {
      const answer = formatLimitError(formatted, error) ?? formatted;
      return config.graphqlExplorer ? answer : withoutSuggestions(answer);
    },
    // GRAPHQL_EXPLORER (by default on only for a loopback PUBLIC_URL): introspection and Sandbox
    // together. Without them a probe learns nothing of the schema from an error either: no "Did you
    // mean …" suggestions naming fields, arguments or types.
    introspection: config.graphqlExplorer,
    hideSchemaDetailsFromClientErrors: !config.graphqlExplorer,
    plugins: [
      ...(services.catalogCache.enabled ? catalogResponseCache(services.catalogCache, config.catalogCacheSeconds) : [ApolloServerPluginCacheControlDisabled()]),
      privateUnlessShareable,
      queryLimitsPlugin(limits),
      config.graphqlExplorer
        ? ApolloServerPluginLandingPageLocalDefault({ embed: true, includeCookies: true })
        : ApolloServerPluginLandingPageDisabled(),
    ],
    includeStacktraceInErrorResponses: false,
    // main.ts owns shutdown (drain HTTP, then stop Apollo, then close the database); Apollo's own
    // handler would re-raise SIGTERM and end the process with 143 before the database is closed.
    stopOnTerminationSignals: false,
    logger: {
      debug: (msg) => logger.debug(String(msg)),
      info: (msg) => logger.info(String(msg)),
      warn: (msg) => logger.warn(String(msg)),
      error: (msg) => logger.error(String(msg)),
    },
  });
  await server.start();
  const middleware = apolloHandler(server, async (req, res) => ({
    services,
    loaders: res.locals.loaders,
    requestId: req.id,
    logger,
    customerId: currentCustomerId(req),
    // Only a staff session or an Authorization header costs a query; a shopper's request none.
    principal: await services.staff
      .principalFor({ staffSession: currentStaffSession(req, res), authorization: req.headers.authorization })
      .catch((error: unknown) => {
        // Before any resolver runs, so the resolvers' error boundary cannot see it: a lost
        // database is still a 503 SERVICE_UNAVAILABLE, not Apollo's 500 "Context creation failed".
        throw isConnectionError(error) ? databaseUnavailable(error, { logger, requestId: req.id }) : error;
      }),
    publicUrl: config.publicUrl,
    session: sessionControl(req, res),
    shareAnswer: (maxAgeMs) => markShareable(res, maxAgeMs),
    deadline: { at: Date.now() + limits.timeoutMs, ms: limits.timeoutMs },
  }));
  return { middleware, stop: () => server.stop() };
}
