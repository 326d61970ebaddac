import { Field, GraphQLISODateTime, ID, InputType, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { EmailAddress } from "../shared/email.js";
import { OptionalBoolean, RequiredString, RequiredText, declareCheck } from "../shared/validation.js";
import { NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, newPasswordProblem } from "./customer.records.js";

// The account inputs, with their checks declared on the fields: GraphQL checks them on the way in,
// and the REST auth calls read their bodies through the same classes (auth.rest.ts).

/** A new password: required, PASSWORD_MIN_LENGTH to PASSWORD_MAX_LENGTH characters as typed (staff's too). */
export const NewPassword = () =>
  declareCheck("newPassword", { type: "string", minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH }, newPasswordProblem);

@ObjectType({ description: "The signed-in customer." })
export class Customer {
  @Field(() => ID, { description: "Id of the customer." })
  id!: string;

  @Field(() => String, { description: "The email the customer signs in with (lower-cased)." })
  email!: string;

  @Field(() => String, { nullable: true, description: "The name the shop greets the customer with; null when not set." })
  displayName!: string | null;

  @Field(() => Boolean, { description: "Whether the account has a password (accounts made with Google may not)." })
  hasPassword!: boolean;

  @Field(() => Boolean, { description: "Whether Google sign-in is linked to the account." })
  googleLinked!: boolean;

  @Field(() => GraphQLISODateTime, { description: "When the account was made." })
  createdAt!: Date;
}

@InputType({ description: "A new account." })
export class RegisterInput {
  @Field(() => String, { description: "The customer's name (1–100 characters)." })
  @RequiredText(NAME_MAX_LENGTH)
  name!: string;

  @Field(() => String, { description: "Email address; trimmed and lower-cased." })
  @EmailAddress()
  email!: string;

  @Field(() => String, { description: "Password, at least 8 characters." })
  @NewPassword()
  password!: string;
}

@InputType({ description: "Email and password sign-in." })
export class LoginInput {
  @Field(() => String, { description: "The account's email." })
  @RequiredString()
  email!: string;

  @Field(() => String, { description: "The account's password." })
  @RequiredString()
  password!: string;

  /** GraphQL always gives it (false by default); a REST body may leave it out. */
  @Field(() => Boolean, { defaultValue: false, description: "Keep the customer signed in for 30 days rather than the browser session." })
  @OptionalBoolean()
  rememberMe?: boolean;
}

@InputType({ description: "Changes to the customer's profile." })
export class CustomerUpdateInput {
  @Field(() => String, { description: "The new display name (1–100 characters)." })
  @RequiredText(NAME_MAX_LENGTH)
  displayName!: string;
}

@InputType({ description: "A password change." })
export class CustomerChangePasswordInput {
  @Field(() => String, { nullable: true, description: "The current password (required when the account has one)." })
  currentPassword?: string | null;

  @Field(() => String, { description: "The new password, at least 8 characters." })
  @NewPassword()
  newPassword!: string;
}

@ObjectType({ description: "The result of a mutation about the customer." })
export class CustomerPayload {
  @Field(() => Customer, { nullable: true, description: "The customer after the change; null when it failed." })
  customer!: Customer | null;

  @Field(() => [UserError], { description: "Why the mutation failed; empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of signing out." })
export class LogoutPayload {
  @Field(() => Boolean, { description: "True once the session is gone on the server." })
  ok!: boolean;

  @Field(() => [UserError], { description: "Why signing out failed; empty on success." })
  userErrors!: UserError[];
}
