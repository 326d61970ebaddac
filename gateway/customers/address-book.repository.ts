import type { Kysely, Selectable, Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { ShippingAddress } from "../shared/address.js";
import type { SavedAddress } from "./address-book.records.js";

type Db = Kysely<Database> | Transaction<Database>;
type AddressRow = Selectable<Database["customer_addresses"]>;

const COLUMNS = [
  "id",
  "name",
  "address1",
  "address2",
  "city",
  "province",
  "province_code",
  "postal_code",
  "country",
  "country_code",
  "phone",
  "is_default",
  "created_at",
  "updated_at",
] as const;

function toSavedAddress(row: Pick<AddressRow, (typeof COLUMNS)[number]>): SavedAddress {
  return {
    id: row.id,
    name: row.name,
    address1: row.address1,
    address2: row.address2,
    city: row.city,
    province: row.province,
    provinceCode: row.province_code,
    postalCode: row.postal_code,
    country: row.country,
    countryCode: row.country_code,
    phone: row.phone,
    isDefault: row.is_default,
    createdAt: new Date(row.created_at),
    updatedAt: new Date(row.updated_at),
  };
}

function toColumns(address: ShippingAddress) {
  return {
    name: address.name,
    address1: address.address1,
    address2: address.address2,
    city: address.city,
    province: address.province,
    province_code: address.provinceCode,
    postal_code: address.postalCode,
    country: address.country,
    country_code: address.countryCode,
    phone: address.phone,
  };
}

/** Customers' saved addresses. Every read and write names the customer: an id alone never reaches a row. */
export class AddressBookRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction (every change to a book: its customer's lock, then the rows). */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  /**
   * Locks the customer's row for the rest of the transaction, so changes to one book run one at a
   * time (the cap and the one default hold under concurrent requests); false when there is no such customer.
   */
  async lockCustomer(customerId: string, trx: Transaction<Database>): Promise<boolean> {
    const row = await trx.selectFrom("customers").select("id").where("id", "=", customerId).forUpdate().executeTakeFirst();
    return row !== undefined;
  }

  /** The customer's addresses: the default first, then the newest. */
  async findAllForCustomer(customerId: string, db: Db = this.db): Promise<SavedAddress[]> {
    const rows = await db
      .selectFrom("customer_addresses")
      .select(COLUMNS)
      .where("customer_id", "=", customerId)
      .orderBy("is_default", "desc")
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .execute();
    return rows.map(toSavedAddress);
  }

  async findDefaultForCustomer(customerId: string): Promise<SavedAddress | null> {
    const row = await this.db
      .selectFrom("customer_addresses")
      .select(COLUMNS)
      .where("customer_id", "=", customerId)
      .where("is_default", "=", true)
      .executeTakeFirst();
    return row ? toSavedAddress(row) : null;
  }

  async findOneForCustomer(customerId: string, id: string, db: Db = this.db): Promise<SavedAddress | null> {
    const row = await db.selectFrom("customer_addresses").select(COLUMNS).where("customer_id", "=", customerId).where("id", "=", id).executeTakeFirst();
    return row ? toSavedAddress(row) : null;
  }

  async countForCustomer(customerId: string, trx: Transaction<Database>): Promise<number> {
    const row = await trx.selectFrom("customer_addresses").select((eb) => eb.fn.countAll<string>().as("count")).where("customer_id", "=", customerId).executeTakeFirstOrThrow();
    return Number(row.count);
  }

  async insert(customerId: string, address: ShippingAddress, isDefault: boolean, trx: Transaction<Database>): Promise<SavedAddress> {
    const row = await trx
      .insertInto("customer_addresses")
      .values({ customer_id: customerId, ...toColumns(address), is_default: isDefault })
      .returning(COLUMNS)
      .executeTakeFirstOrThrow();
    return toSavedAddress(row);
  }

  /** Replaces the address's fields; null when the customer has no address of this id. */
  async update(customerId: string, id: string, address: ShippingAddress, trx: Transaction<Database>): Promise<SavedAddress | null> {
    const row = await trx
      .updateTable("customer_addresses")
      .set({ ...toColumns(address), updated_at: new Date() })
      .where("customer_id", "=", customerId)
      .where("id", "=", id)
      .returning(COLUMNS)
      .executeTakeFirst();
    return row ? toSavedAddress(row) : null;
  }

  /** Deletes the address; null when the customer has no address of this id. */
  async delete(customerId: string, id: string, trx: Transaction<Database>): Promise<{ wasDefault: boolean } | null> {
    const row = await trx.deleteFrom("customer_addresses").where("customer_id", "=", customerId).where("id", "=", id).returning("is_default").executeTakeFirst();
    return row ? { wasDefault: row.is_default } : null;
  }

  /**
   * Makes this address the customer's default (the one before it no longer is): two statements, so
   * the partial unique index never sees two defaults. False when the customer has no address of this id.
   */
  async makeDefault(customerId: string, id: string, trx: Transaction<Database>): Promise<boolean> {
    await trx.updateTable("customer_addresses").set({ is_default: false }).where("customer_id", "=", customerId).where("is_default", "=", true).where("id", "!=", id).execute();
    const made = await trx.updateTable("customer_addresses").set({ is_default: true }).where("customer_id", "=", customerId).where("id", "=", id).executeTakeFirst();
    return made.numUpdatedRows > 0n;
  }

  /** The id of the customer's newest address, or null when the book is empty. */
  async findNewestId(customerId: string, trx: Transaction<Database>): Promise<string | null> {
    const row = await trx.selectFrom("customer_addresses").select("id").where("customer_id", "=", customerId).orderBy("created_at", "desc").orderBy("id", "desc").executeTakeFirst();
    return row?.id ?? null;
  }
}
