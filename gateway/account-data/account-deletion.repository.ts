import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";

/** The account row as its deletion reads and removes it. */
export class AccountDeletionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's password hash (null for an account without one); undefined when there is no such account. */
  async findPasswordHash(customerId: string): Promise<string | null | undefined> {
    const row = await this.db.selectFrom("customers").select("password_hash").where("id", "=", customerId).executeTakeFirst();
    return row ? row.password_hash : undefined;
  }

  /** The account's email, its row locked until the deletion commits (two deletions queue); null when it is gone. */
  async lockAccount(customerId: string, trx: Transaction<Database>): Promise<{ email: string } | null> {
    const row = await trx.selectFrom("customers").select("email").where("id", "=", customerId).forUpdate().executeTakeFirst();
    return row ?? null;
  }

  /** Removes the account; its sessions (and saved addresses, links) go with it by their foreign keys' ON DELETE CASCADE. */
  async deleteAccount(customerId: string, trx: Transaction<Database>): Promise<void> {
    await trx.deleteFrom("customers").where("id", "=", customerId).execute();
  }
}
