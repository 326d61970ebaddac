import { ArgsType, Field, GraphQLISODateTime, ID, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { API_TOKEN_SCOPES } from "../shared/actor.js";
import { TextOfLength, declareCheck } from "../shared/validation.js";

@ObjectType({ description: "An API token an integration uses in `Authorization: Bearer …` on /graphql. The token itself is shown only when it is made." })
export class ApiToken {
  @Field(() => ID, { description: "Id of the token." })
  id!: string;

  @Field(() => String, { description: "What the owner called it (the integration's name); history and audit entries name it token:<name>." })
  name!: string;

  @Field(() => [String], { description: 'What it may do: "orders:read", "orders:write", "webhooks:write", "catalog:read", "catalog:write", "promotions:write".' })
  scopes!: string[];

  @Field(() => GraphQLISODateTime, { description: "When it was made." })
  createdAt!: Date;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it was last used (to the minute); null when never." })
  lastUsedAt!: Date | null;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "When it was revoked; null while it works." })
  revokedAt!: Date | null;
}

@ObjectType({ description: "The result of making an API token." })
export class ApiTokenCreatePayload {
  @Field(() => ApiToken, { nullable: true, description: "The new token's record; null when it failed." })
  apiToken!: ApiToken | null;

  @Field(() => String, { nullable: true, description: "The token itself, answered this once only (only its hash is kept); null when it failed." })
  token!: string | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of changing an API token." })
export class ApiTokenPayload {
  @Field(() => ApiToken, { nullable: true, description: "The token after the change; null when it failed." })
  apiToken!: ApiToken | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

const TOKEN_NAME_MAX_LENGTH = 100;

/** At least one scope, each one of API_TOKEN_SCOPES (a scope given twice counts once). */
const Scopes = () =>
  declareCheck("apiTokenScopes", { type: "array", items: { enum: [...API_TOKEN_SCOPES] }, minItems: 1 }, (value) => {
    const scopes = [...new Set(Array.isArray(value) ? (value as unknown[]) : [])];
    if (scopes.length === 0) return "scopes must name at least one scope";
    const unknown = scopes.filter((s) => !(API_TOKEN_SCOPES as readonly unknown[]).includes(s));
    return unknown.length > 0 ? `Unknown scope ${unknown.join(", ")}; the scopes are ${API_TOKEN_SCOPES.join(", ")}` : null;
  });

@ArgsType()
export class ApiTokenCreateArgs {
  @Field(() => String, { description: "What the integration is called (1–100 characters)." })
  @TextOfLength(TOKEN_NAME_MAX_LENGTH)
  name!: string;

  @Field(() => [String], { description: 'What it may do: any of "orders:read", "orders:write", "webhooks:write", "catalog:read", "catalog:write", "promotions:write".' })
  @Scopes()
  scopes!: string[];
}
