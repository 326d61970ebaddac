import "reflect-metadata";
import { GraphQLError, type GraphQLSchema } from "graphql";
import { buildSchema, type MiddlewareFn, type NonEmptyArray } from "type-graphql";
import { CatalogResolver } from "../catalog/catalog.resolver.js";
import { CollectionFieldResolver, ProductFieldResolver, VariantFieldResolver } from "../catalog/catalog.fields.js";
import { MemeResolver } from "../memes/meme.resolver.js";
import { CustomerResolver } from "../customers/customer.resolver.js";
import { OrderResolver } from "../orders/order.resolver.js";
import { DesignResolver, OrderLineDesignResolver } from "../designs/design.resolver.js";
import { CartResolver } from "../cart/cart.resolver.js";
import { ShopResolver } from "../checkout/shop.resolver.js";
import { NewsletterResolver } from "../newsletter/newsletter.resolver.js";
import { DomainError } from "../shared/errors.js";
import { errorFields } from "../logger.js";
import { isConnectionError } from "../db/database.js";
import type { GraphQLContext } from "../graphql/context.js";
import { enforceDeadline } from "./limits/plugin.js";

// Every resolver of the API, feature by feature.
const resolvers: NonEmptyArray<Function> = [
  CatalogResolver,
  ProductFieldResolver,
  VariantFieldResolver,
  CollectionFieldResolver,
  MemeResolver,
  CustomerResolver,
  OrderResolver,
  DesignResolver,
  OrderLineDesignResolver,
  CartResolver,
  ShopResolver,
  NewsletterResolver,
];

const GRAPHQL_CODES: Record<DomainError["code"], string> = {
  INVALID_INPUT: "BAD_USER_INPUT",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  FORBIDDEN: "FORBIDDEN",
  TOO_LARGE: "BAD_USER_INPUT",
  RATE_LIMITED: "RATE_LIMITED",
};

/**
 * The one place errors leave resolvers: domain errors keep their message and gain a code and
 * field; anything unexpected is logged with the request id and masked as "Internal error".
 */
export const maskErrors: MiddlewareFn<GraphQLContext> = async ({ context, info }, next) => {
  try {
    return await next();
  } catch (error) {
    if (error instanceof DomainError) {
      throw new GraphQLError(error.message, { extensions: { code: GRAPHQL_CODES[error.code], field: error.field ?? null } });
    }
    if (error instanceof GraphQLError) throw error;
    if (isConnectionError(error)) {
      context.logger.error("database unavailable", { requestId: context.requestId, ...errorFields(error) });
      throw new GraphQLError("The shop's database is unavailable; please try again shortly", {
        extensions: { code: "SERVICE_UNAVAILABLE", requestId: context.requestId, http: { status: 503 } },
      });
    }
    context.logger.error("graphql resolver failed", {
      requestId: context.requestId,
      path: `${info.parentType.name}.${info.fieldName}`,
      ...errorFields(error),
    });
    throw new GraphQLError("Internal error", { extensions: { code: "INTERNAL_SERVER_ERROR", requestId: context.requestId } });
  }
};

export async function buildGatewaySchema(): Promise<GraphQLSchema> {
  const schema = await buildSchema({ resolvers, globalMiddlewares: [maskErrors, enforceDeadline], validate: false });
  // TypeGraphQL gives the root types no description; Sandbox shows this one first.
  schema.getQueryType()!.description =
    "What the storefront reads: the catalog (products, collections), the meme gallery, carts, and the signed-in customer with their orders.";
  const mutation = schema.getMutationType();
  if (mutation) mutation.description = "What the storefront changes: accounts and sign-in, carts and checkout. Expected failures come back as userErrors.";
  return schema;
}
