import { ArgsType, Field, GraphQLISODateTime, ID, Int, ObjectType } from "type-graphql";
import { ADMIN_PAGE_MAX, AdminOrderPageInfo, PageSize } from "./admin-page.types.js";
import { OptionalCursor } from "../shared/validation.js";

@ObjectType({ description: "One entry of the audit log: who changed what, when." })
export class AuditLogEntry {
  @Field(() => ID, { description: "Id of the entry." })
  id!: string;

  @Field(() => GraphQLISODateTime, { description: "When it happened." })
  at!: Date;

  @Field(() => String, { description: 'Who did it: "staff:<email>", "token:<name>", "system", "partner:<name>".' })
  actor!: string;

  @Field(() => String, { description: 'What was done, e.g. "fulfilled", "cancelled", "api_token_created".' })
  action!: string;

  @Field(() => ID, { nullable: true, description: "The order it was done to, when it was an order." })
  orderId!: string | null;

  @Field(() => Int, { nullable: true, description: "That order's number." })
  orderNumber!: number | null;

  @Field(() => String, { nullable: true, description: "More about it: the tracking, the reason, the token's name." })
  details!: string | null;
}

@ObjectType({ description: "A page of the audit log, newest first." })
export class AuditLogConnection {
  @Field(() => [AuditLogEntry], { description: "The entries of this page." })
  nodes!: AuditLogEntry[];

  @Field(() => AdminOrderPageInfo, { description: "Whether more follow, and the cursor to pass as `after` for them." })
  pageInfo!: AdminOrderPageInfo;
}

@ArgsType()
export class AuditLogArgs {
  @Field(() => Int, { defaultValue: 50, description: `How many entries (1–${ADMIN_PAGE_MAX}).` })
  @PageSize()
  first!: number;

  @Field(() => String, { nullable: true, description: "The endCursor of the previous page." })
  @OptionalCursor(40, /^[1-9][0-9]{0,17}$/, { emptyIsAbsent: false })
  after?: string | null;
}
