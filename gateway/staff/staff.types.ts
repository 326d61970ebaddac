import { Field, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { OptionalBoolean, RequiredString } from "../shared/validation.js";

export enum StaffRole {
  OWNER = "OWNER",
  STAFF = "STAFF",
}

registerEnumType(StaffRole, {
  name: "StaffRole",
  description: "What a staff member may do: an owner also manages API tokens, webhooks and reads the audit log.",
  valuesConfig: {
    OWNER: { description: "Runs the shop: everything staff do, plus API tokens, webhooks and the audit log." },
    STAFF: { description: "Works the orders: sees them and moves them through fulfilment." },
  },
});

@ObjectType({ description: "A member of the shop's staff (never a customer account)." })
export class StaffMember {
  @Field(() => ID, { description: "Id of the staff member." })
  id!: string;

  @Field(() => String, { description: "The email the staff member signs in with (lower-cased)." })
  email!: string;

  @Field(() => String, { description: "The staff member's name." })
  name!: string;

  @Field(() => StaffRole, { description: "Owner or staff." })
  role!: StaffRole;
}

@InputType({ description: "A staff member's email and password sign-in at /admin." })
export class StaffLoginInput {
  @Field(() => String, { description: "The staff member's email." })
  @RequiredString()
  email!: string;

  @Field(() => String, { description: "The staff member's password." })
  @RequiredString()
  password!: string;

  @Field(() => Boolean, { nullable: true, defaultValue: false, description: "Stay signed in for 30 days rather than the browser session." })
  @OptionalBoolean()
  rememberMe?: boolean;
}

@ObjectType({ description: "The result of a staff sign-in." })
export class StaffPayload {
  @Field(() => StaffMember, { nullable: true, description: "The signed-in staff member; null when it failed." })
  staff!: StaffMember | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}
