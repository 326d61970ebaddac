import type { ValidationContext, ValidationRule, GraphQLError } from "graphql";
import { maxDepthRule } from "@escape.tech/graphql-armor-max-depth";
import { maxAliasesRule } from "@escape.tech/graphql-armor-max-aliases";
import { maxDirectivesRule } from "@escape.tech/graphql-armor-max-directives";
import type { GraphQLLimits } from "../../config.js";
import { QueryLimitError, type LimitCode } from "./errors.js";

// GraphQL Armor's messages read "… limit of N exceeded, found M."; the figure is kept in extensions.
const FOUND = /found (\d+)/;

function reportAs(code: LimitCode, limit: number, describe: (found: number | undefined) => string) {
  return (context: ValidationContext | null, error: GraphQLError) => {
    const match = FOUND.exec(error.message);
    const found = match ? Number(match[1]) : undefined;
    context?.reportError(new QueryLimitError(code, describe(found), { limit, found }));
  };
}

/**
 * The shape limits, checked while Apollo validates a document (before anything runs). Introspection
 * (`__schema`) is not counted for depth: graphql-js's own MaxIntrospectionDepthRule bounds it.
 */
export function shapeLimitRules(limits: GraphQLLimits): ValidationRule[] {
  const common = { exposeLimits: true, propagateOnRejection: false, onAccept: [] };
  return [
    maxDepthRule({
      ...common,
      n: limits.maxDepth,
      ignoreIntrospection: true,
      // A fragment spread is not a level of the answer.
      flattenFragments: true,
      onReject: [reportAs("QUERY_TOO_DEEP", limits.maxDepth, (found) => `Query is too deep: ${found ?? "more than " + limits.maxDepth} levels, the limit is ${limits.maxDepth}`)],
    }),
    maxAliasesRule({
      ...common,
      n: limits.maxAliases,
      onReject: [reportAs("TOO_MANY_ALIASES", limits.maxAliases, (found) => `Query has too many aliases: ${found}, the limit is ${limits.maxAliases}`)],
    }),
    maxDirectivesRule({
      ...common,
      n: limits.maxDirectives,
      onReject: [reportAs("TOO_MANY_DIRECTIVES", limits.maxDirectives, (found) => `Query has too many directives: ${found}, the limit is ${limits.maxDirectives}`)],
    }),
  ];
}
