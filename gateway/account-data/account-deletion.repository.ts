import type { Kysely, Transaction } from "kysely";
import type { Database } from "../db/schema.js";

/** The account row as its deletion reads and removes it. */
export class AccountDeletionRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The account's email and password hash (null for an account without one); null when there is no such account. */
  async findAccount(customerId: string): Promise<{ email: string; passwordHash: string | null } | null> {
    const row = await this.db.selectFrom("customers").select(["email", "password_hash"]).where("id", "=", customerId).executeTakeFirst();
    return row ? { email: row.email, passwordHash: row.password_hash } : null;
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
