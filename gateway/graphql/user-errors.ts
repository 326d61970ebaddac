import type { DomainError } from "../shared/errors.js";
import { UserError } from "./common.types.js";

/** One item of a payload's userErrors, made from an expected failure; null when the payload does not expect this one. */
export type UserErrorFactory = (error: DomainError) => { code: string; field: string | null; message: string } | null;

const factories = new Map<string, UserErrorFactory>([["UserError", UserError.from]]);

/**
 * Declares how the items of a userErrors list of this GraphQL type are made (UserError's is built
 * in). Mutations only return their payload on success: graphql-server's error boundary answers an
 * expected failure (a DomainError) as the payload's userErrors, with every other field null.
 */
export function registerUserErrorType(typeName: string, factory: UserErrorFactory): void {
  factories.set(typeName, factory);
}

export function userErrorFactory(typeName: string): UserErrorFactory | undefined {
  return factories.get(typeName);
}
