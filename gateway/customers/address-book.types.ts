import { Field, ID, InputType, ObjectType } from "type-graphql";
import { ShippingAddressFields } from "../graphql/address.types.js";
import { UserError } from "../graphql/common.types.js";
import { Customer } from "./customer.types.js";

@ObjectType({
  description:
    "An address the signed-in customer keeps in their address book, checked as the checkout form checks a shipping address and kept as it ships. Checkout offers it to them; nobody else sees it.",
})
export class MailingAddress extends ShippingAddressFields {
  @Field(() => ID, { description: "Id of the saved address." })
  id!: string;

  @Field(() => Boolean, { description: "Whether this is the customer's default address (the one checkout fills in first)." })
  isDefault!: boolean;
}

@InputType({
  description:
    "An address for the address book: the same fields and checks as the checkout form's shipping address. Every field's refusal comes back at once, each naming its field (`address.postalCode`).",
})
export class MailingAddressInput {
  @Field(() => String, { description: "Recipient's full name (1–100 characters)." })
  name!: string;

  @Field(() => String, { description: "Street address (1–200 characters)." })
  address1!: string;

  @Field(() => String, { nullable: true, description: "Second address line (up to 200 characters); empty or null when none." })
  address2?: string | null;

  @Field(() => String, { description: "City (1–100 characters)." })
  city!: string;

  @Field(() => String, {
    nullable: true,
    description: 'The state, province or territory as an ISO 3166-2 code, with or without the country ("US-IL" or "IL"): required for the United States, Canada and Australia (see `shippingCountries`), empty or null elsewhere.',
  })
  provinceCode?: string | null;

  @Field(() => String, { description: "Postal code, by the country's rule (a US ZIP code like 12345 or 12345-6789, a UK postcode like SW1A 1AA…)." })
  postalCode!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 code of a country the shop ships to (see `shippingCountries`), e.g. "US".' })
  countryCode!: string;

  @Field(() => String, { nullable: true, description: "Phone number for the courier (7 to 20 digits; spaces, +, - and parentheses allowed); empty or null when none." })
  phone?: string | null;
}

@ObjectType({ description: "The result of saving a new address." })
export class CustomerAddressCreatePayload {
  @Field(() => MailingAddress, { nullable: true, description: "The address as saved; null when it failed." })
  customerAddress!: MailingAddress | null;

  @Field(() => Customer, { nullable: true, description: "The customer after the change (their addresses in order); null when it failed." })
  customer!: Customer | null;

  @Field(() => [UserError], { description: "Why the mutation failed (one per refused field, e.g. `address.postalCode`); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of changing a saved address." })
export class CustomerAddressUpdatePayload {
  @Field(() => MailingAddress, { nullable: true, description: "The address as saved; null when it failed." })
  customerAddress!: MailingAddress | null;

  @Field(() => Customer, { nullable: true, description: "The customer after the change (their addresses in order); null when it failed." })
  customer!: Customer | null;

  @Field(() => [UserError], { description: "Why the mutation failed (one per refused field, e.g. `address.postalCode`; NOT_FOUND on `id`); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of deleting a saved address." })
export class CustomerAddressDeletePayload {
  @Field(() => ID, { nullable: true, description: "Id of the address deleted; null when it failed." })
  deletedCustomerAddressId!: string | null;

  @Field(() => Customer, { nullable: true, description: "The customer after the change (the default may have moved to the newest remaining address); null when it failed." })
  customer!: Customer | null;

  @Field(() => [UserError], { description: "Why the mutation failed (NOT_FOUND on `id`); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "The result of choosing the default address." })
export class CustomerDefaultAddressUpdatePayload {
  @Field(() => Customer, { nullable: true, description: "The customer after the change; null when it failed." })
  customer!: Customer | null;

  @Field(() => [UserError], { description: "Why the mutation failed (NOT_FOUND on `addressId`); empty on success." })
  userErrors!: UserError[];
}

@ObjectType({ description: "A state, province or territory of a country the shop ships to." })
export class ShippingSubdivision {
  @Field(() => String, { description: 'Its ISO 3166-2 code without the country, e.g. "IL" (of US-IL).' })
  code!: string;

  @Field(() => String, { description: 'Its name, e.g. "Illinois".' })
  name!: string;
}

@ObjectType({ description: "A country the shop ships to, with what an address there needs (the checkout form's and the address book's one rule)." })
export class ShippingCountry {
  @Field(() => String, { description: 'ISO 3166-1 alpha-2 code, e.g. "US".' })
  code!: string;

  @Field(() => String, { description: 'Its name, e.g. "United States".' })
  name!: string;

  @Field(() => [ShippingSubdivision], { description: "The states, provinces or territories an address must name one of (United States, Canada, Australia); empty where none is asked." })
  subdivisions!: ShippingSubdivision[];

  @Field(() => String, { nullable: true, description: 'What the country calls them ("state", "province or territory"); null where none is asked.' })
  subdivisionLabel!: string | null;

  @Field(() => String, { description: 'What the country calls its postal code ("ZIP code", "postcode", "postal code").' })
  postalCodeLabel!: string;

  @Field(() => String, { nullable: true, description: 'An example of a valid postal code ("12345 or 12345-6789"); null where any 2 to 12 letters, digits, spaces and dashes will do.' })
  postalCodeExample!: string | null;
}
