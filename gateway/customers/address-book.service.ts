import type { Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import { checkAddress, SHIPPING_COUNTRIES, type AddressField, type ShippingAddress } from "../shared/address.js";
import { DomainError, InvalidFieldsError, notSignedIn } from "../shared/errors.js";
import { isUuid } from "../shared/ids.js";
import type { AddressBookRepository } from "./address-book.repository.js";
import { MAX_SAVED_ADDRESSES, type SavedAddress } from "./address-book.records.js";

/** An address as an API caller gives it: the country and the state or province by their ISO codes. */
export interface AddressBookInput {
  name: string;
  address1: string;
  address2?: string | null;
  city: string;
  /** ISO 3166-2, with or without the country ("US-IL" or "IL"); required where the country has a list. */
  provinceCode?: string | null;
  postalCode: string;
  /** ISO 3166-1 alpha-2 ("US"). */
  countryCode: string;
  phone?: string | null;
}

/** The input's field each of the address check's fields is about (errors name "address.<field>"). */
const INPUT_FIELDS: Record<AddressField, keyof AddressBookInput> = {
  name: "name",
  address1: "address1",
  address2: "address2",
  city: "city",
  province: "provinceCode",
  postalCode: "postalCode",
  country: "countryCode",
  phone: "phone",
};

const notFound = (field: string) => new DomainError("NOT_FOUND", "Address not found", field);

/** The same fields, the same values: saving it again would only add a copy. */
const sameAddress = (a: ShippingAddress, b: ShippingAddress) =>
  (["name", "address1", "address2", "city", "provinceCode", "postalCode", "countryCode", "phone"] as const).every((key) => a[key] === b[key]);

/**
 * A customer's address book: the same checks as the checkout form's shipping address (one function,
 * shared/address.ts), at most MAX_SAVED_ADDRESSES, exactly one default while there are any (the first
 * saved becomes it; deleting it makes the newest remaining one the default). Every change runs under
 * the customer's row lock; an address id that is malformed or not the customer's is "not found".
 */
export class AddressBookService {
  constructor(private readonly repository: AddressBookRepository) {}

  /** The default first, then the newest. */
  list(customerId: string): Promise<SavedAddress[]> {
    return this.repository.findAllForCustomer(customerId);
  }

  findDefault(customerId: string): Promise<SavedAddress | null> {
    return this.repository.findDefaultForCustomer(customerId);
  }

  /** The book as the account's data download lists it (account-data's SavedAddressesExport): the default first, dates as ISO strings. */
  async addressesForExport(customerId: string): Promise<Record<string, unknown>[]> {
    const addresses = await this.list(customerId);
    return addresses.map(({ createdAt, updatedAt, ...address }) => ({ ...address, createdAt: createdAt.toISOString(), updatedAt: updatedAt.toISOString() }));
  }

  /** The customer's address of this id; null when it is malformed or names someone else's (or nothing). */
  async find(customerId: string, id: string): Promise<SavedAddress | null> {
    return isUuid(id) ? this.repository.findOneForCustomer(customerId, id) : null;
  }

  async create(customerId: string, input: AddressBookInput, setAsDefault: boolean): Promise<SavedAddress> {
    const address = checked(input);
    return this.repository.transaction(async (trx) => {
      if (!(await this.repository.lockCustomer(customerId, trx))) throw notSignedIn();
      const count = await this.repository.countForCustomer(customerId, trx);
      if (count >= MAX_SAVED_ADDRESSES) {
        throw new DomainError("CONFLICT", `You can keep up to ${MAX_SAVED_ADDRESSES} addresses. Delete one to add another.`);
      }
      const saved = await this.repository.insert(customerId, address, false, trx);
      if (setAsDefault || count === 0) await this.repository.makeDefault(customerId, saved.id, trx);
      return { ...saved, isDefault: setAsDefault || count === 0 };
    });
  }

  /** Replaces every field of the address; `setAsDefault` makes it the default (false leaves the default as it is). */
  async update(customerId: string, id: string, input: AddressBookInput, setAsDefault: boolean): Promise<SavedAddress> {
    if (!isUuid(id)) throw notFound("id");
    const address = checked(input);
    return this.repository.transaction(async (trx) => {
      if (!(await this.repository.lockCustomer(customerId, trx))) throw notSignedIn();
      const updated = await this.repository.update(customerId, id, address, trx);
      if (!updated) throw notFound("id");
      if (setAsDefault && !updated.isDefault) await this.repository.makeDefault(customerId, id, trx);
      return { ...updated, isDefault: updated.isDefault || setAsDefault };
    });
  }

  /** Deletes the address; when it was the default, the newest remaining one becomes the default. Answers its id. */
  async delete(customerId: string, id: string): Promise<string> {
    if (!isUuid(id)) throw notFound("id");
    return this.repository.transaction(async (trx) => {
      if (!(await this.repository.lockCustomer(customerId, trx))) throw notSignedIn();
      const deleted = await this.repository.delete(customerId, id, trx);
      if (!deleted) throw notFound("id");
      if (deleted.wasDefault) {
        const next = await this.repository.findNewestId(customerId, trx);
        if (next) await this.repository.makeDefault(customerId, next, trx);
      }
      return id;
    });
  }

  async setDefault(customerId: string, addressId: string): Promise<SavedAddress> {
    if (!isUuid(addressId)) throw notFound("addressId");
    return this.repository.transaction(async (trx) => {
      if (!(await this.repository.lockCustomer(customerId, trx))) throw notSignedIn();
      if (!(await this.repository.makeDefault(customerId, addressId, trx))) throw notFound("addressId");
      return (await this.repository.findOneForCustomer(customerId, addressId, trx))!;
    });
  }

  /**
   * A paid checkout's address, kept because the signed-in shopper ticked "Save this address" (in
   * the order's transaction). Never throws for the book's sake: an address already saved is not
   * saved twice, and a full book keeps what it has (false). The first address becomes the default.
   */
  async saveFromCheckout(customerId: string, address: ShippingAddress, trx: Transaction<Database>): Promise<boolean> {
    if (!(await this.repository.lockCustomer(customerId, trx))) return false;
    const existing = await this.repository.findAllForCustomer(customerId, trx);
    if (existing.some((saved) => sameAddress(saved, address))) return true;
    if (existing.length >= MAX_SAVED_ADDRESSES) return false;
    const saved = await this.repository.insert(customerId, address, false, trx);
    if (existing.length === 0) await this.repository.makeDefault(customerId, saved.id, trx);
    return true;
  }
}

/** The address as it ships, or every field's refusal at once (each named "address.<field>"). */
function checked(input: AddressBookInput): ShippingAddress {
  const code = input.countryCode.trim().toUpperCase();
  const result = checkAddress({
    name: input.name,
    address1: input.address1,
    address2: input.address2 ?? "",
    city: input.city,
    province: input.provinceCode ?? "",
    postalCode: input.postalCode,
    country: SHIPPING_COUNTRIES.find((c) => c.code === code)?.name ?? "",
    phone: input.phone ?? "",
  });
  if (result.ok) return result.address;
  const fields = (Object.keys(INPUT_FIELDS) as AddressField[]).filter((f) => result.errors[f]);
  throw new InvalidFieldsError(fields.map((f) => ({ field: `address.${INPUT_FIELDS[f]}`, message: result.errors[f]! })));
}
