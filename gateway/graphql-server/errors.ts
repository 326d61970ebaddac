import {
  GraphQLError,
  getNamedType,
  getNullableType,
  isNonNullType,
  isObjectType,
  type GraphQLFieldResolver,
  type GraphQLOutputType,
  type GraphQLResolveInfo,
  type GraphQLSchema,
} from "graphql";
import { DomainError, InvalidFieldsError, RateLimitedError, type DomainErrorCode } from "../shared/errors.js";
import { errorFields } from "../logger.js";
import { isConnectionError, unavailableMessage } from "../db/database.js";
import type { GraphQLContext } from "../graphql/context.js";
import { userErrorFactory, type UserErrorFactory } from "../graphql/user-errors.js";
import { deadlinePassed } from "./limits/plugin.js";

/** A domain error's code as GraphQL's extensions.code reads it. */
const GRAPHQL_CODES: Record<DomainErrorCode, string> = {
  INVALID_INPUT: "BAD_USER_INPUT",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  INVALID_TRANSITION: "INVALID_TRANSITION",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  TOO_LARGE: "BAD_USER_INPUT",
  RATE_LIMITED: "RATE_LIMITED",
  TOKEN_INVALID: "BAD_USER_INPUT",
  TOKEN_EXPIRED: "BAD_USER_INPUT",
  TOKEN_USED: "BAD_USER_INPUT",
  CODE_TAKEN: "CONFLICT",
};

/** How a payload answers a failure: its userErrors item, and null for every other (nullable) field. */
interface PayloadFailure {
  toUserError: UserErrorFactory;
  emptyFields: Record<string, null>;
}

/** The payload shape of a field's type (an object with userErrors), or null when it is not a payload. */
function payloadFailure(type: GraphQLOutputType): PayloadFailure | null {
  const object = getNullableType(type);
  if (!isObjectType(object)) return null;
  const fields = object.getFields();
  const userErrors = fields.userErrors;
  if (!userErrors) return null;
  const itemType = getNamedType(userErrors.type).name;
  const toUserError = userErrorFactory(itemType);
  if (!toUserError) throw new Error(`${object.name}.userErrors lists ${itemType}, which has no registered userErrors factory`);
  const emptyFields: Record<string, null> = {};
  for (const field of Object.values(fields)) {
    if (field.name !== "userErrors" && !isNonNullType(field.type)) emptyFields[field.name] = null;
  }
  return { toUserError, emptyFields };
}

/** A lost database, logged once and answered as SERVICE_UNAVAILABLE (503); anything else is not this function's. */
export function databaseUnavailable(error: unknown, context: Pick<GraphQLContext, "logger" | "requestId">): GraphQLError {
  context.logger.error("database unavailable", { requestId: context.requestId, ...errorFields(error) });
  return new GraphQLError(unavailableMessage(error), {
    extensions: { code: "SERVICE_UNAVAILABLE", requestId: context.requestId, http: { status: 503 } },
  });
}

/** What leaves a resolver that failed: domain errors keep their message and gain a code; anything unexpected is logged and masked. */
function toGraphQLError(error: unknown, context: GraphQLContext, info: GraphQLResolveInfo): GraphQLError {
  if (error instanceof DomainError) {
    const retryAfter = error instanceof RateLimitedError ? { retryAfter: error.retryAfterSeconds } : {};
    return new GraphQLError(error.message, { extensions: { code: GRAPHQL_CODES[error.code], field: error.field ?? null, ...retryAfter } });
  }
  if (error instanceof GraphQLError) return error;
  if (isConnectionError(error)) return databaseUnavailable(error, context);
  context.logger.error("graphql resolver failed", {
    requestId: context.requestId,
    path: `${info.parentType.name}.${info.fieldName}`,
    ...errorFields(error),
  });
  return new GraphQLError("Internal error", { extensions: { code: "INTERNAL_SERVER_ERROR", requestId: context.requestId } });
}

function isPromiseLike(value: unknown): value is PromiseLike<unknown> {
  return typeof (value as PromiseLike<unknown> | null)?.then === "function";
}

/** A field's failure as its payload's userErrors when it answers a payload and every error is expected; thrown as a GraphQL error otherwise. */
function failed(error: unknown, payload: PayloadFailure | null, context: GraphQLContext, info: GraphQLResolveInfo) {
  // A form's several refusals (InvalidFieldsError) are one userError per field.
  const each = error instanceof InvalidFieldsError ? error.each() : error instanceof DomainError ? [error] : [];
  const userErrors = payload ? each.map((e) => payload.toUserError(e)) : [];
  if (userErrors.length > 0 && userErrors.every((e) => e !== null)) return { ...payload!.emptyFields, userErrors };
  throw toGraphQLError(error, context, info);
}

function guard(
  resolve: GraphQLFieldResolver<unknown, GraphQLContext>,
  payload: PayloadFailure | null,
): GraphQLFieldResolver<unknown, GraphQLContext> {
  // Runs for every field of every answer (a page of 24 products: ~800): nothing is allocated unless the field fails or is a promise.
  return (root, args, context, info) => {
    // The operation's deadline (docs/api.md "Limits"): once it has passed, no field resolves.
    if (context.deadline !== undefined && Date.now() > context.deadline.at) return failed(deadlinePassed(context.deadline.ms), payload, context, info);
    try {
      const result: unknown = resolve(root, args, context, info);
      return isPromiseLike(result) ? Promise.resolve(result).catch((error: unknown) => failed(error, payload, context, info)) : result;
    } catch (error) {
      return failed(error, payload, context, info);
    }
  };
}

/**
 * The one place errors leave resolvers. It wraps every field's resolver once the schema is built,
 * outside TypeGraphQL's middlewares, so it also sees what the signed-in guard throws (TypeGraphQL
 * runs @Authorized's check before any middleware): an expected failure (a DomainError) of a field answering a payload with userErrors
 * becomes that payload's userErrors; any other DomainError a GraphQL error with its code and field;
 * a GraphQLError (the operation limits) passes as it is; a lost database is SERVICE_UNAVAILABLE
 * (503); anything else is logged with the request id and masked as "Internal error".
 */
export function guardResolvers(schema: GraphQLSchema): void {
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith("__")) continue;
    for (const field of Object.values(type.getFields())) {
      if (field.resolve) field.resolve = guard(field.resolve, payloadFailure(field.type));
    }
  }
}
