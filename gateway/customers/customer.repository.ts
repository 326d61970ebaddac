import type { Kysely, Selectable } from "kysely";
import type { CustomerTable, Database } from "../db/schema.js";
import type { CustomerRecord } from "./customer.records.js";

type CustomerRow = Selectable<CustomerTable>;

function toCustomer(row: CustomerRow): CustomerRecord {
  return {
    id: row.id,
    email: row.email,
    displayName: row.display_name,
    hasPassword: row.password_hash !== null,
    googleLinked: row.google_sub !== null,
    emailVerified: row.email_verified_at !== null,
    createdAt: new Date(row.created_at),
  };
}

export class CustomerRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async findById(id: string): Promise<CustomerRecord | null> {
    const row = await this.db.selectFrom("customers").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? toCustomer(row) : null;
  }

  /** The account and its password hash, for sign-in only. */
  async findCredentialsByEmail(email: string): Promise<{ customer: CustomerRecord; passwordHash: string | null } | null> {
    const row = await this.db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst();
    return row ? { customer: toCustomer(row), passwordHash: row.password_hash } : null;
  }

  async findPasswordHash(id: string): Promise<string | null> {
    const row = await this.db.selectFrom("customers").select("password_hash").where("id", "=", id).executeTakeFirst();
    return row?.password_hash ?? null;
  }

  async findByGoogleSubject(subject: string): Promise<CustomerRecord | null> {
    const row = await this.db.selectFrom("customers").selectAll().where("google_sub", "=", subject).executeTakeFirst();
    return row ? toCustomer(row) : null;
  }

  async findByEmail(email: string): Promise<CustomerRecord | null> {
    const row = await this.db.selectFrom("customers").selectAll().where("email", "=", email).executeTakeFirst();
    return row ? toCustomer(row) : null;
  }

  /** Inserts a customer; null when the email (or Google subject) is already taken. */
  async insert(values: {
    email: string;
    displayName: string | null;
    passwordHash: string | null;
    googleSubject: string | null;
    emailVerified?: boolean;
  }): Promise<CustomerRecord | null> {
    const row = await this.db
      .insertInto("customers")
      .values({
        email: values.email,
        display_name: values.displayName,
        password_hash: values.passwordHash,
        google_sub: values.googleSubject,
        email_verified_at: values.emailVerified ? new Date() : null,
      })
      .onConflict((oc) => oc.doNothing())
      .returningAll()
      .executeTakeFirst();
    return row ? toCustomer(row) : null;
  }

  async update(
    id: string,
    values: { displayName?: string | null; passwordHash?: string | null; googleSubject?: string },
  ): Promise<CustomerRecord | null> {
    const row = await this.db
      .updateTable("customers")
      .set({
        ...(values.displayName !== undefined ? { display_name: values.displayName } : {}),
        ...(values.passwordHash !== undefined ? { password_hash: values.passwordHash } : {}),
        ...(values.googleSubject !== undefined ? { google_sub: values.googleSubject } : {}),
        updated_at: new Date(),
      })
      .where("id", "=", id)
      .returningAll()
      .executeTakeFirst();
    return row ? toCustomer(row) : null;
  }
}
