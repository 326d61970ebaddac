import { sql, type Kysely, type Transaction } from "kysely";
import type { CustomerLinkPurpose, Database } from "../db/schema.js";

export type { CustomerLinkPurpose };

/** A link asked for, as its email needs it when it is written. */
export interface MintedCustomerLink {
  purpose: CustomerLinkPurpose;
  /** The address the link proves (the new one, for a change of email). */
  email: string;
  /** The account's email now. */
  accountEmail: string;
  displayName: string | null;
  expiresAt: Date;
}

/** The link a token named, while it is being used (inside its transaction). */
export interface CustomerLinkInUse {
  id: string;
  customerId: string;
  purpose: CustomerLinkPurpose;
  email: string;
}

interface NewCustomerLink {
  customerId: string;
  purpose: CustomerLinkPurpose;
  email: string;
  expiresAt: Date;
}

/** What became of a token: the link used (and what its use answered), or why it could not be. */
export type LinkOutcome<T> = { status: "used"; value: T } | { status: "unknown" | "expired" | "used-before" };

/**
 * Customers' emailed links. A row is made when the link is asked for, without a token; the token is
 * minted when the email is written and only its SHA-256 kept. Asking again ends the customer's
 * unused link of that purpose (one valid link per customer and purpose); following one uses it.
 */
export class CustomerLinkRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new link; the customer's earlier unused link of the purpose stops working. */
  create(link: NewCustomerLink): Promise<string> {
    return this.db.transaction().execute((trx) => this.createIn(link, trx));
  }

  /** As create, in the caller's transaction. */
  async createIn(link: NewCustomerLink, trx: Transaction<Database>): Promise<string> {
    await this.end(trx, link.customerId, [link.purpose]);
    const row = await trx
      .insertInto("customer_links")
      .values({ customer_id: link.customerId, purpose: link.purpose, email: link.email, expires_at: link.expiresAt })
      .returning("id")
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Keeps `tokenHash` as the link's token (a token minted before stops working) while it is unused and unexpired; null otherwise. */
  async mint(id: string, tokenHash: string): Promise<MintedCustomerLink | null> {
    const row = await this.db
      .updateTable("customer_links")
      .set({ token_hash: tokenHash })
      .from("customers")
      .whereRef("customers.id", "=", "customer_links.customer_id")
      .where("customer_links.id", "=", id)
      .where("customer_links.used_at", "is", null)
      .where("customer_links.expires_at", ">", sql<Date>`now()`)
      .returning(["customer_links.purpose", "customer_links.email", "customers.email as account_email", "customers.display_name", "customer_links.expires_at"])
      .executeTakeFirst();
    return row
      ? { purpose: row.purpose, email: row.email, accountEmail: row.account_email, displayName: row.display_name, expiresAt: new Date(row.expires_at) }
      : null;
  }

  /**
   * Uses the link whose token hashes to `tokenHash`, when it is one of `purposes`, unused and
   * unexpired, and runs `use` in the same transaction (a DomainError thrown there leaves the link
   * unused and nothing changed). Otherwise answers why not, as far as the stored rows can tell.
   */
  async consume<T>(
    tokenHash: string,
    purposes: readonly CustomerLinkPurpose[],
    use: (trx: Transaction<Database>, link: CustomerLinkInUse) => Promise<T>,
  ): Promise<LinkOutcome<T>> {
    return this.db.transaction().execute(async (trx): Promise<LinkOutcome<T>> => {
      const row = await trx
        .selectFrom("customer_links")
        .select(["id", "customer_id", "purpose", "email", "used_at", sql<boolean>`expires_at <= now()`.as("expired")])
        .where("token_hash", "=", tokenHash)
        .forUpdate()
        .executeTakeFirst();
      if (!row || !purposes.includes(row.purpose)) return { status: "unknown" };
      if (row.used_at !== null) return { status: "used-before" };
      if (row.expired) return { status: "expired" };
      await trx.updateTable("customer_links").set({ used_at: sql<Date>`now()` }).where("id", "=", row.id).execute();
      const value = await use(trx, { id: row.id, customerId: row.customer_id, purpose: row.purpose, email: row.email });
      return { status: "used", value };
    });
  }

  /** Ends the customer's unused links of these purposes. */
  async end(trx: Transaction<Database>, customerId: string, purposes: readonly CustomerLinkPurpose[]): Promise<void> {
    await trx
      .updateTable("customer_links")
      .set({ used_at: sql<Date>`now()` })
      .where("customer_id", "=", customerId)
      .where("purpose", "in", [...purposes])
      .where("used_at", "is", null)
      .execute();
  }

  /** The new address an unfinished change of email waits to verify (its newest link still working), or null. */
  async pendingEmail(customerId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom("customer_links")
      .select("email")
      .where("customer_id", "=", customerId)
      .where("purpose", "in", ["change_email", "confirm_email_change"])
      .where("used_at", "is", null)
      .where("expires_at", ">", sql<Date>`now()`)
      .orderBy("created_at", "desc")
      .limit(1)
      .executeTakeFirst();
    return row?.email ?? null;
  }
}
