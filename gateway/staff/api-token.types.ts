import { Field, GraphQLISODateTime, ID, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";

@ObjectType({ description: "An API token an integration uses in `Authorization: Bearer …` on /graphql. The token itself is shown only when it is made." })
export class ApiToken {
  @Field(() => ID, { description: "Id of the token." })
  id!: string;

  @Field(() => String, { description: "What the owner called it (the integration's name); history and audit entries name it token:<name>." })
  name!: string;

  @Field(() => [String], { description: 'What it may do: "orders:read", "orders:write", "webhooks:write".' })
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
