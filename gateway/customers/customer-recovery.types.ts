import { ArgsType, Field, InputType, ObjectType, registerEnumType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { EmailAddress } from "../shared/email.js";
import { RequiredString } from "../shared/validation.js";
import { NewPassword } from "./customer.types.js";

@ArgsType()
export class CustomerRecoverArgs {
  @Field(() => String, { description: "The email of the account whose password is forgotten." })
  @EmailAddress({ blank: "invalid" })
  email!: string;
}

@InputType({ description: "A new password set by an emailed reset link." })
export class CustomerResetInput {
  @Field(() => String, { description: "The token of the emailed link (its `token` parameter)." })
  @RequiredString()
  token!: string;

  @Field(() => String, { description: "The new password, at least 8 characters." })
  @NewPassword()
  password!: string;
}

@InputType({ description: "An emailed verification link followed." })
export class CustomerActivateInput {
  @Field(() => String, { description: "The token of the emailed link (its `token` parameter)." })
  @RequiredString()
  token!: string;
}

@InputType({ description: "A change of the account's email; it takes effect once the new address is verified." })
export class CustomerEmailUpdateInput {
  @Field(() => String, { description: "The new email address; trimmed and lower-cased." })
  @EmailAddress()
  email!: string;

  @Field(() => String, { nullable: true, description: "The current password (required when the account has one; an account without one approves the change by email)." })
  currentPassword?: string | null;
}

@ObjectType({ description: "The answer to a reset request: the same whether or not an account has the email." })
export class CustomerRecoverPayload {
  @Field(() => Boolean, { nullable: true, description: "True when the request was taken (an email is on its way if the address has an account); null when it failed." })
  ok!: boolean | null;

  @Field(() => [UserError], { description: "Why the request was refused (an invalid email, too many requests); empty on success." })
  userErrors!: UserError[];
}

export enum CustomerActivationOutcome {
  EMAIL_VERIFIED = "email-verified",
  EMAIL_CHANGED = "email-changed",
  EMAIL_CHANGE_APPROVED = "email-change-approved",
}

registerEnumType(CustomerActivationOutcome, {
  name: "CustomerActivationOutcome",
  description: "What following an emailed link did.",
  valuesConfig: {
    EMAIL_VERIFIED: { description: "The account's email is verified." },
    EMAIL_CHANGED: { description: "The new address is verified and is the account's email now." },
    EMAIL_CHANGE_APPROVED: { description: "The current address approved a change of email: a link went to the new address, which changes the email once followed." },
  },
});

@ObjectType({ description: "The result of following an emailed verification link." })
export class CustomerActivatePayload {
  @Field(() => CustomerActivationOutcome, { nullable: true, description: "What the link did; null when it failed." })
  outcome!: CustomerActivationOutcome | null;

  @Field(() => String, { nullable: true, description: "The address the link verified (the new one for a change of email); null when it failed." })
  email!: string | null;

  @Field(() => [UserError], {
    description: "Why the link did not work: TOKEN_INVALID (unknown, altered or replaced), TOKEN_EXPIRED, TOKEN_USED, or CONFLICT (the new address was taken meanwhile); empty on success.",
  })
  userErrors!: UserError[];
}
