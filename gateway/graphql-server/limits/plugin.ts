import { GraphQLError, Kind, type DocumentNode, type GraphQLFormattedError } from "graphql";
import type { ApolloServerPlugin } from "@apollo/server";
import type { GraphQLLimits } from "../../config.js";
import type { GraphQLContext } from "../../graphql/context.js";
import { operationCost } from "./cost.js";
import { QueryLimitError } from "./errors.js";
import { jsonBytesBound } from "./response-size.js";

/**
 * Before execution: the operation's cost with this request's variables (page sizes often come in
 * variables, so this cannot be a cached validation rule). After execution: one QUERY_TIMEOUT error
 * instead of one per stopped field, and an answer over the size cap replaced by RESPONSE_TOO_LARGE.
 */
export function queryLimitsPlugin(limits: GraphQLLimits): ApolloServerPlugin<GraphQLContext> {
  // The cost of a document that declares no variables cannot change between requests, and Apollo
  // hands the same parsed DocumentNode to every request with the same text (its document cache):
  // computing it once per document saved ~0.07 ms of a cart add's ~2 ms. Weak, so the cache lives
  // exactly as long as Apollo keeps the document. Keyed by operation name within a document.
  const fixedCosts = new WeakMap<DocumentNode, Map<string, number>>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, request, operationName }) {
          const fixed = declaresNoVariables(document);
          let cost = fixed ? fixedCosts.get(document)?.get(operationName ?? "") : undefined;
          if (cost === undefined) {
            try {
              cost = operationCost(schema, document, request.variables, operationName);
            } catch (error) {
              // Variables that do not fit the operation: execution refuses them before any resolver runs.
              if (error instanceof GraphQLError) return;
              throw error;
            }
            if (fixed) {
              let byOperation = fixedCosts.get(document);
              if (!byOperation) fixedCosts.set(document, (byOperation = new Map()));
              byOperation.set(operationName ?? "", cost);
            }
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
          // Written out only when a bound on its size does not already show it is under the cap: the
          // answer is written once more by Apollo, and for a page of products this was the larger part
          // of what the check cost.
          if (jsonBytesBound(result, limits.maxResponseBytes) <= limits.maxResponseBytes) return;
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

/** No operation of the document declares a variable: its cost is the same with any variables sent. */
function declaresNoVariables(document: DocumentNode): boolean {
  return document.definitions.every((d) => d.kind !== Kind.OPERATION_DEFINITION || !d.variableDefinitions?.length);
}

/** The error of a field asked for after the operation's deadline (graphql-server/errors.ts checks it for every field). */
export function deadlinePassed(ms: number): QueryLimitError {
  return new QueryLimitError("QUERY_TIMEOUT", `Query stopped: still running after ${ms} ms, the limit`, { limit: ms }, 503);
}
