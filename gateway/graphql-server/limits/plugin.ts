import { GraphQLError, type GraphQLFormattedError } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLLimits } from "../../config.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { operationCost } from "./cost.js";
import { QueryLimitError } from "./errors.js";

/**
 * Before execution: the operation's cost with this request's variables (page sizes often come in
 * variables, so this cannot be a cached validation rule). After execution: one QUERY_TIMEOUT error
 * instead of one per stopped field, and an answer over the size cap replaced by RESPONSE_TOO_LARGE.
 */
export function queryLimitsPlugin(limits: GraphQLLimits): ApolloServerPlugin<GraphQLContext> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request, operationName }) {
          let cost: number;
          try {
            cost = operationCost(schema, document, request.variables, operationName);
          } catch (error) {
            // Variables that do not fit the operation: execution refuses them before any resolver runs.
            if (error instanceof GraphQLError) return;
            throw error;
          }
          if (cost > limits.maxCost) {
            throw new QueryLimitError("QUERY_TOO_COMPLEX", `Query is too complex: cost ${cost}, the limit is ${limits.maxCost}`, {
              limit: limits.maxCost,
              found: cost,
            });
          }
        },
        async willSendResponse({ response }) {
          if (response.body.kind !== "single") return;
          const result = response.body.singleResult;
          const timedOut = result.errors?.find((e) => e.extensions?.code === "QUERY_TIMEOUT");
          if (timedOut) {
            response.body.singleResult = { errors: [timedOut] };
            response.http.status = 503;
            return;
          }
          const bytes = Buffer.byteLength(JSON.stringify(result));
          if (bytes > limits.maxResponseBytes) {
            const error: GraphQLFormattedError = {
              message: `The answer is too large: ${bytes} bytes, the limit is ${limits.maxResponseBytes}; ask for fewer fields or smaller pages`,
              extensions: { code: "RESPONSE_TOO_LARGE", limit: limits.maxResponseBytes, found: bytes },
            };
            response.body.singleResult = { errors: [error] };
            response.http.status = 400;
          }
        },
      };
    },
  };
}

/** The error of a field asked for after the operation's deadline (graphql-server/errors.ts checks it for every field). */
export function deadlinePassed(ms: number): QueryLimitError {
  return new QueryLimitError("QUERY_TIMEOUT", `Query stopped: still running after ${ms} ms, the limit`, { limit: ms }, 503);
}
