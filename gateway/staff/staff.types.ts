import { Field, GraphQLISODateTime, ID, InputType, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import type { StaffRole as StaffRoleName } from "../shared/actor.js";
import { EmailAddress } from "../shared/email.js";
import { OptionalBoolean, RequiredString, TextOfLength, declareCheck } from "../shared/validation.js";
import { NewPassword } from "../customers/customer.types.js";
import { STAFF_NAME_MAX_LENGTH } from "./staff.records.js";

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

export enum StaffStatus {
  ACTIVE = "ACTIVE",
  DISABLED = "DISABLED",
  INVITED = "INVITED",
}

registerEnumType(StaffStatus, {
  name: "StaffStatus",
  description: "Whether a staff member can sign in.",
  valuesConfig: {
    ACTIVE: { description: "Can sign in." },
    DISABLED: { description: "Disabled by an owner: sign-in refused, no session." },
    INVITED: { description: "Added with an emailed link and has not set a password yet." },
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

  @Field(() => StaffStatus, { description: "Active, disabled or invited." })
  status!: StaffStatus;

  @Field(() => Boolean, { description: "Whether two-factor sign-in (an authenticator app) is on." })
  twoFactorEnabled!: boolean;

  @Field(() => Boolean, {
    description: "True when the shop requires two-factor sign-in and this member has none: at sign-in they may only set it up.",
  })
  twoFactorSetupRequired!: boolean;

  @Field(() => GraphQLISODateTime, { nullable: true, description: "Their last completed sign-in; null when never." })
  lastSignInAt!: Date | null;

  @Field(() => GraphQLISODateTime, { description: "When they were added." })
  createdAt!: Date;
}

@InputType({ description: "A staff member's email and password sign-in at /admin." })
export class StaffLoginInput {
  @Field(() => String, { description: "The staff member's email." })
  @RequiredString()
  email!: string;

  @Field(() => String, { description: "The staff member's password." })
  @RequiredString()
  password!: string;

  @Field(() => Boolean, {
    nullable: true,
    defaultValue: false,
    description: "Keep the cookie after the browser closes. A staff session still ends after 12 idle hours and 7 days after sign-in.",
  })
  @OptionalBoolean()
  rememberMe?: boolean;
}

@ObjectType({ description: "The result of a staff sign-in." })
export class StaffPayload {
  @Field(() => StaffMember, { nullable: true, description: "The signed-in staff member; null when it failed or a second step is due." })
  staff!: StaffMember | null;

  @Field(() => Boolean, {
    nullable: true,
    description: "True when the password was right and a two-factor code is due: send it with staffLoginTwoFactor within 5 minutes (no session with powers until then).",
  })
  twoFactorRequired!: boolean | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

const STAFF_ROLES: readonly StaffRoleName[] = ["owner", "staff"];

const Role = () =>
  declareCheck("staffRole", { enum: [...STAFF_ROLES] }, (value, field) => (STAFF_ROLES.includes(value as StaffRoleName) ? null : `${field} must be "owner" or "staff"`));

/**
 * A new staff member, as the command line (`npm run staff:add`), the gateway's staff socket and
 * SHOP_OWNER_EMAIL at start-up hand it to StaffService.create: each reads it through this class.
 */
export class StaffMemberInput {
  @EmailAddress({ blank: "invalid" })
  email!: string;

  @TextOfLength(STAFF_NAME_MAX_LENGTH)
  name!: string;

  @Role()
  role!: StaffRoleName;

  @NewPassword()
  password!: string;
}
