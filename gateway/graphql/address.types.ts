import { Field, ObjectType } from "type-graphql";

/**
 * The fields of an address as it ships (shared/address.ts ShippingAddress) and as a label prints it:
 * one set of fields and descriptions for an order's address and an address-book entry. Registered
 * as an object type so that its subclasses inherit its fields; no field or argument returns it, so
 * the schema never lists it.
 */
@ObjectType({ description: "The fields every shipping address has." })
export abstract class ShippingAddressFields {
  @Field(() => String, { description: "Recipient's full name." })
  name!: string;

  @Field(() => String, { description: "Street address." })
  address1!: string;

  @Field(() => String, { nullable: true, description: "Second address line (apartment, suite, unit…); null when none was given." })
  address2!: string | null;

  @Field(() => String, { description: "City." })
  city!: string;

  @Field(() => String, {
    nullable: true,
    description:
      'The state, province or territory\'s name, e.g. "Illinois"; null for a country without one on the list (only the United States, Canada and Australia have one), and on orders placed before the shop asked for it.',
  })
  province!: string | null;

  @Field(() => String, { nullable: true, description: 'The state, province or territory\'s ISO 3166-2 code without the country, e.g. "IL" (of US-IL) or "ON" (of CA-ON); null when `province` is null.' })
  provinceCode!: string | null;

  @Field(() => String, { description: "Postal code, as the post writes it (letters upper-cased, the space where it goes)." })
  postalCode!: string;

  @Field(() => String, { description: 'The country\'s name, e.g. "United States".' })
  country!: string;

  @Field(() => String, { description: 'The country\'s ISO 3166-1 alpha-2 code, e.g. "US".' })
  countryCode!: string;

  @Field(() => String, { nullable: true, description: "Phone number for the courier; null when none was given." })
  phone!: string | null;

  @Field(() => [String], {
    description:
      'The address as a shipping label prints it, line by line: name, street, second line, the city line in the country\'s order ("Springfield, IL 62701", "Ottawa ON K1A 0B1", "10115 Berlin"), country. Without the phone.',
  })
  formatted!: string[];
}
