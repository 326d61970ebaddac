import { ArgsType, Field, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { EmailAddress } from "../shared/email.js";

@ArgsType()
export class SubscribeNewsletterArgs {
  @Field(() => String, { description: "The address to send the newsletter to." })
  @EmailAddress()
  email!: string;
}

@ObjectType({ description: "The result of subscribing to the newsletter." })
export class SubscribeNewsletterPayload {
  @Field(() => String, {
    nullable: true,
    description: "The address now on the list (trimmed and lower-cased), also when it was there already; null when refused.",
  })
  email!: string | null;

  @Field(() => [UserError], { description: 'Why the address was refused (e.g. code "INVALID_INPUT", field "email"); empty on success.' })
  userErrors!: UserError[];
}
