import { ArgsType, Field, ID, InputType, Int, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { EmailAddress } from "../shared/email.js";
import { OptionalBoolean, RequiredString, TextOfLength, declareCheck } from "../shared/validation.js";
import { NewPassword } from "../customers/customer.types.js";
import { STAFF_NAME_MAX_LENGTH } from "./staff.records.js";
import { StaffMember, StaffRole } from "./staff.types.js";

export enum StaffInviteMethod {
  EMAIL_LINK = "EMAIL_LINK",
  ONE_TIME_PASSWORD = "ONE_TIME_PASSWORD",
}

registerEnumType(StaffInviteMethod, {
  name: "StaffInviteMethod",
  description: "How a new staff member gets in.",
  valuesConfig: {
    EMAIL_LINK: { description: "An email with a link to set their password (works once, within 72 hours)." },
    ONE_TIME_PASSWORD: { description: "A generated password, answered this once to hand over (only its hash is kept)." },
  },
});

const STAFF_ROLE_VALUES = [StaffRole.OWNER, StaffRole.STAFF] as const;
const Role = () =>
  declareCheck("staffRoleEnum", { enum: [...STAFF_ROLE_VALUES] }, (value, field) =>
    (STAFF_ROLE_VALUES as readonly unknown[]).includes(value) ? null : `${field} must be OWNER or STAFF`,
  );

/** Any text up to `max` characters (a code, a token): blank is "{field} is required". */
const Code = (max: number) =>
  declareCheck("staffCode", { type: "string", pattern: "\\S", maxLength: max }, (value, field) => {
    if (typeof value !== "string" || value.trim() === "") return `${field} is required`;
    return value.length > max ? `${field} must be at most ${max} characters` : null;
  });

@InputType({ description: "A new staff member, added by an owner." })
export class StaffMemberCreateInput {
  @Field(() => String, { description: "The email they sign in with (stored lower-cased)." })
  @EmailAddress({ blank: "invalid" })
  email!: string;

  @Field(() => String, { description: `Their name (1–${STAFF_NAME_MAX_LENGTH} characters).` })
  @TextOfLength(STAFF_NAME_MAX_LENGTH)
  name!: string;

  @Field(() => StaffRole, { description: "Owner or staff." })
  @Role()
  role!: StaffRole;

  @Field(() => StaffInviteMethod, { description: "An emailed set-password link, or a password answered once." })
  inviteMethod!: StaffInviteMethod;
}

@ObjectType({ description: "The result of adding a staff member." })
export class StaffMemberCreatePayload {
  @Field(() => StaffMember, { nullable: true, description: "The new member; null when it failed." })
  staffMember!: StaffMember | null;

  @Field(() => String, { nullable: true, description: "The generated password (ONE_TIME_PASSWORD only), answered this once: only its hash is kept. Null otherwise." })
  password!: string | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of changing a staff member." })
export class StaffMemberPayload {
  @Field(() => StaffMember, { nullable: true, description: "The member after the change; null when it failed." })
  staffMember!: StaffMember | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

@ArgsType()
export class StaffMemberIdArgs {
  @Field(() => ID, { description: "The staff member's id." })
  @RequiredString()
  id!: string;
}

@ArgsType()
export class StaffMemberUpdateRoleArgs {
  @Field(() => ID, { description: "The staff member's id." })
  @RequiredString()
  id!: string;

  @Field(() => StaffRole, { description: "Their new role. The last active owner cannot be made staff." })
  @Role()
  role!: StaffRole;
}

@ArgsType()
export class StaffPasswordResetRequestArgs {
  @Field(() => String, { description: "The staff email a reset link is for." })
  @EmailAddress({ blank: "invalid" })
  email!: string;
}

@ArgsType()
export class StaffPasswordResetArgs {
  @Field(() => String, { description: "The token of the emailed link (its `token` parameter)." })
  @Code(200)
  token!: string;

  @Field(() => String, { description: "The new password, at least 8 characters." })
  @NewPassword()
  password!: string;
}

@ObjectType({ description: "The result of a request that answers nothing more than that it was taken." })
export class StaffOkPayload {
  @Field(() => Boolean, { nullable: true, description: "True when it was taken; null when it failed." })
  ok!: boolean | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

@InputType({ description: "The second step of a staff sign-in: a code from the authenticator app, or a recovery code." })
export class StaffLoginTwoFactorInput {
  @Field(() => String, { description: "The six-digit code the authenticator app shows now, or one of the recovery codes (each works once)." })
  @Code(40)
  code!: string;
}

@ArgsType()
export class StaffTwoFactorCodeArgs {
  @Field(() => String, { description: "A current six-digit code from the authenticator app (or, where said, a recovery code)." })
  @Code(40)
  code!: string;
}

@ArgsType()
export class StaffTwoFactorRequirementArgs {
  @Field(() => Boolean, { description: "True: every staff member must use two-factor sign-in (those without it set it up at their next sign-in)." })
  @OptionalBoolean()
  required!: boolean;
}

@ObjectType({ description: "Setting up two-factor sign-in: what the authenticator app needs, shown this once." })
export class StaffTwoFactorSetup {
  @Field(() => String, { description: "The secret in base32, to type into the app when the QR code cannot be scanned." })
  secret!: string;

  @Field(() => String, { description: "The otpauth:// address the QR code holds." })
  otpauthUri!: string;

  @Field(() => String, { description: "The QR code of that address, as an SVG data URL (drawn by the shop, nothing sent elsewhere)." })
  qrCodeDataUrl!: string;
}

@ObjectType({ description: "The result of starting two-factor setup." })
export class StaffTwoFactorSetupPayload {
  @Field(() => StaffTwoFactorSetup, { nullable: true, description: "The secret and its QR code; null when it failed." })
  setup!: StaffTwoFactorSetup | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "Recovery codes, answered this once (only their hashes are kept)." })
export class StaffRecoveryCodesPayload {
  @Field(() => [String], { nullable: true, description: "Ten recovery codes, each usable once in place of an app code; null when it failed." })
  recoveryCodes!: string[] | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The signed-in staff member's two-factor sign-in." })
export class StaffSecurity {
  @Field(() => Boolean, { description: "Whether two-factor sign-in is on for them." })
  twoFactorEnabled!: boolean;

  @Field(() => Int, { description: "How many unused recovery codes they have." })
  recoveryCodesLeft!: number;

  @Field(() => Boolean, { description: "Whether the shop requires two-factor sign-in of every staff member." })
  twoFactorRequired!: boolean;
}

@ObjectType({ description: "The result of changing the shop's two-factor requirement." })
export class StaffTwoFactorRequirementPayload {
  @Field(() => Boolean, { nullable: true, description: "The requirement now; null when it failed." })
  required!: boolean | null;

  @Field(() => [UserError], { description: "Why it failed; empty on success." })
  userErrors!: UserError[];
}
