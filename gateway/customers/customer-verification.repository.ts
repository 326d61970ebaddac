import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";

/**
 * What proving an address changes on the account, inside the transaction of the proof (a link
 * used, Google's word): the password, the verified email, the address itself, and the guest orders
 * placed earlier with that address, which become the customer's only now.
 */
export class CustomerVerificationRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Runs `work` in one transaction. */
  transaction<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return this.db.transaction().execute(work);
  }

  async setPassword(trx: Transaction<Database>, customerId: string, passwordHash: string): Promise<void> {
    await trx.updateTable("customers").set({ password_hash: passwordHash, updated_at: sql<Date>`now()` }).where("id", "=", customerId).execute();
  }

  /**
   * Marks `email` verified when it is still the account's address (a link sent before a change of
   * email proves nothing about the new one), and attaches the guest orders placed with it. Answers
   * whether the account's address is verified now.
   */
  async markVerified(trx: Transaction<Database>, customerId: string, email: string): Promise<boolean> {
    const row = await trx
      .updateTable("customers")
      .set({ email_verified_at: sql<Date>`coalesce(email_verified_at, now())` })
      .where("id", "=", customerId)
      .where("email", "=", email)
      .returning("id")
      .executeTakeFirst();
    if (row) await this.attachGuestOrders(trx, customerId, email);
    return row !== undefined;
  }

  /** Whether another account signs in with `email`. */
  async emailTaken(trx: Transaction<Database>, email: string, exceptCustomerId: string): Promise<boolean> {
    const row = await trx.selectFrom("customers").select("id").where("email", "=", email).where("id", "!=", exceptCustomerId).executeTakeFirst();
    return row !== undefined;
  }

  /** The account's address becomes `email`, verified (its link was followed); its guest orders are attached. Answers the address before. */
  async changeEmail(trx: Transaction<Database>, customerId: string, email: string): Promise<string | null> {
    const before = await trx.selectFrom("customers").select("email").where("id", "=", customerId).forUpdate().executeTakeFirst();
    if (!before) return null;
    await trx
      .updateTable("customers")
      .set({ email, email_verified_at: sql<Date>`now()`, updated_at: sql<Date>`now()` })
      .where("id", "=", customerId)
      .execute();
    await this.attachGuestOrders(trx, customerId, email);
    return before.email;
  }

  /**
   * Orders placed as a guest with `email` (however it was typed) become the customer's. Not those
   * of a deleted account that still keep their contact data: a new account with the address starts empty.
   */
  private async attachGuestOrders(trx: Transaction<Database>, customerId: string, email: string): Promise<void> {
    await trx
      .updateTable("orders")
      .set({ customer_id: customerId })
      .where("customer_id", "is", null)
      .where("account_deleted_at", "is", null)
      .where(sql<string>`lower(email)`, "=", email)
      .execute();
  }
}
