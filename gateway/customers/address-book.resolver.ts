import { Arg, Authorized, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from "type-graphql";
import type { GraphQLContext } from "../graphql/context.js";
import { addressLines, SHIPPING_COUNTRIES } from "../shared/address.js";
import { notSignedIn } from "../shared/errors.js";
import type { SavedAddress } from "./address-book.records.js";
import {
  CustomerAddressCreatePayload,
  CustomerAddressDeletePayload,
  CustomerAddressUpdatePayload,
  CustomerDefaultAddressUpdatePayload,
  MailingAddress,
  MailingAddressInput,
  ShippingCountry,
} from "./address-book.types.js";
import { Customer } from "./customer.types.js";

const toMailingAddress = (address: SavedAddress): MailingAddress => ({ ...address, formatted: addressLines(address) });

/** The signed-in customer after a change, for the payload (the client's cache follows). */
async function signedInCustomer(ctx: GraphQLContext): Promise<Customer> {
  const customer = await ctx.services.customers.findById(ctx.customerId!);
  if (!customer) throw notSignedIn();
  return customer;
}

// The address book (customers/address-book.service.ts): Customer.addresses and defaultAddress, and
// the mutations with Shopify's names. A refusal throws a DomainError, which the error boundary
// answers as the payload's userErrors (an address's every refused field at once).
@Resolver(() => Customer)
export class AddressBookResolver {
  @FieldResolver(() => [MailingAddress], { description: "The customer's saved addresses: the default first, then the newest. At most 20." })
  async addresses(@Root() customer: Customer, @Ctx() ctx: GraphQLContext): Promise<MailingAddress[]> {
    if (customer.id !== ctx.customerId) return [];
    return (await ctx.services.addressBook.list(customer.id)).map(toMailingAddress);
  }

  @FieldResolver(() => MailingAddress, { nullable: true, description: "The address checkout fills in first; null when the customer has saved none." })
  async defaultAddress(@Root() customer: Customer, @Ctx() ctx: GraphQLContext): Promise<MailingAddress | null> {
    if (customer.id !== ctx.customerId) return null;
    const found = await ctx.services.addressBook.findDefault(customer.id);
    return found ? toMailingAddress(found) : null;
  }

  @Query(() => [ShippingCountry], { description: "The countries the shop ships to, in the checkout form's order, with their states or provinces and postal-code names." })
  shippingCountries(): ShippingCountry[] {
    return SHIPPING_COUNTRIES.map((c) => ({
      code: c.code,
      name: c.name,
      subdivisions: c.subdivisions ? c.subdivisions.list.map((s) => ({ code: s.code, name: s.name })) : [],
      subdivisionLabel: c.subdivisions?.noun ?? null,
      postalCodeLabel: c.postal.noun,
      postalCodeExample: c.postal.example || null,
    }));
  }

  @Mutation(() => CustomerAddressCreatePayload, {
    description: "Saves a new address to the signed-in customer's address book (at most 20). The first address saved becomes the default.",
  })
  @Authorized()
  async customerAddressCreate(
    @Arg("address", () => MailingAddressInput, { description: "The address." }) address: MailingAddressInput,
    @Arg("setAsDefault", () => Boolean, { defaultValue: false, description: "Make it the default address." }) setAsDefault: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerAddressCreatePayload> {
    const saved = await ctx.services.addressBook.create(ctx.customerId!, address, setAsDefault);
    return { customerAddress: toMailingAddress(saved), customer: await signedInCustomer(ctx), userErrors: [] };
  }

  @Mutation(() => CustomerAddressUpdatePayload, { description: "Replaces every field of one of the signed-in customer's saved addresses." })
  @Authorized()
  async customerAddressUpdate(
    @Arg("id", () => ID, { description: "Id of the saved address." }) id: string,
    @Arg("address", () => MailingAddressInput, { description: "The address's new fields (all of them)." }) address: MailingAddressInput,
    @Arg("setAsDefault", () => Boolean, { defaultValue: false, description: "Make it the default address (false leaves the default as it is)." }) setAsDefault: boolean,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerAddressUpdatePayload> {
    const saved = await ctx.services.addressBook.update(ctx.customerId!, id, address, setAsDefault);
    return { customerAddress: toMailingAddress(saved), customer: await signedInCustomer(ctx), userErrors: [] };
  }

  @Mutation(() => CustomerAddressDeletePayload, { description: "Deletes one of the signed-in customer's saved addresses; when it was the default, the newest remaining address becomes the default." })
  @Authorized()
  async customerAddressDelete(@Arg("id", () => ID, { description: "Id of the saved address." }) id: string, @Ctx() ctx: GraphQLContext): Promise<CustomerAddressDeletePayload> {
    const deleted = await ctx.services.addressBook.delete(ctx.customerId!, id);
    return { deletedCustomerAddressId: deleted, customer: await signedInCustomer(ctx), userErrors: [] };
  }

  @Mutation(() => CustomerDefaultAddressUpdatePayload, { description: "Makes one of the signed-in customer's saved addresses the default." })
  @Authorized()
  async customerDefaultAddressUpdate(
    @Arg("addressId", () => ID, { description: "Id of the saved address." }) addressId: string,
    @Ctx() ctx: GraphQLContext,
  ): Promise<CustomerDefaultAddressUpdatePayload> {
    await ctx.services.addressBook.setDefault(ctx.customerId!, addressId);
    return { customer: await signedInCustomer(ctx), userErrors: [] };
  }
}
