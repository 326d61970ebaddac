import { sql, type Kysely } from "kysely";
import type { Database } from "../db/schema.js";

export type StaffTokenPurpose = "reset" | "invitation";

/** A link asked for, as its email needs it when it is written. */
export interface MintedStaffToken {
  staffId: string;
  email: string;
  name: string;
  purpose: StaffTokenPurpose;
  expiresAt: Date;
}

/**
 * Password-reset and invitation links. A row is made when the link is asked for, without a token;
 * the token is minted when the email is written, and only its SHA-256 is kept.
 */
export class StaffTokenRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** A new link for the member; the member's earlier unused links stop working (one valid link at a time). */
  async create(staffId: string, purpose: StaffTokenPurpose, expiresAt: Date): Promise<string> {
    return this.db.transaction().execute(async (trx) => {
      await trx.updateTable("staff_password_tokens").set({ used_at: sql<Date>`now()` }).where("staff_id", "=", staffId).where("used_at", "is", null).execute();
      const row = await trx
        .insertInto("staff_password_tokens")
        .values({ staff_id: staffId, purpose, expires_at: expiresAt })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    });
  }

  /**
   * Keeps `tokenHash` as the link's token (replacing a token minted before, which stops working),
   * when the link is unused, unexpired and its member not disabled; null otherwise.
   */
  async mint(id: string, tokenHash: string): Promise<MintedStaffToken | null> {
    const row = await this.db
      .updateTable("staff_password_tokens")
      .set({ token_hash: tokenHash })
      .from("staff_members")
      .whereRef("staff_members.id", "=", "staff_password_tokens.staff_id")
      .where("staff_password_tokens.id", "=", id)
      .where("staff_password_tokens.used_at", "is", null)
      .where("staff_password_tokens.expires_at", ">", sql<Date>`now()`)
      .where("staff_members.disabled_at", "is", null)
      .returning(["staff_members.id as staff_id", "staff_members.email", "staff_members.name", "staff_password_tokens.purpose", "staff_password_tokens.expires_at"])
      .executeTakeFirst();
    return row ? { staffId: row.staff_id, email: row.email, name: row.name, purpose: row.purpose, expiresAt: new Date(row.expires_at) } : null;
  }

  /**
   * Uses the link whose token hashes to `tokenHash` and sets the member's password, in one
   * transaction: once only, before it expires, for a member who is not disabled; every other
   * unused link of the member ends too. Answers the member's id and email, or null.
   */
  async consume(tokenHash: string, passwordHash: string): Promise<{ staffId: string; email: string; purpose: StaffTokenPurpose } | null> {
    return this.db.transaction().execute(async (trx) => {
      const used = await trx
        .updateTable("staff_password_tokens")
        .set({ used_at: sql<Date>`now()` })
        .where("token_hash", "=", tokenHash)
        .where("used_at", "is", null)
        .where("expires_at", ">", sql<Date>`now()`)
        .returning(["staff_id", "purpose"])
        .executeTakeFirst();
      if (!used) return null;
      const member = await trx
        .updateTable("staff_members")
        .set({ password_hash: passwordHash, updated_at: sql<Date>`now()` })
        .where("id", "=", used.staff_id)
        .where("disabled_at", "is", null)
        .returning(["id", "email"])
        .executeTakeFirst();
      if (!member) return null;
      await trx.updateTable("staff_password_tokens").set({ used_at: sql<Date>`now()` }).where("staff_id", "=", member.id).where("used_at", "is", null).execute();
      return { staffId: member.id, email: member.email, purpose: used.purpose };
    });
  }
}
