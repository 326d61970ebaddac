import { ApolloServer } from "@apollo/server";
import { expressMiddleware } from "@as-integrations/express5";
import {
  ApolloServerPluginLandingPageDisabled,
} from "@apollo/server/plugin/disabled";
import { ApolloServerPluginLandingPageLocalDefault } from "@apollo/server/plugin/landingPage/default";
import type { RequestHandler } from "express";
import type { Config } from "../config.js";
import type { Logger } from "../logger.js";
import type { Services } from "../services.js";
import type { GraphQLContext } from "./context.js";
import { buildGatewaySchema } from "./schema.js";
import { currentCustomerId } from "../customers/current-customer.js";
import { sessionControl } from "../customers/session-auth.js";

export interface GraphQLHandle {
  middleware: RequestHandler;
  stop(): Promise<void>;
}

export async function createGraphQLMiddleware(deps: { config: Config; logger: Logger; services: Services }): Promise<GraphQLHandle> {
  const { config, logger, services } = deps;
  const server = new ApolloServer<GraphQLContext>({
    schema: await buildGatewaySchema(),
    // Apollo turns both off in production by default; this shop keeps them unless GRAPHQL_EXPLORER=false.
    introspection: config.graphqlExplorer,
    plugins: [
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
  const middleware = expressMiddleware(server, {
    context: async ({ req, res }) => ({
      services,
      loaders: res.locals.loaders,
      requestId: req.id,
      logger,
      customerId: currentCustomerId(req),
      publicUrl: config.publicUrl,
      session: sessionControl(req, res),
    }),
  });
  return { middleware, stop: () => server.stop() };
}
