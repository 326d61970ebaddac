import { GraphQLError, type GraphQLFormattedError } from "graphql";

/** The codes a refused or cut-short GraphQL request carries in extensions.code (docs/api.md "Limits"). */
export type LimitCode =
  | "QUERY_TOO_DEEP"
  | "TOO_MANY_ALIASES"
  | "TOO_MANY_DIRECTIVES"
  | "QUERY_TOO_LARGE"
  | "QUERY_TOO_COMPLEX"
  | "BATCH_NOT_ALLOWED"
  | "RESPONSE_TOO_LARGE"
  | "QUERY_TIMEOUT";

/** A limit the request went over: the code, the limit and (when known) the figure found. */
export class QueryLimitError extends GraphQLError {
  constructor(code: LimitCode, message: string, figures: { limit: number; found?: number }, status = 400) {
    super(message, { extensions: { code, limit: figures.limit, ...(figures.found === undefined ? {} : { found: figures.found }), http: { status } } });
    this.name = "QueryLimitError";
  }
}

// graphql-js's parser reports its own token limit (the `maxTokens` parse option) as a syntax error;
// 16.x spells it "more that".
const TOKEN_LIMIT_MESSAGE = /Document contains more th[ae]t? (\d+) tokens/;

/**
 * Apollo re-codes validation and parse errors (GRAPHQL_VALIDATION_FAILED, GRAPHQL_PARSE_FAILED):
 * give a refused limit its own code and figures back.
 */
export function formatLimitError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError | null {
  const original = error instanceof GraphQLError ? error.originalError : undefined;
  if (original instanceof QueryLimitError) {
    const { http: _http, ...extensions } = original.extensions as Record<string, unknown>;
    return { message: original.message, extensions };
  }
  const tokens = TOKEN_LIMIT_MESSAGE.exec(formatted.message);
  if (tokens) {
    const limit = Number(tokens[1]);
    return {
      message: `Query is too large: more than ${limit} tokens, the limit is ${limit}`,
      extensions: { code: "QUERY_TOO_LARGE", limit },
    };
  }
  return null;
}
