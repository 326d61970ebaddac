import { Field, ID, InputType, Int, ObjectType } from "type-graphql";
import { UserError } from "../graphql/common.types.js";
import { RequiredString } from "../shared/validation.js";

@InputType({ description: "Confirms the deletion of the signed-in customer's account." })
export class CustomerDeleteInput {
  @Field(() => String, { nullable: true, description: "The account's current password (required; an account without one confirms from an emailed link instead)." })
  currentPassword?: string | null;
}

@ObjectType({ description: "The result of deleting the signed-in customer's account." })
export class CustomerDeletePayload {
  @Field(() => ID, { nullable: true, description: "Id of the account that was deleted; null when nothing was deleted." })
  deletedCustomerId!: string | null;

  @Field(() => Int, { nullable: true, description: "Orders kept for the shop's books whose email, name, street and phone were erased at once (closed more than 30 days ago); null when nothing was deleted." })
  ordersErased!: number | null;

  @Field(() => Int, { nullable: true, description: "Orders keeping their contact data for now (not yet shipped, or within the 30-day return window), erased once it has passed; null when nothing was deleted." })
  ordersKeptForNow!: number | null;

  @Field(() => [UserError], { description: "Why the account was not deleted (currentPassword missing or wrong); empty on success." })
  userErrors!: UserError[];
}

@InputType({ description: "Confirms an account's deletion by the emailed link." })
export class CustomerDeleteConfirmInput {
  @Field(() => String, { description: "The token of the emailed link (its `token` parameter)." })
  @RequiredString()
  token!: string;
}

@ObjectType({ description: "The result of asking for the account-deletion email." })
export class CustomerDeleteRequestPayload {
  @Field(() => String, { nullable: true, description: "The address the confirmation link was sent to; null when nothing was sent." })
  sentTo!: string | null;

  @Field(() => [UserError], { description: "Why nothing was sent (too many requests); empty on success." })
  userErrors!: UserError[];
}
